import type { Config } from "./config.js";
import { type Coin, parseCoin } from "./coins.js";
import type { NodeClient } from "./node-client.js";

/** What the service learns about its chain at start and publishes at `GET /info`. */
export interface ChainContext {
  readonly chainId: string;
  readonly prefix: string;
  readonly denoms: readonly { base: string; display: string; exponent: number }[];
  readonly defaultDenom: string;
  readonly defaultFee: Coin;
  readonly defaultGas: bigint;
}

/** Asks the node for chain id, prefix and denoms; the default denom is the default fee's. */
export async function loadChainContext(node: NodeClient, config: Config): Promise<ChainContext> {
  const status = await node.status();
  const prefix = config.prefix ?? (await node.bech32Prefix());
  const denoms = await node.denoms();
  const fee = parseCoin(config.defaultFee, "", "defaultFee", true);
  if (!fee.denom) throw new Error(`--default-fee must name its denom, like "500${denoms[0]?.base ?? "ucomet"}"`);
  if (!denoms.some((d) => d.base === fee.denom)) denoms.push({ base: fee.denom, display: fee.denom, exponent: 0 });
  return { chainId: status.chainId, prefix, denoms, defaultDenom: fee.denom, defaultFee: fee, defaultGas: BigInt(config.defaultGas) };
}

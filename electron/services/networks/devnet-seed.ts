import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import type { Network } from "../../../shared/contract/network.js";

/** The part of `.devnet/devnet.json` (devnet/lib/state.ts) the app reads. */
const DevnetJson = z.object({
  chainId: z.string(),
  bech32Prefix: z.string(),
  denom: z.string(),
  stakeDenom: z.string(),
  /** The nodes' minimum gas price ("0.0025ucomet"). */
  minGasPrice: z.string().regex(/^\d+(\.\d+)?[a-z][a-z0-9/]*$/).optional(),
  nodes: z.array(z.object({ rpc: z.url() })).min(1),
  access: z.object({ url: z.url(), token: z.string().min(1) }).optional(),
  accounts: z.array(z.object({ name: z.string().regex(/^[a-z0-9]{1,32}$/), address: z.string(), mnemonic: z.string().min(1) })).default([]),
  /** The keys that made the validators' gentxs: each operates one of the devnet's validators. */
  validators: z.array(z.object({ name: z.string().regex(/^[a-z0-9]{1,32}$/), address: z.string(), mnemonic: z.string().min(1) })).default([]),
});

/** A funded, public, test-only devnet key. Its mnemonic stays in main. */
export interface DemoKey {
  readonly name: string;
  readonly address: string;
  readonly mnemonic: string;
  /** The key operates one of the devnet's validators (its account is the validator's operator). */
  readonly operator: boolean;
}

export const DEVNET_ID = "devnet";

export interface DevnetSeed {
  readonly network: Network;
  /** The access service's dev token, destined for the token store, never for the network list. */
  readonly token: string | undefined;
  /** The devnet's demo accounts, offered at first run; mnemonics never leave main. */
  readonly demoKeys: readonly DemoKey[];
}

/** "Local devnet" from devnet.json, or undefined when there is none or it does not parse. */
export function devnetSeed(path: string | undefined): DevnetSeed | undefined {
  if (!path || !existsSync(path)) return undefined;
  let info: z.infer<typeof DevnetJson>;
  try {
    info = DevnetJson.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    return undefined; // the devnet tool rewrites it on the next `up`
  }
  return {
    network: {
      id: DEVNET_ID,
      name: "Local devnet",
      chainId: info.chainId,
      accessUrl: info.access?.url.replace(/\/+$/, "") ?? null,
      rpcUrls: info.nodes.map((n) => n.rpc),
      bech32Prefix: info.bech32Prefix,
      denoms: [
        { base: info.denom, display: info.denom.replace(/^u/, "").toUpperCase(), exponent: 6 },
        { base: info.stakeDenom, display: info.stakeDenom.replace(/^u/, "").toUpperCase(), exponent: 6 },
      ],
      defaultDenom: info.denom,
      gasPrices: gasPricesOf(info.minGasPrice),
      rpcVia: info.access ? "access" : "direct",
      source: "devnet",
    },
    token: info.access?.token,
    // The validators' own keys too, so the operator's side (My validator) can be tried on the
    // devnet without digging a mnemonic out of devnet.json; a name is offered once.
    demoKeys: [
      ...info.accounts.map((a) => ({ ...a, operator: false })),
      ...info.validators.filter((v) => !info.accounts.some((a) => a.name === v.name)).map((v) => ({ ...v, operator: true })),
    ],
  };
}

/** The devnet's minimum gas price as the low tier, twice and four times it above. */
function gasPricesOf(minGasPrice: string | undefined): Network["gasPrices"] {
  const match = minGasPrice ? /^(\d+(?:\.\d+)?)(.+)$/.exec(minGasPrice) : null;
  if (!match) return undefined;
  const low = Number(match[1]);
  const text = (n: number) => n.toFixed(18).replace(/0+$/, "").replace(/\.$/, "");
  return { denom: match[2]!, low: text(low), average: text(low * 2), high: text(low * 4) };
}

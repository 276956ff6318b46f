import { z } from "zod";

/**
 * Per-node settings that differ from the devnet's, for tests of public nodes as they are run:
 * `COMETDESK_DEVNET_NODE_OVERRIDES='{"1":{"indexer":"null","minimumGasPrices":"0.05ucomet"}}'`
 * starts node 1 without a transaction index and with a higher minimum gas price than the others.
 */
const Override = z.strictObject({
  /** CometBFT's `tx_index.indexer` (config.toml): "null" runs the node without an index. */
  indexer: z.enum(["kv", "null"]).optional(),
  /** The SDK's `minimum-gas-prices` (app.toml): CheckTx refuses a lower fee ("insufficient fee"). */
  minimumGasPrices: z.string().regex(/^\d+(\.\d+)?[a-z][a-z0-9/]*$/).optional(),
});
export type NodeOverride = z.infer<typeof Override>;
const Overrides = z.record(z.string().regex(/^\d+$/), Override);

/** Node `index`'s overrides from the environment; none when unset. A malformed value is refused in words. */
export function nodeOverride(index: number, env: NodeJS.ProcessEnv = process.env): NodeOverride {
  const text = env.COMETDESK_DEVNET_NODE_OVERRIDES;
  if (!text) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("COMETDESK_DEVNET_NODE_OVERRIDES is not JSON");
  }
  const parsed = Overrides.safeParse(json);
  if (!parsed.success) throw new Error(`COMETDESK_DEVNET_NODE_OVERRIDES: ${parsed.error.issues[0]?.message ?? "unexpected shape"}`);
  return parsed.data[String(index)] ?? {};
}

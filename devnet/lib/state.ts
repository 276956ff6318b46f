import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { DevnetError } from "./errors.js";
import type { Layout } from "./layout.js";

/** The shape of `.devnet/devnet.json`, which tools and tests read. */
export const DevnetInfoSchema = z.object({
  /** The chain variant (devnet/lib/variants.ts) and the versions its module is built on. */
  variant: z.string(),
  sdkVersion: z.string(),
  cometbftVersion: z.string(),
  chainId: z.string(),
  bech32Prefix: z.string(),
  denom: z.string(),
  stakeDenom: z.string(),
  minGasPrice: z.string(),
  blockTime: z.string(),
  nodes: z
    .array(
      z.object({
        moniker: z.string(),
        rpc: z.url(),
        api: z.url(),
        grpc: z.string(),
        p2p: z.string(),
        nodeId: z.string(),
        home: z.string(),
        log: z.string(),
      }),
    )
    .min(1),
  accounts: z.array(z.object({ name: z.string(), address: z.string(), mnemonic: z.string() })),
  validators: z.array(z.object({ name: z.string(), address: z.string(), mnemonic: z.string() })),
  access: z.object({ url: z.url(), token: z.string() }).optional(),
});
export type DevnetInfo = z.infer<typeof DevnetInfoSchema>;

export function readDevnetInfo(layout: Layout): DevnetInfo | undefined {
  if (!existsSync(layout.devnetJson)) return undefined;
  const parsed = DevnetInfoSchema.safeParse(JSON.parse(readFileSync(layout.devnetJson, "utf8")));
  if (parsed.success) return parsed.data;
  // Such as a file an older checkout wrote, before the fields it lacks existed.
  throw new DevnetError(
    `${layout.devnetJson} is not in the shape this checkout writes (${parsed.error.issues.map((i) => i.path.join(".") || "(root)").join(", ")})`,
    "Run `npm run devnet -- up` to rewrite it.",
  );
}

/** Written to a temporary file and renamed, so a reader never sees half a file. */
export function writeDevnetInfo(layout: Layout, info: DevnetInfo): void {
  const tmp = `${layout.devnetJson}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(DevnetInfoSchema.parse(info), null, 2)}\n`);
  renameSync(tmp, layout.devnetJson);
}

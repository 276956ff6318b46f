import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { repoRoot } from "./layout.js";

const KeySchema = z.object({
  name: z.string().regex(/^[a-z0-9]+$/),
  address: z.string().startsWith("cosmos1"),
  mnemonic: z.string().min(1),
});
const AccountsFileSchema = z.object({
  WARNING: z.string(),
  accounts: z.array(KeySchema).min(5),
  validators: z.array(KeySchema).min(4),
});

export type DevnetKey = z.infer<typeof KeySchema>;
export type AccountsFile = z.infer<typeof AccountsFileSchema>;

/** The fixed, public, test-only keys of devnet/accounts.json. */
export function loadAccounts(): AccountsFile {
  const text = readFileSync(join(repoRoot, "devnet", "accounts.json"), "utf8");
  return AccountsFileSchema.parse(JSON.parse(text));
}

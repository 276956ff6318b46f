import { join } from "node:path";
import { z } from "zod";
import { Base64String, Id, IsoTime } from "../../../shared/primitives.js";
import { EXTERNAL_ACCOUNT_KINDS } from "../../../shared/wallet/account-kinds.js";
import { ConflictError, NotFoundError } from "../app-error.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";

/** The index the wallet lists an external account under: past every index the vault can derive at (2^31 − 1). */
export const EXTERNAL_INDEX_BASE = 2 ** 31;

/**
 * One account whose key is not in the vault: what it is (kind), where (network id, address),
 * its name, its public key when known, and what its kind needs to sign: a Ledger's HD path, a
 * multisig's members and threshold. Nothing in it is secret.
 */
export const ExternalAccount = z.object({
  /** Its place among the external accounts, for good: the wallet lists it at index 2^31 + slot. */
  slot: z.number().int().min(0).max(2 ** 31 - 1),
  kind: z.enum(EXTERNAL_ACCOUNT_KINDS),
  networkId: Id,
  address: z.string().min(1).max(128),
  label: z.string().min(1).max(64),
  /** The compressed public key (base64) for a single key; a multisig's amino-encoded LegacyAminoPubKey; "" when unknown (an address alone). */
  pubKey: Base64String.max(8_192),
  ledger: z.object({ hdPath: z.string().max(80), coinType: z.number().int().min(0).max(2 ** 31 - 1) }).optional(),
  multisig: z.object({
    threshold: z.number().int().min(1).max(20),
    /** Each member's compressed secp256k1 public key, base64, in the order the multisig key lists them. */
    members: z.array(z.object({ pubKey: Base64String.max(200), label: z.string().max(64).optional() })).min(1).max(20),
  }).optional(),
  createdAt: IsoTime,
});
export type ExternalAccount = z.infer<typeof ExternalAccount>;

const AccountsFile = z.object({ version: z.literal(1), accounts: z.array(ExternalAccount).max(10_000) });

/** What a caller gives to add one: the store assigns its slot and time. */
export type NewExternalAccount = Omit<ExternalAccount, "slot" | "createdAt">;

/**
 * The accounts kept outside the vault (`external-accounts.json`): Ledger, watch-only and
 * multisig records, each change written atomically and fsynced (temp file, rename), read through
 * zod; a file that does not parse is kept aside and reported, and the list starts empty.
 */
export function openExternalAccounts(dataDir: string, problems?: ProblemLog) {
  const path = join(dataDir, "external-accounts.json");
  const read = readJsonFile(path, AccountsFile);
  if (read.status === "corrupt") problems?.add({ file: "external-accounts.json", keptAs: read.keptAs, reason: read.reason });
  let accounts: readonly ExternalAccount[] = read.status === "ok" ? read.value.accounts : [];
  const listeners = new Set<() => void>();
  const commit = (next: readonly ExternalAccount[]) => {
    writeFileAtomic(path, JSON.stringify(AccountsFile.parse({ version: 1, accounts: next }), null, 2));
    accounts = next; // only after the write: a failed write leaves memory and disk agreeing
    listeners.forEach((l) => l());
  };
  return {
    list: (): readonly ExternalAccount[] => accounts,
    /** The accounts of one network, in the order they were added. */
    onNetwork: (networkId: string): readonly ExternalAccount[] => accounts.filter((a) => a.networkId === networkId),
    /** Adds an account; one already kept for that network and address is refused in words. */
    add(account: NewExternalAccount): ExternalAccount {
      const record = ExternalAccount.parse({ ...account, slot: 0, createdAt: new Date().toISOString() });
      const same = accounts.find((a) => a.networkId === record.networkId && a.address === record.address);
      if (same) throw new ConflictError(`${record.address} is already in the wallet on this network, as "${same.label}" (${same.kind})`);
      const added = { ...record, slot: accounts.reduce((max, a) => Math.max(max, a.slot + 1), 0) };
      commit([...accounts, added]);
      return added;
    },
    remove(networkId: string, address: string): void {
      if (!accounts.some((a) => a.networkId === networkId && a.address === address)) throw new NotFoundError(`no account ${address} kept outside the vault on this network`);
      commit(accounts.filter((a) => !(a.networkId === networkId && a.address === address)));
    },
    /** Called after every change (the renderer's account list is refetched). */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ExternalAccounts = ReturnType<typeof openExternalAccounts>;

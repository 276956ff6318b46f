import { z } from "zod";
import { Base64String, Bech32Address, Id, NoArgs } from "../primitives.js";
import { KEY_ALGOS } from "../network/key-facts.js";
import { method } from "./method.js";
import { MAX_PASSWORD, MIN_PASSWORD } from "../wallet/password-rules.js";
import { ACCOUNT_KINDS } from "../wallet/account-kinds.js";
import { MAX_LEDGER_INDEX } from "../wallet/ledger-app.js";
import { MAX_CLI_ARMOR } from "../wallet/cli-key-limits.js";

/** Passwords cross once, renderer to main, and are never stored or echoed. */
const Password = z.string().min(1).max(MAX_PASSWORD);
const NewPassword = z.string().min(MIN_PASSWORD, `use at least ${MIN_PASSWORD} characters`).max(MAX_PASSWORD);
const Mnemonic = z.string().min(1).max(1024);

/**
 * Where the indexes of keys imported into the vault start (`kind: "imported"`): past every BIP44
 * account index (below 2^31) and every account kept outside the vault (2^31 + its slot), so one
 * number names any account of the wallet, as the account switcher keeps it.
 */
export const IMPORTED_INDEX_BASE = 2 ** 40;

/**
 * An account the wallet lists on the selected network. `index` picks it (the vault's phrase
 * accounts count from 0; accounts kept outside the vault from 2^31; imported keys from 2^40). `kind` says what signs for it
 * (shared/wallet/account-kinds.ts); an answer without one is the vault's. A watch-only address
 * may have no public key yet (""): none is known until the chain has seen it sign.
 */
export const WalletAccount = z.object({
  index: z.number().int().min(0),
  label: z.string(),
  address: z.string(),
  pubKey: Base64String,
  kind: z.enum(ACCOUNT_KINDS).default("vault"),
  /** A multisig's threshold and number of members, for its badge ("Multisig 2/3"). */
  multisig: z.object({ threshold: z.number().int().min(1), members: z.number().int().min(1) }).optional(),
});
export type WalletAccount = z.infer<typeof WalletAccount>;

export const WalletStatus = z.object({
  exists: z.boolean(),
  locked: z.boolean(),
  accountCount: z.number().int(),
  autoLockMs: z.number().int(),
});
export type WalletStatus = z.infer<typeof WalletStatus>;

const Accounts = z.object({ accounts: z.array(WalletAccount) });

/**
 * What a network's keys mean for the wallet, said once per network: its keys are not the
 * m/44'/118'/… secp256k1 keys every network had, so the same phrase has another address there.
 */
export const KeyNotice = z.object({
  networkId: Id,
  /** The coin type the keys are derived at (the user's path's, when they gave one). */
  coinType: z.number().int().min(0),
  keyAlgo: z.enum(KEY_ALGOS),
  /** The path of the first account, as derived. */
  path: z.string(),
  /** The first account's address on that network. */
  address: z.string(),
});
export type KeyNotice = z.infer<typeof KeyNotice>;

/** A public, test-only account of the local devnet: name and address, never its mnemonic; `operator` when it operates one of its validators. */
export const DemoAccount = z.object({ name: z.string(), address: z.string(), operator: z.boolean() });
export type DemoAccount = z.infer<typeof DemoAccount>;

/**
 * `wallet.*`: the encrypted key vault in main. Addresses come out; private keys and signatures
 * never do (main signs only the requests it builds, in `tx.submit`). The recovery phrase comes
 * out in exactly two answers, for the user's own backup: `create` (once, to write down) and
 * `reveal` (with the password typed again).
 */
export const walletMethods = {
  status: method(NoArgs, WalletStatus),
  /** Creates a vault with a new mnemonic, shown once here so the user can write it down. */
  create: method(z.strictObject({ password: NewPassword, words: z.union([z.literal(12), z.literal(24)]).default(24) }), Accounts.extend({ mnemonic: z.string() })),
  import: method(z.strictObject({ mnemonic: Mnemonic, password: NewPassword }), Accounts),
  /** The local devnet's demo accounts (empty without a devnet), for one-click onboarding. */
  demoAccounts: method(NoArgs, z.object({ accounts: z.array(DemoAccount) })),
  /** Creates the vault from a devnet demo account's key, which main reads from devnet.json. */
  importDemo: method(z.strictObject({ name: z.string().regex(/^[a-z0-9]{1,32}$/), password: NewPassword }), Accounts),
  unlock: method(z.strictObject({ password: Password }), WalletStatus),
  lock: method(NoArgs, WalletStatus),
  /**
   * The user is at the window (keys, pointer, wheel; the window sends it at most every 15 s):
   * the idle time before the vault locks itself runs from the user's last input.
   */
  activity: method(NoArgs, WalletStatus),
  accounts: method(NoArgs, Accounts),
  addAccount: method(z.strictObject({ label: z.string().max(64).optional() }), WalletAccount),
  /** The mnemonic, only with the password typed again (even while unlocked). */
  reveal: method(z.strictObject({ password: Password }), z.object({ mnemonic: z.string() })),
  changePassword: method(z.strictObject({ oldPassword: Password, newPassword: NewPassword }), WalletStatus),
  /**
   * The network's key notice while the user has not dismissed it: null for a network whose keys are
   * the m/44'/118'/… secp256k1 ones, without a wallet, or while it is locked (no address to show).
   */
  keyNotice: method(z.strictObject({ networkId: Id }), z.object({ notice: KeyNotice.nullable() })),
  /** The user read it: it is not shown again for that network. */
  dismissKeyNotice: method(z.strictObject({ networkId: Id }), z.object({ dismissed: z.literal(true) })),
  /**
   * Adds a Ledger account on a network (its coin type and prefix): main reads the key at
   * m/44'/<coin type>'/0'/0/<index>, shows its address on the device and adds it once the user
   * confirms it there. Progress ("Confirm on your Ledger") arrives as `ledger.progress` events.
   */
  addLedgerAccount: method(z.strictObject({ networkId: Id, index: z.number().int().min(0).max(MAX_LEDGER_INDEX), label: z.string().min(1).max(64).optional() }), WalletAccount),
  /** Shows a Ledger account's address on the device again, and checks the device still holds its key. */
  showLedgerAddress: method(z.strictObject({ networkId: Id, address: Bech32Address }), z.object({ address: z.string(), path: z.string() })),
  /**
   * Adds a private key exported by a node's CLI to the unlocked vault: the armor of
   * `simd keys export <name>` with its passphrase, or the hex of `--unarmored-hex --unsafe`.
   */
  importCliKey: method(
    z.strictObject({
      armor: z.string().max(MAX_CLI_ARMOR, "a key file is under 4 KB: this is not one").optional(),
      hex: z.string().max(200).optional(),
      passphrase: z.string().max(MAX_PASSWORD).default(""),
      label: z.string().trim().min(1).max(64),
    }).refine((a) => (a.armor === undefined) !== (a.hex === undefined), "give either the armored key or its hex, not both"),
    WalletAccount,
  ),
  /**
   * An account's key as the armor `simd keys import <name> <file>` reads, encrypted with the
   * user's passphrase; the vault password typed again. In the app main saves it (a save dialog)
   * and answers the path; without a dialog (browser mode) the armor comes back to be downloaded.
   */
  exportCliKey: method(
    z.strictObject({ address: Bech32Address, password: Password, passphrase: z.string().min(8, "use a passphrase of at least 8 characters").max(72, "bcrypt reads at most 72 characters") }),
    z.object({ saved: z.boolean(), path: z.string().optional(), armor: z.string().optional(), filename: z.string() }),
  ),
  /** An address's bank balances on the selected network, per base denom. */
  balances: method(z.strictObject({ address: Bech32Address }), z.object({ balances: z.array(z.object({ denom: z.string(), amount: z.string() })) })),
};

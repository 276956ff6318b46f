import { existsSync } from "node:fs";
import { join } from "node:path";
import { pubkeyToAddress, encodeSecp256k1Pubkey, makeCosmoshubPath, Secp256k1HdWallet, type StdSignDoc } from "@cosmjs/amino";
import type { SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { generateMnemonic, validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import type { WalletAccount, WalletStatus } from "../../../shared/contract/wallet.js";
import { aminoSignerRefusal } from "../../../shared/cosmos/amino-signers.js";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { phraseWordCountProblem } from "../../../shared/wallet/phrase-words.js";
import { AppError } from "../app-error.js";
import type { EventHub } from "../event-hub.js";
import type { ProblemLog } from "../storage/problems.js";
import { deriveKey, newKey, openWithKey, sealWithKey } from "./vault-crypto.js";
import { WalletExistsError, WalletLockedError, WalletMissingError } from "./vault-errors.js";
import { associatedData, type PublicAccount, readVaultFile, Secret, type VaultFile, writeVaultFile } from "./vault-file.js";

/**
 * What is wrong with a recovery phrase (lower case, one space between words), or undefined: its
 * word count, the first word not in the BIP39 list (by its place, since the phrase is a secret),
 * or its checksum.
 */
function mnemonicProblem(phrase: string): string | undefined {
  const count = phraseWordCountProblem(phrase);
  if (count) return count;
  const unknown = phrase.split(" ").findIndex((word) => !wordlist.includes(word));
  if (unknown >= 0) return `Word ${unknown + 1} is not a BIP39 word: check its spelling.`;
  if (!validateMnemonic(phrase, wordlist)) return "Each word is a BIP39 word, but together they fail the phrase's checksum: a word is wrong or out of order.";
  return undefined;
}

export interface VaultOptions {
  readonly dataDir: string;
  /** The selected network's bech32 prefix: addresses are shown for it. */
  readonly prefix: () => string;
  /** Idle time before the vault locks itself; 0 never. Read at each touch. */
  readonly autoLockMs: () => number;
  readonly events: EventHub;
  /** Where a wallet file that does not parse is reported (it is kept aside, never deleted). */
  readonly problems?: ProblemLog;
}

interface Unlocked {
  readonly mnemonic: string;
  readonly key: Uint8Array;
}

/**
 * The key vault (see docs and vault-crypto.ts for the sealing). Private keys never leave this
 * module; the mnemonic leaves it only as the answer of `create` and `reveal`, for the user to
 * write down, and signatures only to main's sender (tx/send.ts), never to the renderer.
 */
export type Vault = ReturnType<typeof openVault>;

export function openVault(options: VaultOptions) {
  const path = join(options.dataDir, "vault.json");
  let unlocked: Unlocked | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** The write under way; vault writes run one after another (see `exclusive`). */
  let writing: Promise<unknown> = Promise.resolve();

  const file = (): VaultFile => readVaultFile(path, options.problems) ?? fail(new WalletMissingError());

  /**
   * Runs a vault write after the ones before it. Without this, two `create` calls at once both
   * find no vault (key derivation awaits in between) and both write: one caller is then shown a
   * recovery phrase that is not the one stored.
   */
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = writing.then(work, work);
    writing = run.catch(() => undefined);
    return run;
  }
  const exists = () => existsSync(path);

  const toAccount = (a: PublicAccount): WalletAccount => ({
    index: a.index,
    label: a.label,
    pubKey: a.pubKey,
    address: pubkeyToAddress(encodeSecp256k1Pubkey(Buffer.from(a.pubKey, "base64")), options.prefix()),
  });

  async function publicAccount(mnemonic: string, index: number, label: string): Promise<PublicAccount> {
    const wallet = await Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix: options.prefix(), hdPaths: [makeCosmoshubPath(index)] });
    const [account] = await wallet.getAccounts();
    return { index, label, pubKey: Buffer.from(account!.pubkey).toString("base64") };
  }

  function touch(): void {
    clearTimeout(timer);
    const ms = options.autoLockMs();
    if (unlocked && ms > 0) timer = setTimeout(() => lock("idle"), ms).unref();
  }

  function lock(reason: "user" | "idle"): WalletStatus {
    const was = unlocked;
    unlocked?.key.fill(0);
    unlocked = undefined; // the mnemonic string is dropped; JS cannot wipe string memory
    clearTimeout(timer);
    if (was) options.events.emit("wallet.lockChanged", { locked: true, reason });
    return status();
  }

  function status(): WalletStatus {
    const present = exists();
    return { exists: present, locked: !unlocked, accountCount: present ? file().accounts.length : 0, autoLockMs: options.autoLockMs() };
  }

  async function store(mnemonic: string, password: string): Promise<WalletAccount[]> {
    if (exists()) throw new WalletExistsError();
    const accounts = [await publicAccount(mnemonic, 0, "Account 1")];
    const { kdf, key } = await newKey(password);
    const secret = new TextEncoder().encode(JSON.stringify({ mnemonic }));
    writeVaultFile(path, { version: 1, accounts, sealed: sealWithKey(key, kdf, secret, associatedData(accounts)) });
    unlocked = { mnemonic, key };
    options.events.emit("wallet.lockChanged", { locked: false, reason: "unlock" });
    touch();
    return accounts.map(toAccount);
  }

  /** Opens the file with `password`: wrong password, altered bytes and sub-floor KDFs all fail. */
  async function openFile(password: string): Promise<Unlocked & { file: VaultFile }> {
    const f = file();
    const key = await deriveKey(password, f.sealed.kdf);
    const plain = openWithKey(key, f.sealed, associatedData(f.accounts));
    const secret = Secret.parse(JSON.parse(new TextDecoder().decode(plain)));
    return { mnemonic: secret.mnemonic, key, file: f };
  }

  function requireUnlocked(): Unlocked {
    if (!unlocked) throw new WalletLockedError();
    touch();
    return unlocked;
  }

  return {
    status,
    lock: () => lock("user"),
    async create(password: string, words: 12 | 24) {
      const mnemonic = generateMnemonic(wordlist, words === 24 ? 256 : 128);
      return { mnemonic, accounts: await exclusive(() => store(mnemonic, password)) };
    },
    async import(mnemonic: string, password: string) {
      const normalized = mnemonic.trim().toLowerCase().split(/\s+/).join(" ");
      const problem = mnemonicProblem(normalized);
      if (problem) throw new AppError(ERROR_CODES.invalidMnemonic, problem);
      return { accounts: await exclusive(() => store(normalized, password)) };
    },
    async unlock(password: string) {
      const opened = await openFile(password);
      unlocked?.key.fill(0);
      unlocked = { mnemonic: opened.mnemonic, key: opened.key };
      options.events.emit("wallet.lockChanged", { locked: false, reason: "unlock" });
      touch();
      return status();
    },
    accounts: () => (exists() ? file().accounts.map(toAccount) : []),
    addAccount: (label: string | undefined) => exclusive(async () => {
      const { mnemonic, key } = requireUnlocked();
      const f = file();
      const index = Math.max(...f.accounts.map((a) => a.index)) + 1;
      const account = await publicAccount(mnemonic, index, label ?? `Account ${index + 1}`);
      const accounts = [...f.accounts, account];
      const secret = new TextEncoder().encode(JSON.stringify({ mnemonic }));
      writeVaultFile(path, { version: 1, accounts, sealed: sealWithKey(key, f.sealed.kdf, secret, associatedData(accounts)) });
      return toAccount(account);
    }),
    /** The password is checked against the file even while unlocked: a walk-up attacker must know it. */
    async reveal(password: string) {
      const opened = await openFile(password);
      opened.key.fill(0);
      touch();
      return { mnemonic: opened.mnemonic };
    },
    changePassword: (oldPassword: string, newPassword: string) => exclusive(async () => {
      const opened = await openFile(oldPassword);
      opened.key.fill(0);
      const { kdf, key } = await newKey(newPassword);
      const secret = new TextEncoder().encode(JSON.stringify({ mnemonic: opened.mnemonic }));
      writeVaultFile(path, { ...opened.file, sealed: sealWithKey(key, kdf, secret, associatedData(opened.file.accounts)) });
      unlocked?.key.fill(0);
      unlocked = { mnemonic: opened.mnemonic, key };
      options.events.emit("wallet.lockChanged", { locked: false, reason: "password_changed" });
      touch();
      return status();
    }),
    /**
     * Signs an amino sign doc for `signer`, an account of this vault, when every message in it is
     * a registered type whose declared signer is that account (`shared/cosmos/amino-signers.ts`).
     */
    async signAmino(signer: string, signDoc: StdSignDoc) {
      const { mnemonic } = requireUnlocked();
      const account = file().accounts.map(toAccount).find((a) => a.address === signer);
      if (!account) throw new AppError("unknown_signer", "that address is not an account of this wallet on the selected network");
      if (!Array.isArray(signDoc.msgs) || signDoc.msgs.length === 0) throw new AppError("unregistered_message", "the transaction has no message to sign");
      for (const msg of signDoc.msgs) {
        const refusal = aminoSignerRefusal(msg, signer);
        if (refusal === "unregistered_message") throw new AppError(refusal, `the wallet does not sign messages of type ${JSON.stringify(String(msg.type))}: it cannot tell whose they are`);
        if (refusal) throw new AppError(refusal, `the ${String(msg.type)} message is not signed by the signing account`);
      }
      const wallet = await Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix: options.prefix(), hdPaths: [makeCosmoshubPath(account.index)] });
      const { signature } = await wallet.signAmino(signer, signDoc);
      return { signature: signature.signature, pubKey: signature.pub_key.value as string };
    },
    /**
     * Signs a SIGN_MODE_DIRECT sign doc for `signer`, an account of this vault, when every message
     * in its body is a registered action whose declared signer is that account
     * (`shared/cosmos/direct-signers.ts`). Loaded at the first direct send: it pulls CosmJS's signing types.
     */
    async signDirect(signer: string, signDoc: SignDoc) {
      const { mnemonic } = requireUnlocked();
      const account = file().accounts.map(toAccount).find((a) => a.address === signer);
      if (!account) throw new AppError("unknown_signer", "that address is not an account of this wallet on the selected network");
      const { directSignerRefusal } = await import("../../../shared/cosmos/direct-signers.js");
      const refused = directSignerRefusal(signDoc, signer);
      if (refused?.refusal === "unregistered_message") throw new AppError(refused.refusal, `the wallet does not sign messages of type ${JSON.stringify(refused.typeUrl)}: it cannot tell whose they are`);
      if (refused) throw new AppError(refused.refusal, `the ${refused.typeUrl} message is not signed by the signing account`);
      const { DirectSecp256k1HdWallet } = await import("@cosmjs/proto-signing");
      const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: options.prefix(), hdPaths: [makeCosmoshubPath(account.index)] });
      const { signature } = await wallet.signDirect(signer, signDoc);
      return { signature: signature.signature, pubKey: signature.pub_key.value as string };
    },
    /** Restarts the idle timer with the current setting (after the user changed it). */
    rearm: () => touch(),
    /**
     * The user is at the window (a key, a click, the wheel): an unlocked vault's idle time starts
     * again. A locked one stays locked. Background reads never call this.
     */
    activity(): WalletStatus {
      touch();
      return status();
    },
    /** Stops the idle timer (tests, shutdown). */
    close: () => lock("user"),
  };
}

function fail(error: Error): never {
  throw error;
}

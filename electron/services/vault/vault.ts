import { existsSync } from "node:fs";
import { join } from "node:path";
import { type MultisigThresholdPubkey, serializeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import type { SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { IMPORTED_INDEX_BASE, type WalletAccount, type WalletStatus } from "../../../shared/contract/wallet.js";
import { accountPath, type KeyFacts } from "../../../shared/network/key-facts.js";
import { aminoSignerRefusal } from "../../../shared/cosmos/amino-signers.js";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { phraseWordCountProblem } from "../../../shared/wallet/phrase-words.js";
import { AppError } from "../app-error.js";
import { assertMemberSignDoc } from "../signers/member-sign-doc.js";
import type { EventHub } from "../event-hub.js";
import type { ProblemLog } from "../storage/problems.js";
import { deriveKeypair, keyKindOf, type KeyKind, signDigest } from "./key-kind.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { type CliKey, CliKeyError, encryptCliKey } from "./cli-key.js";
import { deriveKey, newKey, openWithKey } from "./vault-crypto.js";
import { WalletExistsError, WalletLockedError, WalletMissingError } from "./vault-errors.js";
import { associatedData, importedOf, type PublicAccount, readVaultFile, Secret, type VaultFile, writeVaultFile } from "./vault-file.js";
import { sealedFile } from "./vault-seal.js";

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
  /** The selected network's key facts (coin type, algorithm, path); absent, m/44'/118'/0'/0/i secp256k1. */
  readonly keyFacts?: () => KeyFacts;
  /** Idle time before the vault locks itself; 0 never. Read at each touch. */
  readonly autoLockMs: () => number;
  readonly events: EventHub;
  /** Where a wallet file that does not parse is reported (it is kept aside, never deleted). */
  readonly problems?: ProblemLog;
}

interface Unlocked {
  readonly mnemonic: string;
  readonly key: Uint8Array;
  /** Imported private keys (cli-key.ts) by their base64 public key. */
  readonly keys: Map<string, Uint8Array>;
  /** The BIP39 seed, made at the first derivation after unlocking and wiped at the lock. */
  seed?: Uint8Array;
  /** Public keys derived since the unlock, by path. */
  readonly derived: Map<string, Uint8Array>;
}

/** A signer address that none of the wallet's accounts has on the network signed for. */
const notOurs = () => new AppError("unknown_signer", "that address is not an account of this wallet on this network (its prefix, coin type and key algorithm)");

/** A network as its signer needs it: the prefix of its addresses and the facts of its keys. */
export type SignerNetwork = KeyFacts & { readonly bech32Prefix: string };

/**
 * The vault's accounts and signatures on one network, its key kind chosen once (key-kind.ts):
 * the direct sender, the access sender and the wallet's handlers all go through it.
 */
export interface NetworkSigner {
  readonly kind: KeyKind;
  /** The wallet's accounts with this network's addresses; while locked, only those whose key the file holds. */
  accounts(): WalletAccount[];
  /** The public key of one of them as AuthInfo carries it, or undefined. */
  pubKeyAny(address: string): Any | undefined;
  signDirect(signer: string, signDoc: SignDoc): Promise<{ signature: string; pubKey: string }>;
  /** Also the public key as the StdSignature carries it: the chain's amino name for an ethsecp256k1 key. */
  signAmino(signer: string, signDoc: StdSignDoc): Promise<{ signature: string; pubKey: string; aminoPubKey: { type: string; value: string } }>;
  /**
   * Signs an amino sign doc for `member`, an account of this vault, as one member of `multisig`:
   * every message must be the multisig's (its address derived from these very keys) and
   * `member` one of its keys.
   */
  signAminoAsMember(member: string, multisig: MultisigThresholdPubkey, signDoc: StdSignDoc): Promise<{ signature: string; pubKey: string }>;
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

  /** The file's accounts hold each key at m/44'/118'/0'/0/i, the one path every vault had; other paths are in `derivedKeys`. */
  const storedPath = (index: number) => accountPath({}, index);

  /**
   * The public key of account `a` at `path`: the file's, or derived while unlocked. A key derived
   * at a path the file's accounts do not cover is added to `fresh` when the file's map lacks it,
   * so a locked vault lists it too; locked, the map's key is the answer.
   */
  function pubKeyAt(a: PublicAccount, path: string, kept: VaultFile["derivedKeys"], fresh: Record<string, string>): Uint8Array | undefined {
    if (path === storedPath(a.index)) return fromBase64(a.pubKey);
    if (!unlocked) return kept?.[path] === undefined ? undefined : fromBase64(kept[path]);
    let key = unlocked.derived.get(path);
    if (!key) {
      const pair = deriveKeypair(seedOf(unlocked), path);
      pair.privateKey.fill(0);
      unlocked.derived.set(path, (key = pair.publicKey));
    }
    // Derived again at each unlock, so a map edited on disk is put right at the next one.
    if (kept?.[path] !== toBase64(key)) fresh[path] = toBase64(key);
    return key;
  }

  /**
   * Adds public keys to the file's map, written as every vault write is (atomic, fsynced). They
   * are not secret. A refused write loses nothing: the key is derived again at the next unlock.
   */
  function keepDerived(fresh: Record<string, string>): void {
    if (Object.keys(fresh).length === 0) return;
    try {
      const f = file();
      writeVaultFile(path, { ...f, derivedKeys: { ...f.derivedKeys, ...fresh } });
    } catch {
      // the accounts are listed all the same; only a locked listing of this network waits for the next unlock
    }
  }

  function seedOf(u: Unlocked): Uint8Array {
    return (u.seed ??= mnemonicToSeedSync(u.mnemonic));
  }

  async function publicAccount(mnemonic: string, index: number, label: string): Promise<PublicAccount> {
    const { privateKey, publicKey } = deriveKeypair(mnemonicToSeedSync(mnemonic), storedPath(index));
    privateKey.fill(0);
    return { index, label, pubKey: toBase64(publicKey) };
  }

  /** The vault on one network: its key kind picked here, once. */
  function signerFor(network: SignerNetwork): NetworkSigner {
    const kind = keyKindOf(network);
    const accounts = (): WalletAccount[] => {
      if (!exists()) return [];
      const f = file();
      const fresh: Record<string, string> = {};
      const listed = f.accounts.flatMap((a) => {
        const pubKey = pubKeyAt(a, kind.path(a.index), f.derivedKeys, fresh);
        return pubKey ? [{ index: a.index, label: a.label, pubKey: toBase64(pubKey), address: kind.address(pubKey, network.bech32Prefix), kind: "vault" as const }] : [];
      });
      keepDerived(fresh);
      // An imported key is raw: listed, at the same address, on every network of its algorithm.
      const imported = importedOf(f).flatMap((k, index) =>
        k.algo === kind.algo ? [{ index: IMPORTED_INDEX_BASE + index, label: k.label, pubKey: k.pubKey, address: kind.address(fromBase64(k.pubKey), network.bech32Prefix), kind: "imported" as const }] : []);
      return [...listed, ...imported];
    };
    /** The private key of `signer`, an account of this vault on this network, for one signature. */
    function keyOf(signer: string) {
      const u = requireUnlocked();
      const account = accounts().find((a) => a.address === signer);
      if (!account) throw notOurs();
      return keyOfAccount(u, account, kind);
    }
    function sign(signer: string, signBytes: Uint8Array) {
      const { privateKey, publicKey } = keyOf(signer);
      try {
        return { signature: toBase64(signDigest(privateKey, kind.digest(signBytes))), pubKey: toBase64(publicKey) };
      } finally {
        privateKey.fill(0);
      }
    }
    return {
      kind,
      accounts,
      pubKeyAny(address) {
        const account = accounts().find((a) => a.address === address);
        return account && kind.pubKeyAny(fromBase64(account.pubKey));
      },
      /**
       * Signs an amino sign doc for `signer`, an account of this vault, when every message in it is
       * a registered type whose declared signer is that account (`shared/cosmos/amino-signers.ts`).
       */
      async signAmino(signer, signDoc) {
        requireUnlocked();
        if (!accounts().some((a) => a.address === signer)) throw notOurs();
        if (!Array.isArray(signDoc.msgs) || signDoc.msgs.length === 0) throw new AppError("unregistered_message", "the transaction has no message to sign");
        for (const msg of signDoc.msgs) {
          const refusal = aminoSignerRefusal(msg, signer);
          if (refusal === "unregistered_message") throw new AppError(refusal, `the wallet does not sign messages of type ${JSON.stringify(String(msg.type))}: it cannot tell whose they are`);
          if (refusal) throw new AppError(refusal, `the ${String(msg.type)} message is not signed by the signing account`);
        }
        const signed = sign(signer, serializeSignDoc(signDoc));
        return { ...signed, aminoPubKey: kind.aminoPubKey(fromBase64(signed.pubKey)) };
      },
      async signAminoAsMember(member, multisig, signDoc) {
        requireUnlocked();
        const account = accounts().find((a) => a.address === member);
        if (!account) throw notOurs();
        assertMemberSignDoc(account, multisig, network.bech32Prefix, signDoc);
        return sign(member, serializeSignDoc(signDoc));
      },
      /**
       * Signs a SIGN_MODE_DIRECT sign doc for `signer`, an account of this vault, when every message
       * in its body is a registered action whose declared signer is that account
       * (`shared/cosmos/direct-signers.ts`). Loaded at the first direct send: it pulls CosmJS's signing types.
       */
      async signDirect(signer, signDoc) {
        requireUnlocked();
        if (!accounts().some((a) => a.address === signer)) throw notOurs();
        const [{ directSignerRefusal }, { makeSignBytes }] = await Promise.all([import("../../../shared/cosmos/direct-signers.js"), import("@cosmjs/proto-signing")]);
        const refused = directSignerRefusal(signDoc, signer);
        if (refused?.refusal === "unregistered_message") throw new AppError(refused.refusal, `the wallet does not sign messages of type ${JSON.stringify(refused.typeUrl)}: it cannot tell whose they are`);
        if (refused) throw new AppError(refused.refusal, `the ${refused.typeUrl} message is not signed by the signing account`);
        return sign(signer, makeSignBytes(signDoc));
      },
    };
  }
  const selected = () => signerFor({ ...options.keyFacts?.(), bech32Prefix: options.prefix() });

  /** A copy of the private key of `account` (derived, or imported), which the caller wipes. */
  function keyOfAccount(u: Unlocked, account: WalletAccount, kind: KeyKind): { privateKey: Uint8Array; publicKey: Uint8Array } {
    if (account.kind !== "imported") return deriveKeypair(seedOf(u), kind.path(account.index));
    const privateKey = u.keys.get(account.pubKey);
    if (!privateKey) throw new WalletLockedError();
    return { privateKey: privateKey.slice(), publicKey: fromBase64(account.pubKey) };
  }

  function touch(): void {
    clearTimeout(timer);
    const ms = options.autoLockMs();
    if (unlocked && ms > 0) timer = setTimeout(() => lock("idle"), ms).unref();
  }

  function lock(reason: "user" | "idle"): WalletStatus {
    const was = unlocked;
    wipe(unlocked);
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
    const keys = new Map<string, Uint8Array>();
    writeVaultFile(path, sealedFile({ accounts }, [], key, kdf, { mnemonic, keys }));
    unlocked = { mnemonic, key, keys, derived: new Map() };
    options.events.emit("wallet.lockChanged", { locked: false, reason: "unlock" });
    touch();
    return selected().accounts();
  }

  /** Opens the file with `password`: wrong password, altered bytes and sub-floor KDFs all fail. */
  async function openFile(password: string): Promise<Unlocked & { file: VaultFile }> {
    const f = file();
    const key = await deriveKey(password, f.sealed.kdf);
    const plain = openWithKey(key, f.sealed, associatedData(f.accounts, importedOf(f)));
    const secret = Secret.parse(JSON.parse(new TextDecoder().decode(plain)));
    plain.fill(0);
    const keys = new Map(Object.entries(secret.keys ?? {}).map(([pubKey, hex]) => [pubKey, Uint8Array.from(Buffer.from(hex, "hex"))]));
    return { mnemonic: secret.mnemonic, key, keys, derived: new Map(), file: f };
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
      wipe(unlocked);
      unlocked = { mnemonic: opened.mnemonic, key: opened.key, keys: opened.keys, derived: new Map() };
      options.events.emit("wallet.lockChanged", { locked: false, reason: "unlock" });
      touch();
      return status();
    },
    /** The accounts on the selected network. */
    accounts: () => selected().accounts(),
    signerFor,
    addAccount: (label: string | undefined) => exclusive(async () => {
      const u = requireUnlocked();
      const f = file();
      const index = Math.max(...f.accounts.map((a) => a.index)) + 1;
      const account = await publicAccount(u.mnemonic, index, label ?? `Account ${index + 1}`);
      const accounts = [...f.accounts, account];
      writeVaultFile(path, sealedFile({ ...f, accounts }, importedOf(f), u.key, f.sealed.kdf, u));
      return selected().accounts().find((a) => a.index === index && a.kind !== "imported") ?? fail(new WalletLockedError());
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
      // Read again: keys derived while the new key was made were added to the map meanwhile.
      const current = file();
      writeVaultFile(path, sealedFile(current, importedOf(current), key, kdf, opened));
      wipe(unlocked);
      unlocked = { mnemonic: opened.mnemonic, key, keys: opened.keys, derived: new Map() };
      options.events.emit("wallet.lockChanged", { locked: false, reason: "password_changed" });
      touch();
      return status();
    }),
    /**
     * Adds a key from a node's CLI (cli-key.ts) to the unlocked vault, sealed with the phrase. It
     * must fit the selected network's key algorithm and be no key the vault already has.
     */
    importKey: (key: CliKey, label: string) => exclusive(async () => {
      const u = requireUnlocked();
      const network = selected();
      if (key.algo !== network.kind.algo) {
        throw new CliKeyError("cli_key_type", `the key is ${key.algo === "ethsecp256k1" ? "an eth_secp256k1" : "a secp256k1"} key, but this network's accounts are ${network.kind.algo} keys: select a network of its kind first`);
      }
      const pubKey = toBase64(secp256k1.getPublicKey(key.privateKey, true));
      const f = file();
      const known = [...network.accounts(), ...f.accounts, ...importedOf(f)].find((a) => a.pubKey === pubKey);
      if (known) throw new CliKeyError("cli_key_duplicate", `the wallet already has this key, as "${known.label}"`);
      const imported = [...importedOf(f), { label, pubKey, algo: key.algo }];
      const keys = new Map(u.keys).set(pubKey, key.privateKey.slice());
      writeVaultFile(path, sealedFile(f, imported, u.key, f.sealed.kdf, { mnemonic: u.mnemonic, keys }));
      u.keys.set(pubKey, keys.get(pubKey)!);
      return network.accounts().find((a) => a.kind === "imported" && a.pubKey === pubKey) ?? fail(new WalletLockedError());
    }),
    /**
     * The armor `simd keys import` reads, for an account of the selected network, under the
     * user's passphrase. The vault password is checked against the file, as for `reveal`.
     */
    async exportKey(address: string, password: string, passphrase: string) {
      const opened = await openFile(password);
      opened.key.fill(0);
      const network = selected();
      const account = network.accounts().find((a) => a.address === address);
      if (!account) throw notOurs();
      const held: Unlocked = { mnemonic: opened.mnemonic, key: opened.key, keys: opened.keys, derived: new Map() };
      const { privateKey } = keyOfAccount(held, account, network.kind);
      try {
        return { armor: await encryptCliKey({ privateKey, algo: network.kind.algo }, passphrase), label: account.label };
      } finally {
        privateKey.fill(0);
        wipe(held);
      }
    },
    /** The selected network's key algorithm: what a bare hex key is taken to be. */
    keyAlgo: () => selected().kind.algo,
    /** Signs on the selected network (the access service's transfers). */
    signAmino: (signer: string, signDoc: StdSignDoc) => selected().signAmino(signer, signDoc),
    signDirect: (signer: string, signDoc: SignDoc) => selected().signDirect(signer, signDoc),
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

function wipe(u: Unlocked | undefined): void {
  u?.key.fill(0);
  for (const k of u?.keys.values() ?? []) k.fill(0);
  u?.seed?.fill(0);
  u?.derived.clear();
}

function fail(error: Error): never {
  throw error;
}

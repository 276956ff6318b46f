import type { StdSignDoc } from "@cosmjs/amino";
import type { LedgerSigner } from "@cosmjs/ledger-amino";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { ledgerAppFor, ledgerPath, type LedgerApp } from "../../../shared/wallet/ledger-app.js";
import { AppError } from "../app-error.js";
import { isDisconnect, ledgerErrorOf, type LedgerOperation } from "./ledger-errors.js";

/** The transport `@cosmjs/ledger-amino` talks through (`@ledgerhq/hw-transport`'s `Transport`). */
export type LedgerTransport = ConstructorParameters<typeof LedgerSigner>[0];

type LedgerHdPath = NonNullable<NonNullable<ConstructorParameters<typeof LedgerSigner>[1]>["hdPaths"]>[number];

/**
 * An HD path as `@cosmjs/ledger-amino` takes it. It pins its own `@cosmjs/crypto` (0.38), whose
 * `HdPath` class the compiler tells apart from ours (0.39) although both are the same indexes;
 * it only reads them (`pathToString`).
 */
async function toLedgerHdPath(path: string): Promise<LedgerHdPath> {
  const { stringToPath } = await import("@cosmjs/crypto");
  return stringToPath(path) as unknown as LedgerHdPath;
}

/** Where a network's Ledger accounts live: its coin type (hence the app and the path) and its address prefix. */
export interface LedgerNetwork {
  readonly coinType: number;
  readonly prefix: string;
}

/** One account of the Ledger, read from the device. */
export interface LedgerAccount {
  readonly index: number;
  readonly path: string;
  readonly address: string;
  /** The compressed secp256k1 public key (33 bytes). */
  readonly pubkey: Uint8Array;
}

/** A signature the Ledger made over the canonical amino JSON of a sign doc. */
export interface LedgerSignature {
  /** r‖s, 64 bytes, low-S (the Cosmos app signs deterministically, RFC 6979). */
  readonly signature: Uint8Array;
  readonly pubkey: Uint8Array;
}

/**
 * What the wallet tells the user while the device works. `confirm` is sent as the last piece of
 * the transaction (or the show-address request) reaches the device, which now waits for a button;
 * `done` when it has answered, whatever it answered.
 */
export interface LedgerProgress {
  readonly stage: "confirm" | "done";
  readonly operation: LedgerOperation;
  readonly message: string;
}

export interface LedgerDeviceDeps {
  /** Opens the USB link (tests give a replayed one); called on first use and after a disconnect. */
  readonly openTransport: () => Promise<LedgerTransport>;
  readonly onProgress?: (progress: LedgerProgress) => void;
}

/** The Ledger as main holds it: one transport, one operation at a time. The renderer never talks to the device. */
export interface LedgerDevice {
  /** The accounts at these indexes, read from the device (the app checks its name, version and mode first). */
  accounts(network: LedgerNetwork, indexes: readonly number[]): Promise<LedgerAccount[]>;
  /** Shows the address of one index on the device's screen and waits for the user to confirm it; checks it is the key the device reads. */
  showAddress(network: LedgerNetwork, index: number): Promise<LedgerAccount>;
  /**
   * Signs a sign doc (SIGN_MODE_LEGACY_AMINO_JSON: the Cosmos app signs no SIGN_MODE_DIRECT) with
   * the account whose address is `signer`, one of `indexes`. The device shows every field; the
   * user approves or rejects on it.
   */
  signAmino(network: LedgerNetwork, indexes: readonly number[], signer: string, signDoc: StdSignDoc): Promise<LedgerSignature>;
  /** Lets the USB device go (the app quits, or the user unplugs it). */
  close(): Promise<void>;
}

/** The Ledger app a network's coin type needs, or a worded refusal. */
export function appForNetwork(network: LedgerNetwork): LedgerApp {
  const app = ledgerAppFor(network.coinType);
  if (!app) throw new AppError(ERROR_CODES.ledgerError, `No Ledger app is known to sign for coin type ${network.coinType}: this network cannot use a Ledger here`);
  return app;
}

/** Whether an APDU is the one after which the device waits for the user: the last chunk of a sign, or a show-address request. */
function waitsForUser(apdu: Uint8Array): LedgerOperation | undefined {
  if (apdu[0] !== 0x55) return undefined;
  if (apdu[1] === 0x02 && apdu[2] === 0x02) return "sign";
  if (apdu[1] === 0x04 && apdu[2] === 0x01) return "show";
  return undefined;
}

const CONFIRM_WORDS: Record<LedgerOperation, string> = {
  sign: "Confirm on your Ledger: check each screen against the review, then choose Approve (or Reject)",
  show: "Confirm on your Ledger: check that the address on its screen is the one shown here, then approve it",
  read: "",
};

/** Builds the Ledger device main holds. The transport opens lazily, on the first operation. */
export function createLedgerDevice(deps: LedgerDeviceDeps): LedgerDevice {
  let transport: Promise<LedgerTransport> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  // What the current operation saw of the device (one operation runs at a time).
  let lastStatus: number | undefined;
  let transportError: unknown;

  function open(): Promise<LedgerTransport> {
    transport ??= deps.openTransport().then(watch, (error: unknown) => {
      transport = undefined;
      throw error;
    });
    return transport;
  }

  /** Wraps the transport's exchange: it records each status word and transport error, and says when the device waits. */
  function watch(t: LedgerTransport): LedgerTransport {
    const exchange = t.exchange.bind(t);
    t.exchange = async (apdu: Buffer) => {
      const waiting = waitsForUser(apdu);
      if (waiting) deps.onProgress?.({ stage: "confirm", operation: waiting, message: CONFIRM_WORDS[waiting] });
      try {
        const answer = await exchange(apdu);
        lastStatus = answer.length >= 2 ? answer.readUInt16BE(answer.length - 2) : undefined;
        return answer;
      } catch (error) {
        transportError = error;
        throw error;
      }
    };
    return t;
  }

  async function run<T>(operation: LedgerOperation, network: LedgerNetwork, work: (t: LedgerTransport, app: LedgerApp) => Promise<T>): Promise<T> {
    const app = appForNetwork(network);
    const turn = queue.then(async () => {
      lastStatus = undefined;
      transportError = undefined;
      try {
        return await work(await open(), app);
      } catch (error) {
        if (isDisconnect(transportError) || isDisconnect(error)) await drop();
        throw ledgerErrorOf(error, app, operation, { lastStatus, transportError });
      } finally {
        if (operation !== "read") deps.onProgress?.({ stage: "done", operation, message: "" });
      }
    });
    queue = turn.catch(() => undefined);
    return turn;
  }

  async function drop(): Promise<void> {
    const held = transport;
    transport = undefined;
    await held?.then((t) => t.close()).catch(() => undefined);
  }

  async function signerFor(t: LedgerTransport, app: LedgerApp, network: LedgerNetwork, indexes: readonly number[]) {
    const { LedgerSigner } = await import("@cosmjs/ledger-amino");
    const paths = indexes.map((i) => ledgerPath(network.coinType, i));
    const signer = new LedgerSigner(t, { hdPaths: await Promise.all(paths.map(toLedgerHdPath)), prefix: network.prefix, ledgerAppName: app.name, minLedgerAppVersion: app.minVersion });
    const read = await signer.getAccounts();
    const accounts = read.map((a, k): LedgerAccount => ({ index: indexes[k]!, path: paths[k]!, address: a.address, pubkey: a.pubkey }));
    return { signer, accounts };
  }

  return {
    accounts: (network, indexes) => run("read", network, async (t, app) => (await signerFor(t, app, network, indexes)).accounts),

    showAddress: (network, index) =>
      run("show", network, async (t, app) => {
        const { signer, accounts } = await signerFor(t, app, network, [index]);
        const shown = await signer.showAddress(await toLedgerHdPath(accounts[0]!.path));
        if (shown.address !== accounts[0]!.address) {
          throw new AppError(ERROR_CODES.ledgerWrongKey, `The Ledger showed ${shown.address}, but it reads ${accounts[0]!.address} at ${accounts[0]!.path}: do not use this account, and check the device`);
        }
        return accounts[0]!;
      }),

    signAmino: (network, indexes, signerAddress, signDoc) =>
      run("sign", network, async (t, app) => {
        const { signer, accounts } = await signerFor(t, app, network, indexes);
        const account = accounts.find((a) => a.address === signerAddress);
        if (!account) {
          throw new AppError(ERROR_CODES.ledgerWrongKey, `This Ledger holds no key for ${signerAddress} at ${indexes.map((i) => ledgerPath(network.coinType, i)).join(", ")}: is it the device (and passphrase) the account was added with?`);
        }
        const [{ signature }, { fromBase64 }] = await Promise.all([signer.signAmino(signerAddress, signDoc), import("@cosmjs/encoding")]);
        return { signature: fromBase64(signature.signature), pubkey: account.pubkey };
      }),

    close: () => drop(),
  };
}

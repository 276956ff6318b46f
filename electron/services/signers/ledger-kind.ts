import { serializeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import type { WalletAccount } from "../../../shared/contract/wallet.js";
import { aminoSignerRefusal } from "../../../shared/cosmos/amino-signers.js";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { DEFAULT_COIN_TYPE } from "../../../shared/network/key-facts.js";
import { ledgerPath } from "../../../shared/wallet/ledger-app.js";
import { ledgerSignDocProblem } from "../../../shared/wallet/ledger-limits.js";
import { AppError } from "../app-error.js";
import type { LedgerDevice, LedgerNetwork } from "../ledger/ledger-device.js";
import { keyKindOf } from "../vault/key-kind.js";
import { CannotSignHereError, type SignersNetwork } from "./account-signer.js";
import { EXTERNAL_INDEX_BASE, type ExternalAccounts } from "./external-accounts.js";
import { assertMemberSignDoc } from "./member-sign-doc.js";
import type { ExternalKindFactory } from "./signers.js";

/** The Ledger side of a network: its coin type (the app and the path) and prefix; a network whose keys are not secp256k1 has none. */
export function ledgerNetworkOf(network: SignersNetwork): LedgerNetwork {
  if (network.keyAlgo === "ethsecp256k1") throw new AppError(ERROR_CODES.ledgerError, `${network.name ?? network.id} uses Ethereum-style keys: the Cosmos Ledger app does not sign for it`);
  return { coinType: network.coinType ?? DEFAULT_COIN_TYPE, prefix: network.bech32Prefix };
}

/** The account index at the end of a Ledger account's path (m/44'/c'/0'/0/<index>). */
function indexOf(hdPath: string): number {
  const m = /^m\/44'\/\d+'\/0'\/0\/(\d+)$/.exec(hdPath);
  if (!m) throw new AppError(ERROR_CODES.ledgerError, `the stored Ledger path ${hdPath} is not one this wallet derives`);
  return Number(m[1]);
}

/**
 * Ledger accounts as signers: they sign SIGN_MODE_LEGACY_AMINO_JSON only (the Cosmos app signs
 * no DIRECT), each message's signer checked as the vault checks it, and a sign doc larger than
 * the device takes refused in words before the device is asked. A Ledger account that is a
 * multisig's member signs the multisig's amino sign doc the same way (`signAsMember`).
 */
export function ledgerKind(device: LedgerDevice): ExternalKindFactory {
  return (record, network) => {
    const pubKeyAny = () => keyKindOf(network).pubKeyAny(fromBase64(record.pubKey));
    /** The device's signature over `doc` with this account's key; a doc past the device's limits is refused in words before it is asked. */
    async function onDevice(doc: StdSignDoc): Promise<Uint8Array> {
      const problem = ledgerSignDocProblem(new TextDecoder().decode(serializeSignDoc(doc)));
      if (problem === "too_large") throw new AppError(ERROR_CODES.ledgerTooLarge, "The transaction is too large for a Ledger (about 8 KB at most): send it in smaller transactions");
      if (problem) throw new AppError(ERROR_CODES.ledgerTooManyMessages, "The transaction has too many messages for a Ledger (fewer than 20, and few enough fields): send it in smaller transactions");
      const { signature, pubkey } = await device.signAmino(ledgerNetworkOf(network), [indexOf(record.ledger?.hdPath ?? "")], record.address, doc);
      if (toBase64(pubkey) !== record.pubKey) throw new AppError(ERROR_CODES.ledgerWrongKey, "The Ledger signed with another key than the account's: is it the device (and passphrase) the account was added with?");
      return signature;
    }
    return {
      kind: "ledger",
      address: record.address,
      signModes: ["SIGN_MODE_LEGACY_AMINO_JSON"],
      pubKey: record.pubKey,
      pubKeyAny,
      async sign(request) {
        if (request.mode !== "SIGN_MODE_LEGACY_AMINO_JSON") throw new CannotSignHereError(record.address, "ledger", request.mode);
        const doc = request.signDoc;
        for (const msg of doc.msgs) {
          const refusal = aminoSignerRefusal(msg, record.address);
          if (refusal) throw new AppError(refusal, `${record.address} cannot sign this ${msg.type}: ${refusal === "unregistered_message" ? "the wallet does not sign that message" : "another account is its signer"}`);
        }
        return { signature: await onDevice(doc) };
      },
      // A member signs the multisig's amino sign doc exactly as the account signs its own: the
      // same device call, limits and key check; only whose messages they must be differs.
      async signAsMember(multisig, doc) {
        assertMemberSignDoc(record, multisig, network.bech32Prefix, doc);
        return onDevice(doc);
      },
    };
  };
}

export interface LedgerAccountsDeps {
  readonly device: LedgerDevice;
  readonly external: Pick<ExternalAccounts, "add" | "onNetwork">;
  readonly network: (id: string) => SignersNetwork;
}

/** The wallet methods that add a Ledger account and show its address on the device. */
export function ledgerAccountHandlers(deps: LedgerAccountsDeps) {
  return {
    async addLedgerAccount(args: { networkId: string; index: number; label?: string }): Promise<WalletAccount> {
      const network = deps.network(args.networkId);
      const ledger = ledgerNetworkOf(network);
      // The user sees the address on the device and confirms it before it joins the wallet.
      const shown = await deps.device.showAddress(ledger, args.index);
      const record = deps.external.add({
        kind: "ledger",
        networkId: network.id,
        address: shown.address,
        label: args.label ?? `Ledger ${args.index}`,
        pubKey: toBase64(shown.pubkey),
        ledger: { hdPath: ledgerPath(ledger.coinType, args.index), coinType: ledger.coinType },
      });
      return { index: EXTERNAL_INDEX_BASE + record.slot, label: record.label, address: record.address, pubKey: record.pubKey, kind: "ledger" };
    },
    async showLedgerAddress(args: { networkId: string; address: string }): Promise<{ address: string; path: string }> {
      const network = deps.network(args.networkId);
      const record = deps.external.onNetwork(network.id).find((a) => a.address === args.address && a.kind === "ledger");
      if (!record?.ledger) throw new AppError("not_found", `${args.address} is not a Ledger account of this wallet on ${network.name ?? network.id}`);
      const shown = await deps.device.showAddress(ledgerNetworkOf(network), indexOf(record.ledger.hdPath));
      if (shown.address !== record.address) throw new AppError(ERROR_CODES.ledgerWrongKey, `The Ledger shows ${shown.address} at ${record.ledger.hdPath}, not ${record.address}: it is another device or passphrase`);
      return { address: shown.address, path: shown.path };
    },
  };
}

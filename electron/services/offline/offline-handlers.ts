import { randomUUID } from "node:crypto";
import { encodeAminoPubkey, type MultisigThresholdPubkey, serializeSignDoc } from "@cosmjs/amino";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import { decodePubkey } from "@cosmjs/proto-signing";
import type { z } from "zod";
import type { Network } from "../../../shared/contract/network.js";
import type { MultisigProgress } from "../../../shared/contract/offline.js";
import { secp256k1SignatureProblem, verifySecp256k1 } from "../../../shared/cosmos/auth/signature.js";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import { addressProblem, describeAddressProblem } from "../../../shared/wallet/bech32-check.js";
import { AppError, ConflictError, NotFoundError } from "../app-error.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { NetworkStore } from "../networks/network-store.js";
import type { SaveFile } from "../ports.js";
import { signerOf } from "../tx/direct/prepare.js";
import type { TxRoute } from "../tx/routes/tx-route.js";
import type { ExternalAccounts } from "../signers/external-accounts.js";
import type { Signers } from "../signers/signers.js";
import { assembleMultisig, memberAddresses, memberSignatures, MULTISIG_TYPE_URL, multisigAccount } from "./multisig.js";
import { aminoSignDoc } from "./sign-bytes.js";
import { exportAnswering } from "./answered-export.js";
import { type ExportStore, type KeptExport, MAX_KEPT_EXPORTS } from "./export-store.js";
import { checkSignedFile, type CheckedTx, type ExportedTx } from "./signed-check.js";
import { unsignedExport } from "./unsigned-export.js";

export interface OfflineDeps {
  readonly networks: NetworkStore;
  /** A network's route (tx/routes/route-for.ts): its access service when it has one, else its nodes. */
  readonly routeFor: (network: Network) => Pick<TxRoute, "prepareFull" | "sendSigned">;
  /** Every account of the wallet, whatever signs for it (signers/signers.ts): a multisig member of the vault or a Ledger signs through it. */
  readonly signers: Pick<Signers, "signerFor">;
  /** Where watch-only and multisig accounts are kept. */
  readonly external: Pick<ExternalAccounts, "add">;
  /** The exports waiting for their signed file, kept across restarts. */
  readonly exports: ExportStore;
  readonly saveFile?: SaveFile;
}

/**
 * Registers `offline.*`: a transaction prepared for an account that does not sign here (or for
 * signing elsewhere by choice) written as the SDK's unsigned JSON and kept (export-store.ts, so
 * a restart loses none); the signed file or the multisig members' signatures read back and
 * checked against it; then the same way as a send signed here (the network's route,
 * `sendSigned`): held, listed, cancellable and followed by its access service when it has one
 * (which also gives the account number and next nonce the file is signed at), else the outbox
 * and undo window before its nodes.
 */
export function registerOfflineHandlers(deps: OfflineDeps): NamespaceHandlers<"offline"> {
  const { exports } = deps;
  /** Signed files checked in this session, by export id; after a restart the file is imported again. */
  const checkedFiles = new Map<string, CheckedTx>();
  /** An export belongs to its sender's account on its network: one no longer in the wallet is not offered. */
  const isAccount = (network: Network, address: string): boolean => {
    try {
      deps.signers.signerFor(network, address);
      return true;
    } catch {
      return false;
    }
  };
  const keptFor = (id: string): { entry: KeptExport; network: Network } => {
    const entry = exports.get(id);
    if (!entry) throw new NotFoundError(`no exported transaction ${id} is kept here: it was sent, forgotten or pushed out by newer ones (the ${MAX_KEPT_EXPORTS} newest are kept). Export it again`);
    const network = deps.networks.selected();
    if (network.id !== entry.networkId) throw new ConflictError(`this transaction was exported on another network: select ${deps.networks.get(entry.networkId).name} first`);
    // Throws unknown_signer in words when the account was removed or the vault holds another phrase.
    deps.signers.signerFor(network, entry.prepared.review.signer);
    return { entry, network };
  };
  const exportedOf = (entry: KeptExport, network: Network): ExportedTx => ({
    signer: entry.prepared.review.signer,
    bech32Prefix: network.bech32Prefix,
    bodyBytes: entry.prepared.bodyBytes,
    authInfoBytes: entry.prepared.authInfoBytes,
    context: { chainId: network.chainId, accountNumber: BigInt(entry.prepared.review.accountNumber), sequence: BigInt(entry.prepared.review.sequence) },
  });
  const progress = (entry: KeptExport, network: Network): z.output<typeof MultisigProgress> | undefined => entry.multisig && {
    threshold: Number(entry.multisig.value.threshold),
    members: memberAddresses(entry.multisig, network.bech32Prefix).map((address) => ({ address, signed: entry.signatures.has(address) })),
  };
  const multisigOf = (entry: KeptExport): MultisigThresholdPubkey => {
    if (!entry.multisig) throw new AppError("not_multisig", "this transaction's sender is not a multisig account of this app: import its signed file instead");
    return entry.multisig;
  };
  const withSignatures = (entry: KeptExport, network: Network, found: ReadonlyMap<string, Uint8Array>) =>
    progress(exports.addSignatures(entry.id, found) ?? entry, network)!;

  return {
    exportUnsigned: async (args) => {
      const network = deps.networks.selected();
      const pubKeyAny = deps.signers.signerFor(network, signerOf(network, args)).pubKeyAny();
      const multisig = pubKeyAny?.typeUrl === MULTISIG_TYPE_URL ? (decodePubkey(pubKeyAny) as MultisigThresholdPubkey) : undefined;
      const prepared = await deps.routeFor(network).prepareFull(args);
      const file = unsignedExport(prepared, { multisig: multisig !== undefined });
      const entry: KeptExport = {
        id: randomUUID(), networkId: network.id, requestId: randomUUID(), createdAt: new Date().toISOString(),
        filename: file.filename, command: file.command, prepared, multisig, signatures: new Map(),
      };
      exports.add(entry); // durable before the file is written: a file whose export is not kept could never be sent
      const saved = deps.saveFile ? await deps.saveFile.save(file.filename, file.json) : { saved: false };
      return { id: entry.id, review: prepared.review, filename: file.filename, command: file.command, ...saved, json: deps.saveFile ? undefined : file.json, multisig: progress(entry, network) };
    },
    checkSigned: async ({ id, text }) => {
      const { entry, network } = keptFor(id ?? exportAnswering(exports.list(), text, deps.networks.selected().id).id);
      const others = deps.networks.list().networks.map((n) => n.chainId);
      const checked = await checkSignedFile(text, exportedOf(entry, network), others);
      checkedFiles.set(entry.id, checked);
      return { id: entry.id, review: entry.prepared.review, txHash: txIdOf(checked.txBytes), mode: checked.mode, multisig: progress(entry, network) };
    },
    addSignature: async ({ id, text }) => {
      const { entry, network } = keptFor(id);
      const exported = exportedOf(entry, network);
      const found = memberSignatures(text, multisigOf(entry), network.bech32Prefix, { bodyBytes: exported.bodyBytes, authInfoBytes: exported.authInfoBytes, context: exported.context });
      return withSignatures(entry, network, found);
    },
    signAsMember: async ({ id, member }) => {
      const { entry, network } = keptFor(id);
      const multisig = multisigOf(entry);
      const exported = exportedOf(entry, network);
      // Whatever holds the member's key (the vault, a Ledger) signs through its own signer; a kind that signs nothing here has no signAsMember.
      const signer = deps.signers.signerFor(network, member);
      if (!signer.signAsMember) throw new AppError("cannot_sign_here", `${member} is a ${signer.kind === "watch" ? "watch-only address" : `${signer.kind} account`}: it cannot sign as a member here; import its signature file (simd tx sign --multisig=…) instead`);
      const doc = aminoSignDoc(exported.bodyBytes, exported.authInfoBytes, exported.context);
      const signature = await signer.signAsMember(multisig, doc);
      // Kept only when it verifies as the chain will check it: over this sign doc, by the member's key in the multisig.
      const problem = secp256k1SignatureProblem(signature);
      if (problem || !verifySecp256k1(signature, serializeSignDoc(doc), fromBase64(signer.pubKey))) {
        throw new AppError("bad_signature", `the signature ${member} made ${problem ?? "does not verify over this transaction's sign doc with its key"}: it was not kept`);
      }
      return withSignatures(entry, network, new Map([[member, signature]]));
    },
    send: async ({ id }) => {
      const { entry, network } = keptFor(id);
      const txBytes = checkedFiles.get(id)?.txBytes
        ?? (entry.multisig && assembleMultisig(entry.multisig, network.bech32Prefix, entry.prepared.bodyBytes, entry.prepared.authInfoBytes, BigInt(entry.prepared.review.sequence), entry.signatures));
      if (!txBytes) throw new AppError("not_signed", "no signed file has been checked for this transaction yet: import the file simd tx sign wrote");
      const tx = await deps.routeFor(network).sendSigned(entry.prepared, txBytes, entry.requestId);
      // Answered: the outbox holds the send now (by its request id), so the export is done with.
      try {
        exports.remove(id);
        checkedFiles.delete(id);
      } catch {
        // Sent is sent: a disk that refuses this write leaves the export listed, and sending it
        // again answers with the same send (the outbox knows its request id).
      }
      return tx;
    },
    exports: async () => {
      const network = deps.networks.selected();
      const mine = exports.list().filter((e) => e.networkId === network.id && isAccount(network, e.prepared.review.signer));
      return {
        exports: [...mine].reverse().map((e) => ({ id: e.id, filename: e.filename, command: e.command, createdAt: e.createdAt, review: e.prepared.review, multisig: progress(e, network) })),
      };
    },
    forgetExports: async () => {
      checkedFiles.clear();
      return { forgotten: exports.clear() };
    },
    addWatch: async ({ address, label }) => {
      const network = deps.networks.selected();
      const problem = addressProblem(address, network.bech32Prefix);
      if (problem) throw new AppError("invalid_address", describeAddressProblem(problem));
      const record = deps.external.add({ kind: "watch", networkId: network.id, address, label, pubKey: "" });
      return { address: record.address, label: record.label };
    },
    addMultisig: async ({ label, members, threshold, nosort }) => {
      const network = deps.networks.selected();
      const { pubkey, address } = multisigAccount(members, threshold, network.bech32Prefix, nosort);
      const record = deps.external.add({
        kind: "multisig", networkId: network.id, address, label, pubKey: toBase64(encodeAminoPubkey(pubkey)),
        multisig: { threshold, members: pubkey.value.pubkeys.map((k) => ({ pubKey: k.value })) },
      });
      return { address: record.address, label: record.label };
    },
    multisigAddress: async ({ members, threshold, nosort }) => {
      const network = deps.networks.selected();
      const { pubkey, address } = multisigAccount(members, threshold, network.bech32Prefix, nosort);
      return { address, members: pubkey.value.pubkeys.map((k, i) => ({ address: memberAddresses(pubkey, network.bech32Prefix)[i]!, pubkey: k.value })) };
    },
  };
}

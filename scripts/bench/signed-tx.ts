/**
 * What the access service spends checking one submission before it stores it: a signed
 * transaction (`{txBytes}`: decode the TxRaw, the signer rule of every message, the
 * SIGN_MODE_DIRECT signature; server/lib/signed-tx.ts) against a transfer in its seed form
 * (the amino sign doc rebuilt and the key recovered from the signature; server/lib/signature.ts).
 * No devnet: the checks are pure CPU, run on signatures made here with CosmJS.
 */
import { Secp256k1HdWallet } from "@cosmjs/amino";
import { fromBase64, fromBech32, toBase64, toBech32 } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { cosmosAminoTypes, cosmosRegistry } from "../../shared/cosmos/signing.js";
import { signBytes, transferSignDoc } from "../../server/lib/sign-doc.js";
import { verifiedSigner } from "../../server/lib/signature.js";
import { decodeSignedTx, verifySignedTx } from "../../server/lib/signed-tx.js";
import type { Section } from "./section.js";
import { median } from "./stats.js";

export interface SignedTxOptions {
  /** Signatures checked per run, each over other bytes. */
  readonly count: number;
}

// Public test-only mnemonic (devnet/accounts.json, "alice").
const MNEMONIC = "voyage taxi dilemma float soda invest special ankle innocent bird roast enroll frame taxi sort shadow myth extend coral more sunny cover maple reveal";
const CHAIN = "bench-chain";
const ACCOUNT = 7n;

async function signedTxs(count: number): Promise<string[]> {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC);
  const address = (await wallet.getAccounts())[0]!.address;
  const validator = toBech32("cosmosvaloper", fromBech32(address, 90).data);
  const client = await SigningStargateClient.offline(wallet, { registry: cosmosRegistry, aminoTypes: cosmosAminoTypes });
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const msg = { typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: address, validatorAddress: validator, amount: { denom: "ustake", amount: String(1000 + i) } } };
    const raw = await client.sign(address, [msg], { amount: [{ denom: "ucomet", amount: "500" }], gas: "200000" }, "", { accountNumber: ACCOUNT, sequence: i, chainId: CHAIN });
    out.push(toBase64(TxRaw.encode(raw).finish()));
  }
  return out;
}

async function signedTransfers(count: number): Promise<Array<{ from: string; message: Uint8Array; signature: Uint8Array }>> {
  const wallet = await Secp256k1HdWallet.fromMnemonic(MNEMONIC);
  const address = (await wallet.getAccounts())[0]!.address;
  const out: Array<{ from: string; message: Uint8Array; signature: Uint8Array }> = [];
  for (let i = 0; i < count; i++) {
    const doc = transferSignDoc({ from: address, to: address, amount: { amount: BigInt(1000 + i), denom: "ucomet" }, nonce: BigInt(i), memo: "", fee: { amount: 500n, denom: "ucomet" }, gas: 200000n, timeoutHeight: 0n }, CHAIN, ACCOUNT);
    const { signature } = await wallet.signAmino(address, doc);
    out.push({ from: address, message: signBytes(doc), signature: fromBase64(signature.signature) });
  }
  return out;
}

/** Milliseconds per item of one pass over `items`. */
function perItemMs<T>(items: readonly T[], check: (item: T) => void): number {
  const start = process.hrtime.bigint();
  for (const item of items) check(item);
  return Number(process.hrtime.bigint() - start) / 1e6 / items.length;
}

export function signedTxSection(options: SignedTxOptions): Section {
  return {
    id: "signed-tx",
    heading: "Access service: checking a signed transaction",
    async run(ctx) {
      const [txs, transfers] = await Promise.all([signedTxs(options.count), signedTransfers(options.count)]);
      // One pass first, untimed: the JIT and noble's precomputed tables.
      perItemMs(txs.slice(0, 20), (t) => verifySignedTx(decodeSignedTx(t, "cosmos"), CHAIN, ACCOUNT));
      perItemMs(transfers.slice(0, 20), (t) => verifiedSigner(t.signature, t.message, t.from, "cosmos"));
      const tx: number[] = [];
      const transfer: number[] = [];
      for (let run = 0; run < ctx.runs; run++) {
        tx.push(perItemMs(txs, (t) => verifySignedTx(decodeSignedTx(t, "cosmos"), CHAIN, ACCOUNT)));
        transfer.push(perItemMs(transfers, (t) => verifiedSigner(t.signature, t.message, t.from, "cosmos")));
      }
      const txMs = median(tx);
      const transferMs = median(transfer);
      const body = `\`${ctx.command}\`

What \`POST /transactions\` spends on one core checking a submission before it reads the chain or
stores anything, per submission, median of ${ctx.runs} runs of ${options.count} different
signatures each (a delegation for \`{txBytes}\`, a transfer for the seed form):

| check | per submission |
|---|---|
| \`{txBytes}\`: decode the TxRaw, the signer rule of each message, verify the SIGN_MODE_DIRECT signature (\`server/lib/signed-tx.ts\`) | ${txMs.toFixed(2)} ms |
| transfer: rebuild the amino sign doc, recover the key from the signature and verify (\`server/lib/signature.ts\`) | ${transferMs.toFixed(2)} ms |

The signed form is given its key, so it verifies once where the transfer recovers a key first;
neither is what limits a submission, which also reads the account over ABCI and waits for its
store's durable write (see "Access service" above).`;
      // The goal is relative: absolute times on this shared machine move with its load by a factor of two or more.
      return { body, goals: [{ goal: "checking a {txBytes} submission costs no more CPU than checking a transfer", measured: `${txMs.toFixed(2)} ms against ${transferMs.toFixed(2)} ms`, met: txMs <= transferMs }] };
    },
  };
}

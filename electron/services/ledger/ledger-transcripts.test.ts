import { serializeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { fromHex, toBase64, toHex } from "@cosmjs/encoding";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { makeSignDoc } from "@cosmjs/amino";
import { describe, expect, it } from "vitest";
import { aminoSignDoc } from "../../../shared/cosmos/amino-sign-doc.js";
import { aminoTxRaw } from "../../../shared/cosmos/amino-tx.js";
import { cosmosAminoTypes, cosmosRegistry } from "../../../shared/cosmos/signing.js";
import { AppError } from "../app-error.js";
import { createLedgerDevice, type LedgerProgress } from "./ledger-device.js";
import { loadTranscripts, replay, type Transcript, NO_TRANSCRIPTS, TRANSCRIPTS_DIR } from "./test/transcripts.js";

// Every transcript goes through the app's own Ledger device (ledger-device.ts), replayed from the
// recorded APDUs: the device answers exactly what the Ledger answered, nothing is faked.
const transcripts = loadTranscripts();
const network = { coinType: 394, prefix: "cro" };

const A0 = "cro1tzhdkuc328cgh2hycyfddtdpqfwwu42yq3qgkr";
const A1 = "cro1jfcgheg7kmzrhgfv7vmt4azprr3sdfqcg4jqyx";
const V0 = "crovaloper1tzhdkuc328cgh2hycyfddtdpqfwwu42y6c6z8v";
const V1 = "crovaloper1jfcgheg7kmzrhgfv7vmt4azprr3sdfqcjug24f";
const ucomet = (amount: string) => ({ denom: "ucomet", amount });
const send = (from: string, to: string, amount: string) => ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: to, amount: [ucomet(amount)] } });

/**
 * Each case as the app's own forms ask for it: the contract's action values (camelCase, as the
 * renderer sends them), not the transcript's amino JSON. The app's converters must turn them into
 * the very bytes the device signed.
 */
const CASES: Record<string, { messages: Array<{ typeUrl: string; value: unknown }>; memo?: string; indexes?: number[] }> = {
  "01-msg-send": { messages: [send(A0, A1, "1500000")] },
  "02-msg-delegate": { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: A0, validatorAddress: V0, amount: ucomet("2000000") } }] },
  "03-msg-undelegate": { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress: A0, validatorAddress: V0, amount: ucomet("1000000") } }] },
  "04-msg-begin-redelegate": { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgBeginRedelegate", value: { delegatorAddress: A0, validatorSrcAddress: V0, validatorDstAddress: V1, amount: ucomet("500000") } }] },
  "05-msg-cancel-unbonding-delegation": { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", value: { delegatorAddress: A0, validatorAddress: V0, amount: ucomet("250000"), creationHeight: "123456" } }] },
  "06-msg-withdraw-delegation-reward-x2": {
    messages: [V0, V1].map((v) => ({ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: A0, validatorAddress: v } })),
  },
  "07-msg-withdraw-validator-commission": { messages: [{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: V0 } }] },
  "08-msg-modify-withdraw-address": { messages: [{ typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", value: { delegatorAddress: A0, withdrawAddress: A1 } }] },
  "09-gov-v1-msg-vote": { messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId: "42", voter: A0, option: "yes" } }] },
  "10-gov-v1-msg-vote-weighted": { messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgVoteWeighted", value: { proposalId: "42", voter: A0, options: [{ option: "yes", weight: "0.7" }, { option: "no", weight: "0.3" }] } }] },
  "11-gov-v1-msg-deposit": { messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgDeposit", value: { proposalId: "42", depositor: A0, amount: [ucomet("10000000")] } }] },
  "12-msg-unjail": { messages: [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: V0 } }] },
  "13-msg-edit-validator": {
    messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: { validatorAddress: V0, description: { moniker: "cometdesk-validator-0", website: "https://example.com" }, commissionRate: "0.1" } }],
  },
  "14-memo-non-ascii": { messages: [send(A0, A1, "1000")], memo: "café ✓" },
  "15a-too-many-messages-json-tokens": { messages: Array.from({ length: 20 }, (_, i) => send(A0, A1, String(1000 + i))) },
  "15b-too-large-buffer": { messages: Array.from({ length: 40 }, (_, i) => send(A0, A1, String(1000 + i))) },
  "16-msg-send-from-account-1": { messages: [send(A1, A0, "700000")], indexes: [0, 1] },
  "17-rejected-by-user": { messages: [send(A0, A1, "1500000")] },
};

/** The refusals, by the worded error code the app gives them. */
const REFUSED: Record<string, string> = {
  "15a-too-many-messages-json-tokens": "ledger_too_many_messages",
  "15b-too-large-buffer": "ledger_too_large",
  "17-rejected-by-user": "ledger_rejected",
};

/**
 * The wallet signs gov v1beta1 messages (shared/cosmos/gov/actions.ts); the recordings are of gov
 * v1's, whose amino JSON is the same but for the type name (`cosmos-sdk/v1/MsgVote`).
 */
const GOV_V1 = new Set(["09-gov-v1-msg-vote", "10-gov-v1-msg-vote-weighted", "11-gov-v1-msg-deposit"]);

function appSignDoc(t: Transcript): StdSignDoc {
  const c = CASES[t.case]!;
  const d = t.signDoc!.object;
  return aminoSignDoc({ messages: c.messages, fee: d.fee, memo: c.memo ?? "", chainId: d.chain_id, accountNumber: d.account_number, sequence: d.sequence });
}

async function deviceFor(t: Transcript) {
  const { transport, store } = await replay(t.apdus);
  const progress: LedgerProgress[] = [];
  const device = createLedgerDevice({ openTransport: async () => transport, onProgress: (p) => progress.push(p) });
  return { device, store, progress };
}

/** The amino sign doc a chain rebuilds from a TxRaw to check its LEGACY_AMINO_JSON signature (x/auth's legacy sign mode handler). */
function signDocFromTx(txBytes: Uint8Array, chainId: string, accountNumber: string): StdSignDoc {
  const raw = TxRaw.decode(txBytes);
  const body = TxBody.decode(raw.bodyBytes);
  const auth = AuthInfo.decode(raw.authInfoBytes);
  const msgs = body.messages.map((any) => cosmosAminoTypes.toAmino({ typeUrl: any.typeUrl, value: cosmosRegistry.decode(any) }));
  const fee = { amount: auth.fee!.amount.map((c) => ({ denom: c.denom, amount: c.amount })), gas: auth.fee!.gasLimit.toString() };
  return makeSignDoc(msgs, fee, chainId, body.memo, accountNumber, auth.signerInfos[0]!.sequence.toString(), body.timeoutHeight === 0n ? undefined : body.timeoutHeight);
}

describe.skipIf(!TRANSCRIPTS_DIR)(TRANSCRIPTS_DIR ? "Ledger transcripts replayed through the app's Ledger device" : `Ledger transcripts: ${NO_TRANSCRIPTS}`, () => {
  it("covers every recorded case", () => {
    expect([...transcripts.keys()].sort()).toEqual([...Object.keys(CASES), "18-show-address"].sort());
  });

  for (const name of Object.keys(CASES)) {
    const refused = REFUSED[name];
    it(`${name}: ${refused ? `refused as ${refused}` : "signed, verified, and built by the app's converters"}`, async () => {
      const t = transcripts.get(name)!;
      const doc = appSignDoc(t);
      const appBytes = serializeSignDoc(doc);
      const deviceBytes = new TextEncoder().encode(t.signDoc!.json);
      if (GOV_V1.has(name)) {
        expect(new TextDecoder().decode(appBytes)).toBe(t.signDoc!.json.replace(/"cosmos-sdk\/v1\/Msg/g, '"cosmos-sdk/Msg'));
      } else {
        // Byte for byte: what the app asks the device to sign is what the device signed.
        expect(toHex(appBytes)).toBe(toHex(deviceBytes));
      }
      expect(deviceBytes.length).toBe(t.signDoc!.byteLength);

      const { device, store, progress } = await deviceFor(t);
      const signer = (CASES[name]!.messages[0]!.value as Record<string, string>).fromAddress ?? A0;
      // The device signs what the transcript's device signed (for gov, the v1 form it was shown).
      const signing = device.signAmino(network, CASES[name]!.indexes ?? [0], signer, GOV_V1.has(name) ? t.signDoc!.object : doc);
      if (refused) {
        const error = await signing.then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe(refused);
        expect((error as AppError).message).toMatch(refused === "ledger_rejected" ? /rejected the transaction on the Ledger/ : /smaller transactions/);
        expect(t.verified).toBe(false);
      } else {
        const { signature, pubkey } = await signing;
        expect(toBase64(signature)).toBe(t.signature!.base64);
        expect(toHex(pubkey)).toBe(t.pubkey.hex);
        const sig = Secp256k1Signature.fromFixedLength(signature);
        expect(await Secp256k1.verifySignature(sig, sha256(deviceBytes), pubkey)).toBe(true);
        // A signature over anything else does not verify: the check is not vacuous.
        expect(await Secp256k1.verifySignature(sig, sha256(new TextEncoder().encode(`${t.signDoc!.json} `)), pubkey)).toBe(false);

        if (!GOV_V1.has(name)) {
          // The transaction main would send: LEGACY_AMINO_JSON, the device's key, the transcript's
          // sequence; and the sign doc a chain rebuilds from it is again the signed bytes.
          const txBytes = aminoTxRaw(doc, pubkey, signature);
          const auth = AuthInfo.decode(TxRaw.decode(txBytes).authInfoBytes);
          expect(auth.signerInfos[0]!.modeInfo!.single!.mode).toBe(SignMode.SIGN_MODE_LEGACY_AMINO_JSON);
          expect(auth.signerInfos[0]!.sequence).toBe(BigInt(t.signDoc!.object.sequence));
          expect(toHex(serializeSignDoc(signDocFromTx(txBytes, t.signDoc!.object.chain_id, t.signDoc!.object.account_number)))).toBe(toHex(deviceBytes));
        }
      }
      if (name !== "15b-too-large-buffer") {
        // The device waited for the user after the last piece of the transaction: the app said so in words.
        expect(progress[0]).toMatchObject({ stage: "confirm", operation: "sign", message: expect.stringMatching(/^Confirm on your Ledger/) });
      } else {
        // Refused mid-upload: the device never showed the transaction, and the app never said to confirm.
        expect(progress.filter((p) => p.stage === "confirm")).toEqual([]);
      }
      expect(progress.at(-1)).toMatchObject({ stage: "done" });
      // Every recorded APDU was asked for, in order (a refusal is the recording's last answer).
      store.ensureQueueEmpty();
    });
  }

  it("18-show-address: shows the address on the device after reading its key, and returns it", async () => {
    const t = transcripts.get("18-show-address")!;
    const { device, store, progress } = await deviceFor(t);
    const shown = await device.showAddress(network, 0);
    expect(shown).toMatchObject({ index: 0, path: "m/44'/394'/0'/0/0", address: t.address });
    expect(toHex(shown.pubkey)).toBe(t.pubkey.hex);
    expect(fromHex(t.pubkey.hex)).toEqual(shown.pubkey);
    expect(progress[0]).toMatchObject({ stage: "confirm", operation: "show", message: expect.stringMatching(/^Confirm on your Ledger: check that the address/) });
    store.ensureQueueEmpty();
  });
});

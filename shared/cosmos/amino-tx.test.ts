import { makeSignDoc } from "@cosmjs/amino";
import { toHex } from "@cosmjs/encoding";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import { aminoTxRaw } from "./amino-tx.js";
import { aminoMsgSend } from "./bank/amino.js";
import { txIdOf } from "./tx-id.js";

const doc = makeSignDoc([aminoMsgSend("cosmos1from", "cosmos1to", [{ denom: "ucomet", amount: "5" }])], { amount: [{ denom: "ucomet", amount: "500" }], gas: "200000" }, "chain", "hi", "3", "12", 99n);

describe("aminoTxRaw", () => {
  it("encodes the transfer, the amino-JSON sign mode, the key and the signature", () => {
    const raw = aminoTxRaw(doc, new Uint8Array(33).fill(2), new Uint8Array(64).fill(7));
    const tx = TxRaw.decode(raw);
    const body = TxBody.decode(tx.bodyBytes);
    const auth = AuthInfo.decode(tx.authInfoBytes);
    expect(MsgSend.decode(body.messages[0]!.value)).toMatchObject({ fromAddress: "cosmos1from", toAddress: "cosmos1to", amount: [{ denom: "ucomet", amount: "5" }] });
    expect([body.memo, body.timeoutHeight]).toEqual(["hi", 99n]);
    expect(auth.signerInfos[0]).toMatchObject({ sequence: 12n, modeInfo: { single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } } });
    expect(auth.fee).toMatchObject({ gasLimit: 200000n, amount: [{ denom: "ucomet", amount: "500" }] });
    expect(tx.signatures[0]).toEqual(new Uint8Array(64).fill(7));
  });

  it("names a transaction by the upper-case hex sha256 of its bytes, deterministically", () => {
    const a = aminoTxRaw(doc, new Uint8Array(33).fill(2), new Uint8Array(64).fill(7));
    const b = aminoTxRaw(doc, new Uint8Array(33).fill(2), new Uint8Array(64).fill(7));
    expect(txIdOf(a)).toBe(toHex(sha256(a)).toUpperCase());
    expect(txIdOf(a)).toBe(txIdOf(b));
  });
});

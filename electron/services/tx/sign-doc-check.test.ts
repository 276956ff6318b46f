import { describe, expect, it } from "vitest";
import type { Network } from "../../../shared/contract/network.js";
import type { StdSignDoc } from "../../../shared/contract/tx.js";
import { checkSignDoc } from "./sign-doc-check.js";

const network: Network = {
  id: "devnet", name: "Local devnet", chainId: "cometdesk-devnet", accessUrl: "http://127.0.0.1:26650", rpcUrls: [],
  bech32Prefix: "cosmos", denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }], defaultDenom: "ucomet", rpcVia: "access", source: "devnet",
};
const from = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";
const to = "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3";
const doc = (edit: (d: StdSignDoc) => void = () => {}): StdSignDoc => {
  const d: StdSignDoc = {
    chain_id: "cometdesk-devnet", account_number: "0", sequence: "3", memo: "",
    fee: { amount: [{ denom: "ucomet", amount: "500" }], gas: "200000" },
    msgs: [{ type: "cosmos-sdk/MsgSend", value: { from_address: from, to_address: to, amount: [{ denom: "ucomet", amount: "1000" }] } }],
  };
  edit(d);
  return d;
};
const want = { from, to, amount: "1000", nonce: "3", accountNumber: "0", fee: "500ucomet", gas: "200000" };

describe("the sign doc from the access service", () => {
  it("is accepted when it says exactly what the user asked (a bare amount is the default denom)", () => {
    expect(() => checkSignDoc(doc(), network, want)).not.toThrow();
    expect(() => checkSignDoc(doc(), network, { ...want, amount: "1000ucomet" })).not.toThrow();
  });

  it("is refused when the service changed the recipient, amount, denom, chain, nonce or memo", () => {
    const cases: Array<(d: StdSignDoc) => void> = [
      (d) => (d.msgs[0]!.value.to_address = "cosmos1e2259ad4vd5u4cafhnk5g07yh65ga2yteru34q"),
      (d) => (d.msgs[0]!.value.amount = [{ denom: "ucomet", amount: "100000" }]),
      (d) => (d.msgs[0]!.value.amount = [{ denom: "ustake", amount: "1000" }]),
      (d) => (d.msgs[0]!.value.amount = [{ denom: "ucomet", amount: "1000" }, { denom: "ustake", amount: "1" }]),
      (d) => (d.chain_id = "cosmoshub-4"),
      (d) => (d.sequence = "4"),
      (d) => (d.memo = "send everything elsewhere"),
    ];
    for (const edit of cases) expect(() => checkSignDoc(doc(edit), network, want)).toThrow(expect.objectContaining({ code: "sign_doc_mismatch" }));
  });

  it("is refused when the fee or gas differs from the one main asked for, set by the user or the service's default", () => {
    const mismatch = expect.objectContaining({ code: "sign_doc_mismatch" });
    expect(() => checkSignDoc(doc((d) => (d.fee.amount = [{ denom: "ucomet", amount: "50000" }])), network, want)).toThrow(mismatch);
    expect(() => checkSignDoc(doc((d) => (d.fee.amount = [])), network, want)).toThrow(mismatch);
    expect(() => checkSignDoc(doc((d) => (d.fee.gas = "9000000")), network, want)).toThrow(mismatch);
    // A zero fee asked is an empty fee signed.
    expect(() => checkSignDoc(doc((d) => (d.fee.amount = [])), network, { ...want, fee: "0" })).not.toThrow();
  });

  it("is refused when the account number or the timeout height is not the one main asked for", () => {
    const mismatch = expect.objectContaining({ code: "sign_doc_mismatch" });
    expect(() => checkSignDoc(doc((d) => (d.account_number = "7")), network, want)).toThrow(mismatch);
    expect(() => checkSignDoc(doc((d) => (d.timeout_height = "12")), network, want)).toThrow(mismatch);
    expect(() => checkSignDoc(doc((d) => (d.timeout_height = "12")), network, { ...want, timeoutHeight: "12" })).not.toThrow();
    expect(() => checkSignDoc(doc(), network, { ...want, timeoutHeight: "12" })).toThrow(mismatch);
    expect(() => checkSignDoc(doc((d) => (d.timeout_height = "13")), network, { ...want, timeoutHeight: "12" })).toThrow(mismatch);
  });
});

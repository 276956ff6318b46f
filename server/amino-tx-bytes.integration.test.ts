import { createMultisigThresholdPubkey, encodeSecp256k1Pubkey, makeCosmoshubPath, type MultisigThresholdPubkey, pubkeyToAddress, Secp256k1HdWallet } from "@cosmjs/amino";
import { fromBech32, toBase64, toBech32 } from "@cosmjs/encoding";
import { encodePubkey } from "@cosmjs/proto-signing";
import { QueryClient, setupStakingExtension, SigningStargateClient, type StdFee } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { MultiSignature } from "cosmjs-types/cosmos/crypto/multisig/v1beta1/multisig";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cosmosAminoTypes, cosmosRegistry } from "../shared/cosmos/signing.js";
import { txIdOf } from "../shared/cosmos/tx-id.js";
import { call, startTestService, type TestService, waitForStatus } from "./test/access-client.js";

/**
 * `POST /transactions {txBytes}` signed the way a Ledger and a multisig sign: SIGN_MODE_LEGACY_AMINO_JSON,
 * one key or a LegacyAminoPubKey's members. The service verifies each signature over the amino
 * sign doc it rebuilds from the body, holds the transaction, and the devnet's chain commits it.
 */
const info = inject("devnet");
const HOLD_MS = 1000;
const operator = toBech32(`${info.bech32Prefix}valoper`, fromBech32(info.validators[0]!.address, 90).data);
const dave = info.accounts.find((a) => a.name === "dave")!;
const FEE: StdFee = { amount: [{ denom: info.denom, amount: "6000" }], gas: "300000" };
let svc: TestService;
let comet: Comet38Client;
let query: ReturnType<typeof QueryClient.withExtensions<ReturnType<typeof setupStakingExtension>>>;

beforeAll(async () => {
  svc = await startTestService(info, { holdMs: HOLD_MS });
  comet = await Comet38Client.connect(info.nodes[0]!.rpc);
  query = QueryClient.withExtensions(comet, setupStakingExtension);
});
afterAll(async () => {
  comet?.disconnect();
  await svc?.dispose();
});

const post = (raw: Uint8Array) => call(svc.url, svc.token, "POST", "/transactions", { txBytes: toBase64(raw) });
const account = async (address: string) => (await call<{ accountNumber: string; nextNonce: string }>(svc.url, svc.token, "GET", `/accounts/${address}`)).body;
const delegation = async (delegator: string) => BigInt((await query.staking.delegation(delegator, operator).catch(() => undefined))?.delegationResponse?.balance?.amount ?? "0");
const delegate = (delegator: string, amount: string) => ({ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: delegator, validatorAddress: operator, amount: { denom: info.stakeDenom, amount } } });
/** A key as a client holding it for amino JSON signs with it (a Ledger's way). */
async function aminoKey(mnemonic: string, index = 0) {
  const wallet = await Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix: info.bech32Prefix, hdPaths: [makeCosmoshubPath(index)] });
  const [key] = await wallet.getAccounts();
  return { address: key!.address, pubkey: encodeSecp256k1Pubkey(key!.pubkey), client: await SigningStargateClient.offline(wallet, { registry: cosmosRegistry, aminoTypes: cosmosAminoTypes }) };
}

describe("amino JSON signed transactions as txBytes", () => {
  it("a delegation signed in LEGACY_AMINO_JSON is accepted, held, and committed", async () => {
    const key = await aminoKey(dave.mnemonic);
    const before = await delegation(key.address);
    const { accountNumber, nextNonce } = await account(key.address);
    const signed = await key.client.sign(key.address, [delegate(key.address, "777")], FEE, "signed as a Ledger signs", { accountNumber: BigInt(accountNumber), sequence: Number(nextNonce), chainId: info.chainId });
    expect(AuthInfo.decode(signed.authInfoBytes).signerInfos[0]!.modeInfo?.single?.mode).toBe(SignMode.SIGN_MODE_LEGACY_AMINO_JSON);
    const raw = TxRaw.encode(signed).finish();
    const posted = await post(raw);
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    expect(posted.body).toMatchObject({ txHash: txIdOf(raw), status: "queued", kind: "Delegate", from: key.address, amount: `777${info.stakeDenom}` });
    expect(await waitForStatus(svc.url, svc.token, txIdOf(raw), ["committed", "failed"])).toMatchObject({ status: "committed", code: 0 });
    expect(await delegation(key.address)).toBe(before + 777n);
  });

  it("the same signature sent for another account number is refused in words, and nothing is held", async () => {
    const key = await aminoKey(dave.mnemonic);
    const { accountNumber, nextNonce } = await account(key.address);
    const signed = await key.client.sign(key.address, [delegate(key.address, "5")], FEE, "", { accountNumber: BigInt(accountNumber) + 1n, sequence: Number(nextNonce), chainId: info.chainId });
    const posted = await post(TxRaw.encode(signed).finish());
    expect(posted).toMatchObject({ status: 422, body: { error: { code: "invalid_signature", message: expect.stringContaining("SIGN_MODE_LEGACY_AMINO_JSON") } } });
  });

  it("a 2-of-3 multisig's delegation, each member signing amino JSON, is accepted, held, and committed", async () => {
    const members = await Promise.all([1, 2, 3].map((i) => aminoKey(dave.mnemonic, i)));
    const multisig: MultisigThresholdPubkey = createMultisigThresholdPubkey(members.map((m) => m.pubkey), 2, true);
    const address = pubkeyToAddress(multisig, info.bech32Prefix);
    // The multisig's account exists once it holds coins: dave funds it.
    const funder = await aminoKey(dave.mnemonic);
    const { accountNumber: funderNumber, nextNonce: funderNonce } = await account(funder.address);
    const funding = await funder.client.sign(funder.address, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: funder.address, toAddress: address, amount: [{ denom: info.denom, amount: "100000" }, { denom: info.stakeDenom, amount: "5000" }] } }], FEE, "", { accountNumber: BigInt(funderNumber), sequence: Number(funderNonce), chainId: info.chainId });
    const funded = TxRaw.encode(funding).finish();
    expect((await post(funded)).status).toBe(202);
    expect(await waitForStatus(svc.url, svc.token, txIdOf(funded), ["committed", "failed"])).toMatchObject({ status: "committed" });

    const { accountNumber, nextNonce } = await account(address);
    const signerData = { accountNumber: BigInt(accountNumber), sequence: Number(nextNonce), chainId: info.chainId };
    const first = await members[0]!.client.sign(members[0]!.address, [delegate(address, "1500")], FEE, "treasury", signerData);
    const third = await members[2]!.client.sign(members[2]!.address, [delegate(address, "1500")], FEE, "treasury", signerData);
    const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({
      signerInfos: [{
        publicKey: encodePubkey(multisig),
        modeInfo: { multi: { bitarray: { elems: new Uint8Array([0b1010_0000]), extraBitsStored: 3 }, modeInfos: [0, 2].map(() => ({ single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } })) } },
        sequence: BigInt(nextNonce),
      }],
      fee: { amount: [...FEE.amount], gasLimit: BigInt(FEE.gas) },
    })).finish();
    const raw = TxRaw.encode({ bodyBytes: first.bodyBytes, authInfoBytes, signatures: [MultiSignature.encode({ signatures: [first.signatures[0]!, third.signatures[0]!] }).finish()] }).finish();
    const posted = await post(raw);
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    expect(posted.body).toMatchObject({ from: address, kind: "Delegate" });
    expect(await waitForStatus(svc.url, svc.token, txIdOf(raw), ["committed", "failed"])).toMatchObject({ status: "committed", code: 0 });
    expect(await delegation(address)).toBe(1500n);
  });
});

import { toBase64 } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet, type EncodeObject } from "@cosmjs/proto-signing";
import { type StdFee, SigningStargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { DevnetInfo } from "../../devnet/lib/state.js";
import { cosmosAminoTypes, cosmosRegistry } from "../../shared/cosmos/signing.js";
import { call } from "./access-client.js";

export interface SignOptions {
  /** Defaults to the service's next nonce for the signer. */
  readonly sequence?: number;
  readonly accountNumber?: bigint;
  readonly chainId?: string;
  readonly memo?: string;
  readonly fee?: StdFee;
  readonly timeoutHeight?: bigint;
}

/** A devnet account or validator key, by name, as a third-party client would hold it (SIGN_MODE_DIRECT). */
export async function directWallet(info: DevnetInfo, name: string): Promise<{ wallet: DirectSecp256k1HdWallet; address: string }> {
  const account = [...info.accounts, ...info.validators].find((a) => a.name === name);
  if (!account) throw new Error(`no devnet account named ${name}`);
  return { wallet: await DirectSecp256k1HdWallet.fromMnemonic(account.mnemonic, { prefix: info.bech32Prefix }), address: account.address };
}

/**
 * Signs `messages` with CosmJS `SigningStargateClient.sign` (offline, SIGN_MODE_DIRECT) as any
 * client of the access service would: account number and next nonce from `GET /accounts/{address}`.
 * Returns the TxRaw bytes.
 */
export async function signTx(info: DevnetInfo, url: string, token: string, name: string, messages: readonly EncodeObject[], options: SignOptions = {}): Promise<Uint8Array> {
  const { wallet, address } = await directWallet(info, name);
  const answer = await call<{ accountNumber: string; nextNonce: string }>(url, token, "GET", `/accounts/${address}`);
  if (answer.status !== 200) throw new Error(`accounts answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const client = await SigningStargateClient.offline(wallet, { registry: cosmosRegistry, aminoTypes: cosmosAminoTypes });
  const fee = options.fee ?? { amount: [{ denom: info.denom, amount: "5000" }], gas: "300000" };
  const signerData = { accountNumber: options.accountNumber ?? BigInt(answer.body.accountNumber), sequence: options.sequence ?? Number(answer.body.nextNonce), chainId: options.chainId ?? info.chainId };
  const raw = await client.sign(address, [...messages], fee, options.memo ?? "", signerData, options.timeoutHeight);
  return TxRaw.encode(raw).finish();
}

/** The `POST /transactions` body of signed bytes. */
export const txBytesBody = (raw: Uint8Array) => ({ txBytes: toBase64(raw) });

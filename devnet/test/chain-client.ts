import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { type StdFee, SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import type { DevnetInfo } from "../lib/state.js";

/** A fixed fee, so balance changes can be checked to the unit. */
export function fixedFee(info: DevnetInfo): StdFee {
  return { amount: [{ denom: info.denom, amount: "5000" }], gas: "200000" };
}

/** A CosmJS signing client for a devnet account, connected to node `nodeIndex`. */
export async function signingClient(info: DevnetInfo, accountName: string, nodeIndex = 0): Promise<{ client: SigningStargateClient; address: string }> {
  const account = info.accounts.find((a) => a.name === accountName);
  if (!account) throw new Error(`no devnet account named ${accountName}`);
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(account.mnemonic, { prefix: info.bech32Prefix });
  const client = await SigningStargateClient.connectWithSigner(info.nodes[nodeIndex]!.rpc, wallet);
  return { client, address: account.address };
}

/** A JSON-RPC 2.0 call by POST, returning the whole response body. */
export async function rpcPost(rpc: string, method: string, params: Record<string, unknown>, id: number | string = 1): Promise<{ id: unknown; result?: unknown; error?: unknown }> {
  const response = await fetch(rpc, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
  });
  return (await response.json()) as { id: unknown; result?: unknown; error?: unknown };
}

/** A CometBFT URI-form GET; `params` are already encoded the way the URI form wants them. */
export async function rpcGet(rpc: string, route: string, params: Record<string, string> = {}): Promise<{ status: number; body: { result?: unknown; error?: unknown } }> {
  const query = Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
  const response = await fetch(`${rpc}/${route}${query ? `?${query}` : ""}`);
  return { status: response.status, body: (await response.json()) as { result?: unknown; error?: unknown } };
}

/** An account's sequence as the node at `rpc` reports it now (a fresh connection, closed after). */
export async function sequenceOf(rpc: string, address: string): Promise<number> {
  const chain = await StargateClient.connect(rpc);
  try {
    return (await chain.getSequence(address)).sequence;
  } finally {
    chain.disconnect();
  }
}

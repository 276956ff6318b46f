import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { Comet1Client, Comet38Client, type CometClient, Tendermint37Client } from "@cosmjs/tendermint-rpc";
import type { DevnetInfo } from "../lib/state.js";

/**
 * The CosmJS client for the devnet's CometBFT generation, chosen from devnet.json rather than
 * detected: CosmJS's detection knows 0.37, 0.38 and 1.x, and would read a 0.39 node as 0.37.
 */
export async function cometClient(info: DevnetInfo, nodeIndex = 0): Promise<CometClient> {
  const rpc = info.nodes[nodeIndex]!.rpc;
  if (info.cometbftVersion.startsWith("0.37.")) return Tendermint37Client.connect(rpc);
  if (info.cometbftVersion.startsWith("1.")) return Comet1Client.connect(rpc);
  return Comet38Client.connect(rpc); // 0.38, and 0.39, whose RPC answers keep 0.38's shapes
}

/** A CosmJS signing client for a devnet account over the generation's own client. */
export async function matrixSigningClient(info: DevnetInfo, accountName: string): Promise<{ client: SigningStargateClient; address: string }> {
  const account = info.accounts.find((a) => a.name === accountName);
  if (!account) throw new Error(`no devnet account named ${accountName}`);
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(account.mnemonic, { prefix: info.bech32Prefix });
  return { client: SigningStargateClient.createWithSigner(await cometClient(info), wallet), address: account.address };
}

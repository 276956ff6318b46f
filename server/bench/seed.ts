import { Secp256k1HdWallet, type StdSignDoc } from "@cosmjs/amino";
import type { DevnetInfo } from "../../devnet/lib/state.js";

async function post(url: string, token: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Submits `perSender` signed transfers from each devnet account and waits until all commit. */
export async function seedTransfers(info: DevnetInfo, url: string, token: string, perSender: number): Promise<number> {
  const hashes: string[] = [];
  const receiver = info.accounts[0]!.address;
  await Promise.all(
    info.accounts.map(async (account) => {
      const wallet = await Secp256k1HdWallet.fromMnemonic(account.mnemonic, { prefix: info.bech32Prefix });
      for (let i = 0; i < perSender; i++) {
        const request = { from: account.address, to: receiver === account.address ? info.accounts[1]!.address : receiver, amount: String(1 + i) };
        const { signDoc } = (await post(url, token, "/transactions/sign-doc", request)) as { signDoc: StdSignDoc };
        const { signed, signature } = await wallet.signAmino(account.address, signDoc);
        const record = await post(url, token, "/transactions", { ...request, nonce: signed.sequence, signature: signature.signature });
        hashes.push(String(record.txHash));
      }
    }),
  );
  const deadline = Date.now() + 120_000;
  for (const hash of hashes) {
    for (;;) {
      const response = await fetch(`${url}/transactions/${hash}`, { headers: { authorization: `Bearer ${token}` } });
      const { status } = (await response.json()) as { status: string };
      if (status === "committed") break;
      if (status !== "queued" && status !== "broadcast") throw new Error(`seed transfer ${hash} ended ${status}`);
      if (Date.now() > deadline) throw new Error("seed transfers did not commit within 120 s");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return hashes.length;
}

import { afterAll, inject } from "vitest";
import { z } from "zod";

/**
 * Integration files share one devnet and its accounts. A file that leaves a transfer held in the
 * devnet's access service (its 5 s "undo send" window) would have it broadcast during the next
 * file, using a nonce that file had already read as free. So every file ends only once the
 * devnet's access service holds nothing pending and the node's mempool is empty.
 */
const SETTLE_MS = 60_000;
const Listing = z.object({ transactions: z.array(z.object({ txHash: z.string() })) });
const Unconfirmed = z.object({ result: z.object({ total: z.coerce.number() }) });

async function pendingInAccess(url: string, token: string): Promise<number> {
  let count = 0;
  for (const status of ["queued", "broadcast"]) {
    const answer = await fetch(`${url}/transactions?status=${status}&limit=100`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5_000) });
    if (!answer.ok) throw new Error(`the devnet's access service answered ${answer.status} to a listing of ${status} transactions`);
    count += Listing.parse(await answer.json()).transactions.length;
  }
  return count;
}

async function inMempool(rpc: string): Promise<number> {
  const answer = await fetch(`${rpc}/num_unconfirmed_txs`, { signal: AbortSignal.timeout(5_000) });
  return Unconfirmed.parse(await answer.json()).result.total;
}

afterAll(async () => {
  const info = inject("devnet");
  const deadline = Date.now() + SETTLE_MS;
  let last = "";
  while (Date.now() < deadline) {
    const held = info.access ? await pendingInAccess(info.access.url, info.access.token) : 0;
    const mempool = await inMempool(info.nodes[0]!.rpc);
    if (held === 0 && mempool === 0) return;
    last = `${held} pending in the devnet's access service, ${mempool} in the node's mempool`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`this file left transactions in flight for the next one (${last} after ${SETTLE_MS / 1000} s)`);
}, SETTLE_MS + 10_000);

/**
 * Benchmark-only entry (never part of the app build): the real TxTable with a synthetic list of
 * N transfers, for the wallet section of `npm run bench`. The rows are made up here.
 * `?case=` picks the list: `newest` (as the service sends it), `sorted` (by amount, largest
 * first) or `filtered` (one status out of twice as many transfers, so N rows remain).
 */
import { createRoot } from "react-dom/client";
import type { Tx } from "../../shared/contract/tx.js";
import { TxTable } from "../src/wallet/pages/transactions/TxTable.js";

const params = new URLSearchParams(location.search);
const count = Number(params.get("rows") ?? "100000");
const which = params.get("case") ?? "newest";
const hex = (n: number) => n.toString(16).toUpperCase().padStart(64, "0");
const statuses = ["committed", "queued", "broadcast", "failed", "cancelled"] as const;
const made = (i: number, status: Tx["status"]): Tx => ({
  txHash: hex(i * 2654435761),
  from: "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc",
  to: "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3",
  // Amounts of many widths, so a sorted list is not the index order.
  amount: `${((i * 7919) % 1_000_003) + 1}000ucomet`,
  status,
  memo: i % 7 === 0 ? `row ${i}` : "",
  time: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
});
const amountOf = (tx: Tx) => BigInt(tx.amount.replace(/\D+$/, ""));

function list(): Tx[] {
  if (which === "filtered") {
    // Every other transfer committed: the status filter keeps `count` of `2 × count`.
    const all = Array.from({ length: count * 2 }, (_, i) => made(i, i % 2 === 0 ? "committed" : statuses[1 + ((i >> 1) % 4)]!));
    return all.filter((tx) => tx.status === "committed");
  }
  const rows = Array.from({ length: count }, (_, i) => made(i, statuses[i % statuses.length]!));
  if (which === "sorted") rows.sort((a, b) => { const d = amountOf(b) - amountOf(a); return d > 0n ? 1 : d < 0n ? -1 : 0; });
  return rows;
}
const rows = list();

createRoot(document.getElementById("root")!).render(
  <TxTable rows={rows} denoms={[{ base: "ucomet", display: "COMET", exponent: 6 }]} defaultDenom="ucomet" mine="cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc" onHistory={() => {}} />,
);
(window as { benchReady?: boolean; benchRows?: number }).benchRows = rows.length;
(window as { benchReady?: boolean }).benchReady = true;

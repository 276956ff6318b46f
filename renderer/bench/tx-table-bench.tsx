/**
 * Benchmark-only entry (never part of the app build): the real TxTable with a synthetic list of
 * N transfers, for `npm run bench:wallet`. The rows are made up here, in the benchmark.
 */
import { createRoot } from "react-dom/client";
import type { Tx } from "../../shared/contract/tx.js";
import { TxTable } from "../src/wallet/pages/transactions/TxTable.js";


const count = Number(new URLSearchParams(location.search).get("rows") ?? "100000");
const hex = (n: number) => n.toString(16).toUpperCase().padStart(64, "0");
const statuses = ["committed", "queued", "broadcast", "failed", "cancelled"] as const;
const rows: Tx[] = Array.from({ length: count }, (_, i) => ({
  txHash: hex(i * 2654435761),
  from: "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc",
  to: "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3",
  amount: `${(i + 1) * 1000}ucomet`,
  status: statuses[i % statuses.length]!,
  memo: i % 7 === 0 ? `row ${i}` : "",
  time: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
}));

createRoot(document.getElementById("root")!).render(
  <TxTable rows={rows} denoms={[{ base: "ucomet", display: "COMET", exponent: 6 }]} defaultDenom="ucomet" mine="cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc" onHistory={() => {}} />,
);
(window as { benchReady?: boolean }).benchReady = true;

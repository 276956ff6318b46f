import type { Network } from "../../../shared/contract/network.js";
import type { Tx, TxStatus } from "../../../shared/contract/tx.js";
import { splitCoin } from "../../../shared/wallet/amount.js";
import { toCsv } from "../../../shared/wallet/csv.js";
import type { AccessClient } from "../access/access-client.js";
import type { SaveFile } from "../ports.js";

export const CSV_HEADER = ["time", "hash", "from", "to", "amount", "denom", "fee", "memo", "status", "height"] as const;

/** One CSV row; amounts stay in base units with their denom, so nothing is rounded. */
export function csvRow(tx: Tx, network: Network): string[] {
  const coin = splitCoin(tx.amount, network.defaultDenom);
  return [tx.time ?? tx.createdAt ?? "", tx.txHash, tx.from, tx.to, coin?.amount ?? tx.amount, coin?.denom ?? "", tx.fee ?? "", tx.memo ?? "", tx.status, tx.height ?? ""];
}

/** Pages through `GET /transactions` with the list's filter until `rows` rows (the ones the user has loaded). */
export async function exportCsv(
  client: AccessClient, network: Network, filter: { address?: string; status?: TxStatus; rows: number }, saveFile: SaveFile | undefined,
) {
  const { maxListLimit } = await client.info();
  const txs: Tx[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.list({ address: filter.address, status: filter.status, cursor, limit: Math.min(maxListLimit, filter.rows - txs.length) });
    txs.push(...page.transactions);
    cursor = page.nextCursor;
  } while (cursor && txs.length < filter.rows);
  return writeCsv(txs.slice(0, filter.rows), network, saveFile);
}

/** The rows as CSV, through the save dialog, or the text itself where there is none. */
export async function writeCsv(txs: readonly Tx[], network: Network, saveFile: SaveFile | undefined) {
  const csv = toCsv(CSV_HEADER, txs.map((t) => csvRow(t, network)));
  const filename = `cometdesk-${network.id}-transactions-${new Date().toISOString().slice(0, 10)}.csv`;
  if (!saveFile) return { saved: false, rows: txs.length, csv, filename };
  const result = await saveFile.save(filename, csv);
  return { ...result, rows: txs.length, filename };
}

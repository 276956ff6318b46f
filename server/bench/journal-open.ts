/**
 * `tsx server/bench/journal-open.ts PATH`: opens a journal in a fresh process, as a service start
 * does, and prints one JSON line: the time `JournalStore.open` took, the records it holds, and the
 * heap they take. Used by the journal benchmark (scripts/bench/journal.ts).
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { JournalStore } from "../lib/store.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const path = process.argv[2];
if (!path) throw new Error("usage: journal-open.ts PATH");
gc();
const heapBefore = process.memoryUsage().heapUsed;
const t0 = performance.now();
const store = await JournalStore.open(path);
const ms = performance.now() - t0;
gc();
const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
const records = store.list({ limit: 1 }).items.length > 0 ? countRecords(store) : 0;
await store.close();
console.log(JSON.stringify({ ms, records, heapMiB }));

function countRecords(s: JournalStore): number {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = s.list({ limit: 10_000, cursor });
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

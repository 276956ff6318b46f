/**
 * `npm run bench:genesis [-- --balances 400000]`: the genesis tree and search served from main,
 * on a generated genesis cut into CometBFT's 16 MB chunks (read, hash and parse; one page of the
 * largest array; a search that scans the whole file), written to docs/benchmarks.md under
 * "Explorer: genesis". Never part of the tests.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { replaceSection } from "./bench/doc-sections.js";
import { genesisNode, genesisSearch, loadGenesis } from "../electron/services/rpc/genesis-index.js";

const { values } = parseArgs({ options: { balances: { type: "string" } } });
const count = Number(values.balances ?? "400000");
const DOC = "docs/benchmarks.md";
const CHUNK = 16 * 1024 * 1024;

const balances = Array.from({ length: count }, (_, i) => ({ address: `cosmos1holder${i}${"x".repeat(28)}`, coins: [{ denom: "ucomet", amount: String(i) }] }));
const file = Buffer.from(JSON.stringify({ chain_id: "bench-1", app_state: { bank: { balances } } }));
const total = Math.ceil(file.length / CHUNK);
const fetchChunk = async (i: number) => ({ chunk: i, total, data: file.subarray(i * CHUNK, (i + 1) * CHUNK).toString("base64") });

const time = async <T>(f: () => T | Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const r = await f();
  return [r, performance.now() - t];
};
const [g, loadMs] = await time(() => loadGenesis(fetchChunk));
const [, pageMs] = await time(() => genesisNode(g, { path: ["app_state", "bank", "balances"], offset: count - 100, limit: 100 }));
const [found, searchMs] = await time(() => genesisSearch(g, `holder${count - 1}x`));
if (found.matches.length !== 1) throw new Error(`expected one match, got ${found.matches.length}`);
const rss = process.memoryUsage().rss / 1048576;

const section = [
  "# Explorer: genesis",
  "",
  `A generated genesis of ${count.toLocaleString("en")} bank balances, ${(file.length / 1048576).toFixed(1)} MiB in ${total} chunks of 16 MB, served`,
  "by `chain.genesisNode` / `chain.genesisSearch` in main (`npm run bench:genesis`; no node involved, the chunks come from memory).",
  "",
  "| what | value |",
  "|---|---|",
  `| read every chunk, hash and parse (once per network) | ${Math.round(loadMs)} ms |`,
  `| one page of 100 children of the ${count.toLocaleString("en")}-item array | ${pageMs.toFixed(1)} ms |`,
  `| a search that scans the whole file (one match, at the end) | ${Math.round(searchMs)} ms |`,
  `| main's resident memory afterwards | ${Math.round(rss)} MiB |`,
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core CI machine (1-minute load average ${loadavg()[0]!.toFixed(1)} at the end: other suites were running).`,
  "",
].join("\n");
console.log(section);
const doc = existsSync(DOC) ? readFileSync(DOC, "utf8") : "# Benchmarks\n\n";
writeFileSync(DOC, replaceSection(doc, "Explorer: genesis", section));

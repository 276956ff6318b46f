/**
 * The access service's journal over a long run: its size while 100,000 blocks are followed with
 * nothing pending, and while 100,000 transfers go through their whole life; then the service's
 * start-up read of each file, in a fresh process. No devnet: the service's own store and follower
 * are driven directly (server/bench/journal-load.ts), on the machine's disk.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fillRecords, followBlocks, type Growth } from "../../server/bench/journal-load.js";
import type { Section } from "./section.js";
import { median } from "./stats.js";

export interface JournalOptions {
  readonly blocks: number;
  readonly records: number;
  /** Transfers in flight together (one group commit each step). */
  readonly concurrent: number;
}

interface OpenFigures {
  readonly ms: number;
  readonly records: number;
  readonly heapMiB: number;
}

/** `JournalStore.open` in a fresh process, on a copy of `path` (an open may compact its file). */
function openOnce(path: string, dir: string): OpenFigures {
  const copy = join(dir, "open-copy.jsonl");
  copyFileSync(path, copy);
  const out = execFileSync(process.execPath, ["--import", "tsx", "server/bench/journal-open.ts", copy], { encoding: "utf8" });
  rmSync(copy, { force: true });
  return JSON.parse(out.trim().split("\n").at(-1)!) as OpenFigures;
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
const size = (n: number) => (n < 2 ** 20 ? kib(n) : mib(n));
const int = (n: number) => n.toLocaleString("en-US");

export function journalSection(o: JournalOptions): Section {
  return {
    id: "journal",
    heading: "Access service journal",
    async run(ctx) {
      const dir = mkdtempSync(join(tmpdir(), "cometdesk-bench-journal-"));
      try {
        const blocksPath = join(dir, "blocks.jsonl");
        console.log(`journal: following ${int(o.blocks)} empty blocks`);
        const blocks = await followBlocks(blocksPath, o.blocks);
        const recordsPath = join(dir, "records.jsonl");
        console.log(`journal: ${int(o.records)} transfers, ${o.concurrent} at a time`);
        const records: Growth = await fillRecords(recordsPath, o.records, o.concurrent);
        const opens = { blocks: [] as OpenFigures[], records: [] as OpenFigures[] };
        for (let run = 1; run <= ctx.runs; run++) {
          console.log(`journal: start-up read, run ${run}/${ctx.runs}`);
          opens.blocks.push(openOnce(blocksPath, dir));
          opens.records.push(openOnce(recordsPath, dir));
        }
        const startBlocks = median(opens.blocks.map((x) => x.ms));
        const startRecords = median(opens.records.map((x) => x.ms));
        const heapRecords = median(opens.records.map((x) => x.heapMiB));
        const loaded = opens.records[0]!.records;
        if (loaded !== o.records) throw new Error(`the journal read back ${loaded} records, not ${o.records}`);
        const body = `The service's own \`JournalStore\` and \`ChainFollower\` (\`server/bench/journal-load.ts\`) on the
machine's disk, every append fdatasync'd as in service. The file is sampled after every step: its
size, and its size over what a compaction would leave (the live records, or the 1 MiB below which
the journal is never compacted). *Disk* adds a compaction's temporary file while one is written.
Start-up is \`JournalStore.open\` in a fresh process (\`server/bench/journal-open.ts\`), the
median of ${ctx.runs} runs, each on a copy of the file as the run left it; the heap is what the
open records take, after a GC.

## 100,000 blocks followed, nothing pending

The real follower, one block per tick as it follows a live chain, over ${int(o.blocks)} empty blocks.

| | journal file |
|---|---:|
| largest during the run | ${size(blocks.maxFileBytes)} |
| at the end | ${size(blocks.finalFileBytes)} |
| a height line per block, as the journal wrote before it kept them down, same run | ${size(blocks.bytesBefore)} (${int(blocks.heightLinesBefore)} lines) |
| start-up read (median) | ${startBlocks.toFixed(1)} ms |

## 100,000 records

${int(o.records)} transfers through their whole life, ${o.concurrent} at a time: queued (a submission),
broadcast (the queue), committed (the follower, one block per group, then the followed height),
so ${int(o.records * 3)} record versions were appended in ${records.seconds.toFixed(1)} s.

| | |
|---|---:|
| live records at the end (what a compaction leaves) | ${size(records.liveBytes)} |
| journal file at the end | ${size(records.finalFileBytes)} |
| journal file at its largest | ${size(records.maxFileBytes)} |
| **largest file / compacted size, at any sample** | **${records.maxRatio.toFixed(2)}×** |
| journal and compaction file together, at their largest | ${size(records.maxDiskBytes)} |
| compactions while running | ${records.compactions} |
| **start-up read of ${int(loaded)} records (median)** | **${startRecords.toFixed(0)} ms** |
| heap the records take once read | ${heapRecords.toFixed(0)} MiB |

Files: ${int(statSync(recordsPath).size)} bytes for the records, ${int(statSync(blocksPath).size)} for the blocks.

Command: \`${ctx.command}\`
`;
        const goals = [
          { goal: "journal while 100,000 blocks are followed, nothing pending: ≤ 2× its compacted size (or 1 MiB)", measured: `${size(blocks.maxFileBytes)} at most`, met: blocks.maxRatio <= 2 },
          { goal: "journal with 100,000 records: ≤ 2× its compacted size (or 1 MiB) at any time", measured: `${records.maxRatio.toFixed(2)}× at most (${size(records.maxFileBytes)} for ${size(records.liveBytes)} live)`, met: records.maxRatio <= 2 },
          { goal: "start-up read of 100,000 records ≤ 2 s", measured: `${startRecords.toFixed(0)} ms (median of ${ctx.runs})`, met: startRecords <= 2000 },
        ];
        return { body, goals };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

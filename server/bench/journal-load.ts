import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import pino from "pino";
import { ChainFollower, settled } from "../lib/follower.js";
import { DEFAULT_COMPACTION } from "../lib/journal.js";
import { type BlockMeta, NodeClient, type NodeStatus } from "../lib/node-client.js";
import { type TxRecord, withStatus } from "../lib/records.js";
import { JournalStore } from "../lib/store.js";

/**
 * Workloads for the journal benchmark (scripts/bench/journal.ts): the service's own store and
 * follower, driven the way a long-running service drives them, with the file measured as it goes.
 */

/** How the file grew: its largest size, and its largest size over what a compaction leaves. */
export interface Growth {
  readonly maxFileBytes: number;
  /** The journal file over max(live bytes, the size below which it is never compacted). */
  readonly maxRatio: number;
  /** The journal and a compaction's temporary file together, at their largest. */
  readonly maxDiskBytes: number;
  readonly finalFileBytes: number;
  readonly liveBytes: number;
  readonly compactions: number;
  readonly seconds: number;
}


function tracker(store: JournalStore, path: string) {
  let maxFileBytes = 0;
  let maxRatio = 0;
  let maxDiskBytes = 0;
  let compactions = 0;
  let last = 0;
  return {
    sample() {
      const { fileBytes, liveBytes } = store.journalStats();
      const tmp = `${path}.tmp`;
      const disk = statSync(path).size + (existsSync(tmp) ? statSync(tmp).size : 0);
      if (fileBytes < last) compactions++;
      last = fileBytes;
      maxFileBytes = Math.max(maxFileBytes, fileBytes);
      maxRatio = Math.max(maxRatio, fileBytes / Math.max(liveBytes, DEFAULT_COMPACTION.minBytes));
      maxDiskBytes = Math.max(maxDiskBytes, disk);
    },
    result(started: number): Growth {
      const { fileBytes, liveBytes } = store.journalStats();
      return { maxFileBytes, maxRatio, maxDiskBytes, finalFileBytes: fileBytes, liveBytes, compactions, seconds: (performance.now() - started) / 1000 };
    },
  };
}

/** A chain of empty blocks that grows by one block per `status` call, as a live node seen once per block. */
class EmptyChain extends NodeClient {
  height = 1n;

  constructor() {
    super("http://127.0.0.1:9", 1); // never called: every method the follower uses is answered here
  }

  override async status(): Promise<NodeStatus> {
    return { chainId: "bench", latestHeight: this.height++, earliestHeight: 1n };
  }

  override async blockchain(min: bigint, max: bigint): Promise<BlockMeta[]> {
    const metas: BlockMeta[] = [];
    for (let h = max; h >= min; h--) metas.push({ height: h, time: new Date(Number(h) * 1000).toISOString(), numTxs: 0n });
    return metas;
  }
}

/** The real follower, one block per tick, over `blocks` blocks with nothing pending. */
export async function followBlocks(path: string, blocks: number): Promise<Growth & { heightLinesBefore: number; bytesBefore: number }> {
  const store = await JournalStore.open(path);
  const follower = new ChainFollower(new EmptyChain(), store, 0, pino({ level: "silent" }), "bench");
  const track = tracker(store, path);
  const started = performance.now();
  for (let i = 0; i < blocks; i++) {
    await follower.tick();
    track.sample();
  }
  const result = track.result(started);
  await store.close();
  // What one height line per block (the behaviour before) would have written for the same run.
  let bytesBefore = 0;
  for (let h = 1; h <= blocks; h++) bytesBefore += `{"k":"height","v":"${h}"}\n`.length;
  return { ...result, heightLinesBefore: blocks, bytesBefore };
}

/** A record shaped like the service's own (a MsgSend's TxRaw is about 260 bytes). */
function submission(n: number, at: Date): TxRecord {
  const time = at.toISOString();
  const holdUntil = new Date(at.getTime() + 10_000).toISOString();
  return {
    txHash: randomBytes(32).toString("hex").toUpperCase(),
    from: `cosmos1${randomBytes(19).toString("hex").slice(0, 38)}`,
    to: `cosmos1${randomBytes(19).toString("hex").slice(0, 38)}`,
    amount: `${1000 + n}ucomet`,
    status: "queued",
    source: "submitted",
    nonce: String(n),
    memo: "",
    fee: "500ucomet",
    gas: "200000",
    timeoutHeight: "0",
    holdUntil,
    createdAt: time,
    history: [{ status: "queued", at: time, detail: `held until ${holdUntil}` }],
    raw: randomBytes(260).toString("base64"),
    owner: randomBytes(6).toString("hex"),
    sortKey: time,
  };
}

/**
 * `records` transfers through their whole life, `concurrent` at a time as requests arrive
 * together: queued (a submission), broadcast (the queue), committed (the follower, one block per
 * group), with the followed height after each block.
 */
export async function fillRecords(path: string, records: number, concurrent: number): Promise<Growth> {
  const store = await JournalStore.open(path);
  const track = tracker(store, path);
  const started = performance.now();
  const t0 = Date.UTC(2026, 0, 1);
  for (let n = 0, height = 1n; n < records; n += concurrent, height++) {
    const group = Array.from({ length: Math.min(concurrent, records - n) }, (_, i) => submission(n + i, new Date(t0 + (n + i) * 100)));
    await Promise.all(group.map((r) => store.put(r)));
    track.sample();
    await Promise.all(group.map((r) => store.update(r.txHash, (c) => withStatus(c, "broadcast", "sent to the node with broadcast_tx_sync"))));
    track.sample();
    const blockTime = new Date(t0 + (n + concurrent) * 100).toISOString();
    await Promise.all(group.map((r) => store.update(r.txHash, (c) => settled(c, { code: 0, codespace: "", log: "" }, height, blockTime))));
    await store.setFollowedHeight(height);
    track.sample();
  }
  const result = track.result(started);
  await store.close();
  return result;
}

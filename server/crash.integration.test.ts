import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { StargateClient } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { aminoWallet, call, signTransfer, waitFor } from "./test/access-client.js";
import { createTestStorage, openTestStore, type TestStorage } from "./test/test-storage.js";

/**
 * kill -9 while 200 submissions are in flight, then restart on the same data folder (or
 * database): every acknowledged transaction is still known and commits exactly once.
 */
const info = inject("devnet");
let storage: TestStorage;
const children = new Set<ChildProcess>();
const SENDERS = ["alice", "bob", "carol", "dave"];
const PER_SENDER = 50;

/** Starts the service as a child process; resolves with its URL once it listens. */
async function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", "--node", info.nodes[0]!.rpc, "--port", "0", ...storage.cliArgs, "--hold-ms", "0", "--rate-limit", "100000", "--rate-burst", "100000", "--poll-ms", "100"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the service did not start within 30 s")), 30_000);
    child.once("exit", (code) => reject(new Error(`the service exited with ${code} while starting`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /"url":"(http:[^"]+)".*access service listening/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return { child, url };
}

beforeAll(async () => {
  storage = await createTestStorage();
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await storage?.dispose();
});

describe("a crash while submissions are in flight", () => {
  it("keeps every acknowledged transaction, and each commits exactly once", { timeout: 240_000 }, async () => {
    const opened = await openTestStore(storage);
    const { token } = await opened.tokens.create("crash-test");
    await opened.close();
    const first = await startChild();
    const chain = await StargateClient.connect(info.nodes[0]!.rpc);
    const erin = info.accounts.find((a) => a.name === "erin")!.address;
    const startBalance = BigInt((await chain.getBalance(erin, info.denom)).amount);
    const start = new Map<string, number>();

    // 200 transfers signed up front, 50 per sender with consecutive nonces, as a busy client would.
    const bodies: Record<string, string>[] = [];
    for (const name of SENDERS) {
      const { wallet, address } = await aminoWallet(info, name);
      const { sequence } = await chain.getSequence(address);
      start.set(address, sequence);
      for (let i = 0; i < PER_SENDER; i++) {
        bodies.push(await signTransfer(first.url, token, wallet, { from: address, to: erin, amount: String(1000 + i), nonce: String(sequence + i) }));
      }
    }

    // Interleave senders, keep 32 requests in flight, and kill -9 after 60 acknowledgements.
    const order = [...bodies.keys()].sort((a, b) => (a % PER_SENDER) - (b % PER_SENDER) || a - b);
    const acked = new Map<number, string>();
    let nextIndex = 0;
    let killed = false;
    const worker = async (): Promise<void> => {
      while (nextIndex < order.length && !killed) {
        const i = order[nextIndex++]!;
        try {
          const answer = await call(first.url, token, "POST", "/transactions", bodies[i]);
          if (answer.status === 202 || answer.status === 200) acked.set(i, String(answer.body.txHash));
        } catch {
          // the connection died with the service: not acknowledged
        }
        if (acked.size >= 60 && !killed) {
          killed = true;
          first.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    expect(killed).toBe(true);
    expect(acked.size).toBeGreaterThanOrEqual(60);
    expect(acked.size).toBeLessThan(200);

    const second = await startChild();
    // Every acknowledged transaction survived the crash.
    for (const hash of acked.values()) {
      const { status } = await call(second.url, token, "GET", `/transactions/${hash}`);
      expect(status, `acknowledged ${hash} after the restart`).toBe(200);
    }
    // The client retries what was never acknowledged; identical resubmissions are idempotent.
    const hashes = new Map(acked);
    for (const i of order.filter((i) => !acked.has(i))) {
      const answer = await call(second.url, token, "POST", "/transactions", bodies[i]);
      expect([200, 202], `resubmitting body ${i}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      hashes.set(i, String(answer.body.txHash));
    }

    await waitFor("all 200 transfers to commit", async () => {
      for (const hash of hashes.values()) {
        const { body } = await call(second.url, token, "GET", `/transactions/${hash}`);
        if (body.status !== "committed") return undefined;
      }
      return true;
    }, 180_000, 500);

    // Exactly once, checked on chain: every hash is there and the amounts moved once each.
    for (const hash of acked.values()) {
      const tx = await chain.getTx(hash);
      expect(tx?.code, hash).toBe(0);
    }
    for (const [address, sequence] of start) expect((await chain.getSequence(address)).sequence).toBe(sequence + PER_SENDER);
    const sent = BigInt(SENDERS.length) * BigInt(Array.from({ length: PER_SENDER }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0));
    expect(BigInt((await chain.getBalance(erin, info.denom)).amount) - startBalance).toBe(sent);
    chain.disconnect();

    // SIGTERM is a clean stop.
    const exited = new Promise<number | null>((resolve) => second.child.once("exit", resolve));
    second.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

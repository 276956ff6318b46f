import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutFromEnv, repoRoot } from "../../../../devnet/lib/layout.js";
import { readDevnetInfo, type DevnetInfo } from "../../../../devnet/lib/state.js";
import { rpcPost } from "../../../../devnet/test/chain-client.js";
import { TEST_PORT_BASE } from "../../../../devnet/test/global-setup.js";
import type { Services } from "../../create-services.js";
import { registerChainHandlers } from "../../rpc/chain-handlers.js";
import { createRpcTransport } from "../../rpc/rpc-transport.js";
import { createRequestBudgets } from "../../../../shared/net/request-budget.js";
import { type Answer, devnetDirectChain, openDirectApp, startDirectSender } from "../../testing/direct-app.js";
import { createDirectChain } from "./direct-chain.js";

/**
 * Public nodes as operators run them, on a real two-validator devnet: node 1 runs without a
 * transaction index (`indexer = "null"`) and with a minimum gas price ten times the network's
 * registry price (0.05ucomet against 0.005), through COMETDESK_DEVNET_NODE_OVERRIDES
 * (devnet/lib/node-overrides.ts); node 0 is the devnet's usual node. A network lists node 1 first.
 */
const run = promisify(execFile);
const HIGH_PRICE = "0.05ucomet";
const env = {
  ...process.env,
  COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "two"),
  COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1000),
  COMETDESK_DEVNET_NODE_OVERRIDES: JSON.stringify({ 1: { indexer: "null", minimumGasPrices: HIGH_PRICE } }),
};
const cli = (...args: string[]) => run(process.execPath, ["--import", "tsx", join(repoRoot, "devnet", "cli.ts"), ...args], { env, timeout: 600_000 });

let info: DevnetInfo;
const opened: Services[] = [];
const transfer = (from: string, to: string, amount: string) => ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend" as const, value: { fromAddress: from, toAddress: to, amount: [{ denom: info.denom, amount }] } });
const account = (name: string) => info.accounts.find((a) => a.name === name)!;

beforeAll(async () => {
  await cli("reset");
  await cli("up", "--validators", "2");
  info = readDevnetInfo(layoutFromEnv(env))!;
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await cli("down");
});

describe("a node without a transaction index beside one with it", () => {
  it("is the devnet's node 1: it refuses tx_search in CometBFT's words", async () => {
    const answer = await rpcPost(info.nodes[1]!.rpc, "tx_search", { query: "tx.height>0" });
    expect(JSON.stringify(answer)).toContain("transaction indexing is disabled");
  });

  it("a network whose first endpoint is the unindexed node still confirms a direct send and lists it in the history", async () => {
    const alice = account("alice");
    const bob = account("bob");
    const app = await openDirectApp(info, alice.mnemonic, [info.nodes[1]!.rpc, info.nodes[0]!.rpc], opened);
    // Priced for node 1 (0.25 per gas), which every read and the broadcast reach first.
    const sent = await app.call("tx.sendMessages", { messages: [transfer(alice.address, bob.address, "777")], fee: `50000${info.denom}`, gas: "200000" });
    const tx = await app.committed(sent.txHash as string);
    expect(tx).toMatchObject({ status: "committed", code: 0 });
    const { transactions } = (await app.call("tx.list", { address: alice.address, limit: 20 })) as { transactions: Array<{ txHash: string; status: string }> };
    expect(transactions.find((t) => t.txHash === sent.txHash)).toMatchObject({ status: "committed" });
  });
});

describe("a node whose minimum gas price is above the registry's", () => {
  it("refuses the registry-priced transaction; the refusal says so in words with the price now, and the transaction prepared again at it commits", async () => {
    const carol = account("carol");
    const dave = account("dave");
    const app = await openDirectApp(info, carol.mnemonic, [info.nodes[1]!.rpc, info.nodes[0]!.rpc], opened);
    const messages = [transfer(carol.address, dave.address, "4242")];
    const reviewed = await app.call("tx.prepare", { messages });
    expect(reviewed).toMatchObject({ gasPrice: `0.005${info.denom}`, feeTier: "average" });
    const refusal = await app.call("tx.sendMessages", { messages, fee: `${(reviewed.fee as { amount: Array<{ amount: string }> }).amount[0]!.amount}${info.denom}`, gas: (reviewed.fee as { gas: string }).gas }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "insufficient_fee", gasPriceNow: HIGH_PRICE, message: expect.stringContaining(`the fee is too low for this node: it asks at least ${HIGH_PRICE} per unit of gas now`) });
    const again = await app.call("tx.prepare", { messages, gasPrice: (refusal as { gasPriceNow: string }).gasPriceNow });
    expect(again).toMatchObject({ gasPrice: HIGH_PRICE });
    const fee = (again.fee as { amount: Array<{ amount: string }>; gas: string });
    const sent = await app.call("tx.sendMessages", { messages, fee: `${fee.amount[0]!.amount}${info.denom}`, gas: fee.gas });
    expect(await app.committed(sent.txHash as string)).toMatchObject({ status: "committed", code: 0 });
  });
});

describe("a fee refusal that arrives after the undo window, on the Transactions page", () => {
  it("lists the send as rejected with the price now; tx.repriceRequest gives its messages, memo and that price, and the send prepared at it commits", async () => {
    const erin = account("erin");
    const dave = account("dave");
    const app = await openDirectApp(info, erin.mnemonic, [info.nodes[1]!.rpc, info.nodes[0]!.rpc], opened, { undoWindowSeconds: 1 });
    const messages = [transfer(erin.address, dave.address, "5151"), transfer(erin.address, account("bob").address, "6")];
    const reviewed = await app.call("tx.prepare", { messages, memo: "rent, november" });
    const fee = reviewed.fee as { amount: Array<{ amount: string }>; gas: string };
    const queued = await app.call("tx.sendMessages", { messages, memo: "rent, november", fee: `${fee.amount[0]!.amount}${info.denom}`, gas: fee.gas });
    expect(queued.status).toBe("queued"); // the review has closed: the refusal comes after it
    let listed: Answer = queued;
    for (let i = 0; i < 80 && listed.status === "queued"; i++) {
      await new Promise((r) => setTimeout(r, 250));
      listed = await app.call("tx.get", { id: queued.txHash });
    }
    expect(listed).toMatchObject({ status: "rejected", gasPriceNow: HIGH_PRICE, log: expect.stringContaining(`it asks at least ${HIGH_PRICE} per unit of gas now`) });
    const { transactions } = (await app.call("tx.list", { address: erin.address, limit: 20 })) as { transactions: Answer[] };
    expect(transactions.find((t) => t.txHash === queued.txHash)).toMatchObject({ status: "rejected", gasPriceNow: HIGH_PRICE });

    const request = await app.call("tx.repriceRequest", { id: queued.txHash });
    expect(request).toEqual({ messages, memo: "rent, november", gasPrice: HIGH_PRICE });
    const again = await app.call("tx.prepare", request);
    const priced = again.fee as { amount: Array<{ amount: string }>; gas: string };
    const sent = await app.call("tx.sendMessages", { ...request, gasPrice: undefined, fee: `${priced.amount[0]!.amount}${info.denom}`, gas: priced.gas });
    expect(await app.committed(sent.txHash as string)).toMatchObject({ status: "committed", code: 0 });

    // Any other send is refused in words: one that committed, and one this app never sent.
    await expect(app.call("tx.repriceRequest", { id: sent.txHash })).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("was not refused for its fee") });
    await expect(app.call("tx.repriceRequest", { id: "AB".repeat(32) })).rejects.toMatchObject({ code: "not_found", message: expect.stringContaining("sent from this app") });
  });
});

describe("a public RPC proxy that rate-limits, in front of the real node", () => {
  let proxy: Server;
  let proxyUrl = "";
  let refused = 0;
  let forwarded = 0;
  let limiting = true;
  /** Refuse only broadcasts, as a public node that limits its write routes harder than its reads. */
  let limitingBroadcasts = false;
  beforeAll(async () => {
    // Answers as a rate-limiting proxy does (HTTP 429 with Retry-After, RFC 9110 §10.2.3); otherwise passes the request to node 0.
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const method = req.method === "POST" ? (JSON.parse(Buffer.concat(chunks).toString() || "{}") as { method?: string }).method : req.url?.slice(1).split("?")[0];
        if (limiting || (limitingBroadcasts && method?.startsWith("broadcast_tx"))) {
          refused++;
          res.writeHead(429, { "retry-after": "30", "content-type": "text/plain" }).end("rate limit exceeded");
          return;
        }
        forwarded++;
        void fetch(`${info.nodes[0]!.rpc}${req.url ?? "/"}`, { method: req.method, headers: { "content-type": "application/json" }, body: req.method === "POST" ? Buffer.concat(chunks) : undefined })
          .then(async (r) => res.writeHead(r.status, { "content-type": "application/json" }).end(Buffer.from(await r.arrayBuffer())))
          .catch(() => res.writeHead(502).end());
      });
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((r) => proxy.close(r)));

  /** Main's direct-mode reads over these endpoints, as the app builds them for a network (create-services.ts `chainFor`). */
  const chainOver = (urls: string[]) => {
    // Budgets of its own: each test is an app of its own, not one that heard the proxy's earlier Retry-After.
    const transport = createRpcTransport({ endpoints: () => urls.map((url) => ({ url, kind: "node" as const })), budgets: createRequestBudgets() });
    const handlers = registerChainHandlers({ transport, defaultMethod: () => "POST", connection: () => ({ networkId: "public", endpoint: null, state: "idle", lastHeight: null, reason: null }), expectedChainId: () => info.chainId, onClose: (r) => closers.push(r) });
    return createDirectChain(handlers, transport);
  };
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => Promise.all(closers.map((c) => c())));

  it("moves each read to the network's next node at once, and leaves the proxy alone for its Retry-After, in main and in the read worker", async () => {
    const chain = chainOver([proxyUrl, info.nodes[0]!.rpc]);
    const erin = account("erin");
    expect((await chain.account(erin.address)).known).toBe(true);
    expect(refused).toBe(1);
    // The proxy would answer now, but its 30 s rest is not over: it is not asked, neither by main
    // nor by the read worker that runs tx_search over a snapshot of the transport.
    limiting = false;
    expect(await chain.latestHeight()).toBeGreaterThan(0n);
    expect((await chain.txSearch({ query: "tx.height>0", perPage: 5 })).totalCount).toBeDefined();
    expect([refused, forwarded]).toEqual([1, 0]);
  });

  it("says when every node of the network is rate-limiting and when to try next", async () => {
    limiting = true;
    const chain = chainOver([proxyUrl]);
    await expect(chain.latestHeight()).rejects.toMatchObject({ code: "rpc_rate_limited", message: expect.stringMatching(/^every node of this network is rate-limiting: next try in 30 s/) });
    // Asked again at once, the answer is the same, and the resting proxy is not asked.
    const before = refused;
    await expect(chain.latestHeight()).rejects.toMatchObject({ code: "rpc_rate_limited", message: expect.stringMatching(/next try in (29|30) s/) });
    expect(refused).toBe(before);
  });

  it("a held send whose broadcast meets only rate-limiting nodes stays signed, and the list says it waits for them, not an internal error", async () => {
    limiting = false;
    // Only the broadcast is refused, from before the send: however long signing takes on a busy
    // machine, the undo window cannot end before the proxy refuses.
    limitingBroadcasts = true;
    const erin = account("erin");
    const internalErrors: string[] = [];
    const { network } = devnetDirectChain(info);
    const started = await startDirectSender({
      info, mnemonic: erin.mnemonic, dataDir: mkdtempSync(join(tmpdir(), "cometdesk-rate-limited-")), chain: chainOver([proxyUrl]), reads: chainOver([info.nodes[0]!.rpc]), holdMs: 1_000,
      onInternalError: (what, error) => internalErrors.push(`${what}: ${String(error)}`),
    });
    const sent = await started.sender.send(network, { messages: [transfer(erin.address, account("bob").address, "91")] });
    expect(sent.status).toBe("queued");
    const waiting = async () => started.outbox.list().find((s) => s.txHash === sent.txHash && s.problem !== undefined);
    for (let i = 0; i < 120 && !(await waiting()); i++) await new Promise((r) => setTimeout(r, 250));
    expect(await waiting()).toMatchObject({ state: "signed" });
    const reads = chainOver([info.nodes[0]!.rpc]);
    const [listed] = await started.sender.openSends(network, erin.address, () => reads.latestHeight());
    expect(listed).toMatchObject({ txHash: sent.txHash, status: "queued", log: expect.stringMatching(/^waiting: every node of Devnet by RPC is rate-limiting \(they ask for (29|30) s\); it stays signed here and is sent again/) });
    expect(internalErrors).toEqual([]);
    started.sender.close();
    started.vault.close();
    limitingBroadcasts = false;
  });
});

describe("a chain whose fee market answers: x/feemarket's answer, recorded in its real shape, in front of the real node", () => {
  let market: Server;
  let marketUrl = "";
  /** The live price the stand-in's x/feemarket answers, as a LegacyDec's atomics (the decimal × 10^18). */
  let atomics = "10000000000000000"; // 0.01
  beforeAll(async () => {
    // GasPriceResponse { DecCoin price = 1 } (skip-mev/feemarket proto/feemarket/feemarket/v1/query.proto),
    // DecCoin { denom = 1, amount = 2 } (cosmos-sdk proto/cosmos/base/v1beta1/coin.proto), as an
    // abci_query answer; every other request goes to node 0, which has no fee market.
    const gasPriceResponse = () => {
      const coin = Buffer.concat([Buffer.from([0x0a, info.denom.length]), Buffer.from(info.denom), Buffer.from([0x12, atomics.length]), Buffer.from(atomics)]);
      return Buffer.concat([Buffer.from([0x0a, coin.length]), coin]).toString("base64");
    };
    market = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        type Item = { id: number; method: string; params?: { path?: string } };
        const parsed = req.method === "POST" ? (JSON.parse(body.toString()) as Item | Item[]) : undefined;
        const isMarket = (rpc: Item) => rpc.method === "abci_query" && rpc.params?.path === "/feemarket.feemarket.v1.Query/GasPrice";
        const marketAnswer = (rpc: Item) => ({ jsonrpc: "2.0", id: rpc.id, result: { response: { code: 0, log: "", info: "", index: "0", key: null, value: gasPriceResponse(), proofOps: null, height: "1", codespace: "" } } });
        // A JSON-RPC batch, as the app sends reads that start together: the fee market's items answered here, the rest by the node.
        if (Array.isArray(parsed)) {
          const rest = parsed.filter((rpc) => !isMarket(rpc));
          void (rest.length ? fetch(info.nodes[0]!.rpc, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rest) }).then(async (r) => (await r.json()) as unknown[]) : Promise.resolve([]))
            .then((answers) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify([...parsed.filter(isMarket).map(marketAnswer), ...answers])))
            .catch(() => res.writeHead(502).end());
          return;
        }
        if (parsed && isMarket(parsed)) {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(marketAnswer(parsed)));
          return;
        }
        void fetch(`${info.nodes[0]!.rpc}${req.url ?? "/"}`, { method: req.method, headers: { "content-type": "application/json" }, body: req.method === "POST" ? body : undefined })
          .then(async (r) => res.writeHead(r.status, { "content-type": "application/json" }).end(Buffer.from(await r.arrayBuffer())))
          .catch(() => res.writeHead(502).end());
      });
    });
    await new Promise<void>((r) => market.listen(0, "127.0.0.1", r));
    marketUrl = `http://127.0.0.1:${(market.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((r) => market.close(r)));

  it("prices the tiers from the live gas price with the headroom shown, reads it again before signing, and signs nothing below it", async () => {
    const dave = account("dave");
    const app = await openDirectApp(info, dave.mnemonic, [marketUrl], opened);
    const messages = [transfer(dave.address, account("bob").address, "31")];
    const reviewed = await app.call("tx.prepare", { messages });
    expect(reviewed).toMatchObject({ feeTier: "average", gasPrice: `0.012${info.denom}`, feeMarket: { source: "feemarket", livePrice: `0.01${info.denom}`, headroom: 1.2 } });
    const gas = Number((reviewed.fee as { gas: string }).gas);
    const fee = (reviewed.fee as { amount: Array<{ amount: string }> }).amount[0]!.amount;
    expect(fee).toBe(String(Math.ceil(gas * 0.012)));
    // The price doubles before the user signs: the reviewed fee would be refused, so main refuses to sign it.
    atomics = "20000000000000000"; // 0.02
    const outboxBefore = ((await app.call("tx.outbox")) as { entries: unknown[] }).entries.length;
    const refusal = await app.call("tx.sendMessages", { messages, fee: `${fee}${info.denom}`, gas: String(gas) }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "insufficient_fee", gasPriceNow: `0.024${info.denom}`, message: expect.stringContaining(`the chain's gas price is 0.02${info.denom} now`) });
    expect(((await app.call("tx.outbox")) as { entries: unknown[] }).entries).toHaveLength(outboxBefore);
    // Prepared again at the price now, it is signed and committed.
    const again = await app.call("tx.prepare", { messages, gasPrice: (refusal as { gasPriceNow: string }).gasPriceNow });
    const priced = again.fee as { amount: Array<{ amount: string }>; gas: string };
    const sent = await app.call("tx.sendMessages", { messages, fee: `${priced.amount[0]!.amount}${info.denom}`, gas: priced.gas });
    expect(await app.committed(sent.txHash as string)).toMatchObject({ status: "committed", code: 0 });
  });
});

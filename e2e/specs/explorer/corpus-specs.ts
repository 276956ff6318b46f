import { coins } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { addNetworkByForm, WAIT_MS } from "../../support/app.js";
import { devnetInfo, haltChain, rpc } from "../../support/chain.js";
import { type JsonRpcAnswer, startCorpusProxy } from "../../support/corpus-proxy.js";
import { corpusRewrite, ERROR_DATA, ERROR_MESSAGE, EVENT_ATTRIBUTES, EVENT_TYPE, NODE_MONIKER, PEER_MONIKERS } from "../../support/corpus-rewrite.js";
import { corpusMemos, homoglyphs } from "../../support/hostile-corpus.js";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import { expectInert } from "../../support/inert-page.js";
import { typedSecret } from "../../support/run-secrets.js";
import type { SpecContext } from "../../support/spec-context.js";
import { explore } from "./explore.js";
import { search } from "./search-specs.js";

interface Sent { readonly memo: string; readonly hash: string; readonly height: string }
let sent: Sent[] = [];

const go = async (page: Page, route: string, ready: string) => {
  await page.evaluate((r) => (window.location.hash = `#/${r}`), route);
  await page.getByTestId(ready).first().waitFor({ timeout: WAIT_MS });
};

/**
 * Real transfers carrying the corpus as memos, signed with CosmJS and broadcast to node 0.
 * The chain is halted while they are broadcast, so `whilePending` sees them in the mempool.
 */
async function sendCorpusMemos(ctx: SpecContext, whilePending: (pending: ReadonlyArray<{ memo: string; hash: string }>) => Promise<void>): Promise<Sent[]> {
  const { rpcs, devnetDir, nodesDir } = ctx.env().four;
  const info = devnetInfo(devnetDir);
  const { client, address } = await signingClient(info, "dave", 0);
  const to = info.accounts.find((a) => a.name === "erin")!.address;
  const { accountNumber, sequence } = await client.getSequence(address);
  const chainId = await client.getChainId();
  const hashes: Array<{ memo: string; hash: string }> = [];
  const resume = haltChain(nodesDir);
  try {
    for (const [i, memo] of corpusMemos().entries()) {
      const msg = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: address, toAddress: to, amount: coins(1, info.denom) } };
      const signed = await client.sign(address, [msg], fixedFee(info), memo, { accountNumber, sequence: sequence + i, chainId });
      const answer = await rpc<{ code: number; hash: string; log: string }>(rpcs[0]!, "broadcast_tx_sync", { tx: Buffer.from(TxRaw.encode(signed).finish()).toString("base64") });
      expect(answer.code, answer.log).toBe(0);
      hashes.push({ memo, hash: answer.hash });
    }
    await whilePending(hashes);
  } finally {
    resume();
    client.disconnect();
  }
  const out: Sent[] = [];
  for (const { memo, hash } of hashes) {
    let height: string | undefined;
    await expect.poll(async () => {
      height = (await rpc<{ height: string }>(rpcs[0]!, "tx", { hash: Buffer.from(hash, "hex").toString("base64") }).catch(() => undefined))?.height;
      return height !== undefined;
    }, { timeout: 60_000 }).toBe(true);
    out.push({ memo, hash, height: height! });
  }
  return out;
}

/** Scrolls the virtualised list `testId` until its row `hash` is rendered (a bounded walk down the list). */
async function scrollToRow(page: Page, testId: string, hash: string): Promise<void> {
  const list = page.getByTestId(testId);
  await list.evaluate((el) => (el.scrollTop = 0));
  for (let i = 0; i < 200 && (await list.locator(`[data-hash="${hash}"]`).count()) === 0; i++) {
    await list.evaluate((el) => (el.scrollTop += el.clientHeight / 2));
    await page.waitForTimeout(50);
  }
  await list.locator(`[data-hash="${hash}"]`).waitFor({ timeout: WAIT_MS });
}

/** Adds a network through the Networks page (the page must be on it) and selects it. */
async function addNetwork(page: Page, ctx: SpecContext, name: string, rpcUrl: string, accessUrl?: string): Promise<void> {
  const info = devnetInfo(ctx.env().four.devnetDir);
  // Its node is a rewriting proxy: saved as before the form asked nodes, so the rewriting is what is tried.
  await addNetworkByForm(page, { name, chainId: info.chainId, rpcUrl, denom: info.denom, accessUrl, offline: true });
  await page.getByLabel("Network", { exact: true }).selectOption({ label: name });
}

/** A block's transactions repeated to `count` by the proxy: a busy block built on real chain data. */
const busyBlock = (height: string, count: number) => (method: string, answer: JsonRpcAnswer) => {
  const block = (answer.result as { block?: { header: { height: string }; data: { txs: string[] } } } | undefined)?.block;
  if ((method !== "block" && method !== "block_by_hash") || block?.header.height !== height || block.data.txs.length === 0) return;
  const seen = block.data.txs;
  block.data.txs = Array.from({ length: count }, (_, i) => seen[i % seen.length]!);
};

export function corpusSpecs(ctx: SpecContext): void {
  it("corpus memos on real transfers are inert text in the mempool, on each tx page and in their blocks' decoded txs", async () => {
    const appUrl = ctx.env().four.appUrl;
    const page = await explore(ctx, "mempool");
    sent = await sendCorpusMemos(ctx, async (pending) => {
      // The mempool list shows hashes; a row's body (memo included) is decoded when opened.
      for (const { memo, hash } of pending) {
        const row = page.getByTestId("mempool-txs").locator(`[data-hash="${hash}"]`);
        await row.getByRole("button", { name: "Decode" }).click({ timeout: WAIT_MS });
        await expectInert(page, [memo], appUrl, `mempool ${hash}`);
        await row.getByRole("button", { name: "Hide" }).click({ timeout: WAIT_MS });
      }
    });
    for (const s of sent) {
      await go(page, `tx/${s.hash}`, "tx-detail");
      await expectInert(page, [s.memo], appUrl, `tx ${s.hash}`);
    }
    for (const height of new Set(sent.map((s) => s.height))) {
      await go(page, `block/${height}`, "block-txs");
      // The list renders only the rows on screen: each transfer's row is scrolled to first.
      for (const s of sent.filter((one) => one.height === height)) {
        await scrollToRow(page, "block-txs", s.hash.toUpperCase());
        await expectInert(page, [s.memo], appUrl, `block ${height}, ${s.hash}`);
      }
    }
    expect(ctx.errors(page)).toEqual([]);
  });

  it("look-alike addresses typed into the search are refused as look-alikes, never opened as the real account", async () => {
    const alice = devnetInfo(ctx.env().four.devnetDir).accounts[0]!.address;
    const page = await explore(ctx, "dashboard");
    for (const { name, value } of homoglyphs(alice)) {
      await search(page, value);
      await expect.poll(() => page.locator("#search-hint").textContent(), { message: name }).toMatch(/looks like|one case/);
      expect(await page.getByRole("button", { name: "Go" }).isDisabled(), name).toBe(true);
      expect(page.url(), name).toMatch(/#\/dashboard$/);
      await page.keyboard.press("Escape");
    }
    expect(await page.getByTestId("account-page").count()).toBe(0);
  });

  it("hostile monikers, event attributes and node errors from a rewriting proxy render as inert text", async () => {
    const { rpcs, appUrl, devnetDir } = ctx.env().four;
    const proxy = await startCorpusProxy(rpcs[0]!, corpusRewrite);
    // The same rewriting in front of the devnet's real access service, for its REST errors.
    const accessProxy = await startCorpusProxy(devnetInfo(devnetDir).access!.url, corpusRewrite);
    const page = await explore(ctx, "networks");
    try {
      await addNetwork(page, ctx, "Corpus net", proxy.url);

      await go(page, "node", "node-facts");
      await page.getByTestId("peers-table").waitFor({ timeout: WAIT_MS });
      await expectInert(page, [NODE_MONIKER, ...PEER_MONIKERS], appUrl, "node page and its peers");

      const s = sent[0]!;
      await go(page, `block/${s.height}`, "block-txs");
      await expectInert(page, [EVENT_TYPE, ...EVENT_ATTRIBUTES.flatMap((a) => [a.key, a.value])], appUrl, "block events");
      await go(page, `tx/${s.hash}`, "tx-detail");
      await expectInert(page, [EVENT_TYPE, ...EVENT_ATTRIBUTES.map((a) => a.value)], appUrl, "tx events");

      await page.evaluate(() => (window.location.hash = "#/block/999999999"));
      await expectInert(page, [`${ERROR_MESSAGE}: ${ERROR_DATA}`], appUrl, "a node error on the block page");
      await page.evaluate(() => (window.location.hash = "#/console"));
      await page.getByLabel("Route").selectOption("block");
      await page.getByLabel(/^height/).fill("999999999");
      await page.getByRole("button", { name: "Call block" }).click();
      await page.getByTestId("console-error").waitFor({ timeout: WAIT_MS });
      await expectInert(page, [`${ERROR_MESSAGE}: ${ERROR_DATA}`], appUrl, "a node error in the console");
      expect(proxy.seen.get("block_results"), "the block's results came through the proxy").toBeGreaterThan(0);

      // An access-service error (its refusal of a wrong token) with hostile text in its message:
      // the explorer's RPC calls never show the service's text, the transactions list does.
      await page.getByRole("link", { name: "Networks", exact: true }).click();
      await addNetwork(page, ctx, "Corpus access net", proxy.url, accessProxy.url);
      const row = page.locator("tr[data-network-id]", { hasText: "Corpus access net" });
      const wrongToken = `corpus-wrong-token-${Date.now().toString(36)}`;
      typedSecret("the wrong token typed for the corpus network", wrongToken);
      await row.getByRole("button", { name: /Set token|Replace token/ }).click();
      await row.getByLabel(/Access token for/).fill(wrongToken);
      await row.getByRole("button", { name: "Save token" }).click();
      await page.evaluate(() => (window.location.hash = "#/transactions"));
      await page.locator("[data-state=token]").waitFor({ timeout: WAIT_MS });
      await expectInert(page, [ERROR_MESSAGE], appUrl, "an access-service error on the transactions page");
      expect(accessProxy.seen.size, "the call went through the access service").toBeGreaterThan(0);
      // The refused token and the node errors are answers the page handles, not page errors.
      expect(ctx.errors(page)).toEqual([]);
    } finally {
      await page.getByRole("link", { name: "Networks", exact: true }).click();
      await page.getByLabel("Network", { exact: true }).selectOption({ index: 0 });
      for (const name of ["Corpus access net", "Corpus net"]) {
        const row = page.locator("tr", { hasText: name });
        if ((await row.count()) === 0) continue;
        page.once("dialog", (dialog) => void dialog.accept());
        await row.getByRole("button", { name: "Remove" }).click();
        await expect.poll(() => page.locator("tr", { hasText: name }).count(), { timeout: WAIT_MS }).toBe(0);
      }
      await proxy.close();
      await accessProxy.close();
    }
  });
  it("a block of 2,000 transactions shows its first rows with the block, and reads the rest a page at a time as the list scrolls", async () => {
    const { rpcs } = ctx.env().four;
    const height = sent[0]?.height;
    expect(height, "the corpus spec before this one sent transfers").toBeDefined();
    const proxy = await startCorpusProxy(rpcs[0]!, busyBlock(height!, 2_000));
    const page = await explore(ctx, "networks");
    try {
      await addNetwork(page, ctx, "Busy block net", proxy.url);
      await go(page, `block/${height!}`, "block-txs");
      const list = page.getByTestId("block-txs");
      expect(await list.getAttribute("data-count")).toBe("2000");
      expect(await page.locator("#block-txs-h").textContent()).toBe("Transactions (2,000)");
      // The rows' ids are the node's own transactions' ids, in the node's order.
      const txs = (await rpc<{ block: { data: { txs: string[] } } }>(rpcs[0]!, "block", { height: height! })).block.data.txs;
      const idOf = (i: number) => txIdOf(Buffer.from(txs[i % txs.length]!, "base64"));
      const first = list.locator("[data-index='0']");
      expect(await first.getAttribute("data-hash")).toBe(idOf(0));
      // Only the rows on screen are in the page, not 2,000 of them.
      expect(await list.locator("[role=listitem]").count()).toBeLessThan(60);
      // End: the last row, on page 20, read when the list reaches it.
      await first.focus();
      await page.keyboard.press("End");
      const last = list.locator("[data-index='1999']");
      await expect.poll(() => last.getAttribute("data-hash"), { timeout: WAIT_MS }).toBe(idOf(1999));
      expect(await last.textContent()).toContain("2000.");
      expect(await last.evaluate((row) => row === document.activeElement)).toBe(true);
      // Enter opens the focused row: its decoded body.
      await page.keyboard.press("Enter");
      await last.locator("details[open]").waitFor({ timeout: WAIT_MS });
      await last.getByTestId("tx-decoded").waitFor({ timeout: WAIT_MS });
      // A closed row renders no body: rows scrolled in cost no decoding.
      expect(await list.locator("details:not([open]) [data-testid=tx-decoded]").count()).toBe(0);
      expect(proxy.seen.get("block")).toBeGreaterThan(0);
      expect(ctx.errors(page)).toEqual([]);
    } finally {
      await page.getByRole("link", { name: "Networks", exact: true }).click();
      await page.getByLabel("Network", { exact: true }).selectOption({ index: 0 });
      const row = page.locator("tr", { hasText: "Busy block net" });
      if ((await row.count()) > 0) {
        page.once("dialog", (dialog) => void dialog.accept());
        await row.getByRole("button", { name: "Remove" }).click();
        await expect.poll(() => page.locator("tr", { hasText: "Busy block net" }).count(), { timeout: WAIT_MS }).toBe(0);
      }
      await proxy.close();
    }
  });
}

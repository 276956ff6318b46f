import { expect, it } from "vitest";
import { WAIT_MS } from "../../support/app.js";
import { rpc } from "../../support/chain.js";
import { readableUtc } from "../../support/readable-utc.js";
import type { SpecContext } from "../../support/spec-context.js";
import { stakingValidators } from "../../support/staking.js";
import { explore, fact, focusedAttr, tabInto } from "./explore.js";

interface BlockAnswer { block_id: { hash: string }; block: { header: { time: string; proposer_address: string; app_hash: string }; data: { txs: string[] | null } } }
interface CommitAnswer { signed_header: { commit: { signatures: Array<{ block_id_flag: number; validator_address: string; timestamp: string }> } } }
interface Blockchain { last_height: string; block_metas: Array<{ header: { height: string }; num_txs: string }> }

export function blockSpecs(ctx: SpecContext): void {
  it("blocks: the live list starts at the node's head and pages back 20 at a time", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "blocks");
    const list = page.getByTestId("blocks-list");
    await list.locator("[data-height]").first().waitFor({ timeout: WAIT_MS });
    const top = Number(await list.locator("[data-height]").first().getAttribute("data-height"));
    const head = Number((await rpc<Blockchain>(node, "blockchain")).last_height);
    expect(Math.abs(head - top)).toBeLessThanOrEqual(3);
    // Each row's tx count is the node's for that height.
    const meta = (await rpc<Blockchain>(node, "blockchain", { minHeight: String(top - 5), maxHeight: String(top - 5) })).block_metas[0]!;
    expect(await list.locator(`[data-height="${top - 5}"] [data-testid="block-num-txs"]`).textContent()).toBe(meta.num_txs);
    // Its time is the chain's, in UTC, and the list says so: read as local time it would be off by the reader's zone.
    const header = (await rpc<BlockAnswer>(node, "block", { height: String(top - 5) })).block.header;
    expect(await page.getByRole("columnheader", { name: "Time (UTC)" }).count()).toBe(1);
    expect(await list.locator(`[data-height="${top - 5}"] time`).getAttribute("datetime")).toBe(header.time);
    expect(await list.locator(`[data-height="${top - 5}"] time`).textContent()).toBe(header.time.replace("T", " ").slice(0, 23));
    const before = await page.getByTestId("blocks-latest").textContent();
    await page.getByRole("button", { name: "Load 20 older blocks" }).click();
    // A young chain may have fewer than 40 blocks: then the list reaches the first one.
    await expect.poll(async () => Number(/(\d+) blocks loaded/.exec((await page.getByTestId("blocks-latest").textContent()) ?? "")?.[1]), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(Math.min(40, top));
    expect(before).toMatch(/blocks loaded/);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("blocks: coming back to the page, its latest height is the app's, never the last visit's", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "blocks");
    const list = page.getByTestId("blocks-list");
    await list.locator("[data-height]").first().waitFor({ timeout: WAIT_MS });
    const left = Number((await rpc<Blockchain>(node, "blockchain")).last_height);
    // Away on a page that does not read the blocks list, while the chain moves on a few blocks:
    // the list's cached answer is now as old as this visit.
    await page.evaluate(() => (window.location.hash = "#/mempool"));
    await page.getByTestId("blocks-list").waitFor({ state: "detached", timeout: WAIT_MS });
    await expect.poll(async () => Number((await rpc<Blockchain>(node, "blockchain")).last_height), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(left + 4);
    // Every state the page shows on its way back, as it renders: the latest height and the first row.
    await page.evaluate(() => {
      const seen: Array<[string, string]> = [];
      (window as unknown as { __blocksSeen: typeof seen }).__blocksSeen = seen;
      new MutationObserver(() => {
        const latest = document.querySelector('[data-testid="blocks-latest"]')?.textContent;
        const top = document.querySelector('[data-testid="blocks-list"] [data-height]')?.getAttribute("data-height");
        if (latest && top) seen.push([latest, top]);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      window.location.hash = "#/blocks";
    });
    await list.locator("[data-height]").first().waitFor({ timeout: WAIT_MS });
    const back = Number((await rpc<Blockchain>(node, "blockchain")).last_height);
    // Until the page has shown a block from after the return, and a few renders more.
    await expect.poll(async () => Number(await list.locator("[data-height]").first().getAttribute("data-height")), { timeout: WAIT_MS }).toBeGreaterThan(back);
    const seen = await page.evaluate(() => (window as unknown as { __blocksSeen: Array<[string, string]> }).__blocksSeen);
    expect(seen.length).toBeGreaterThan(0);
    for (const [latest, top] of seen) {
      const shown = Number(/Latest height (\d+)/.exec(latest)?.[1]);
      expect({ latest, top, atLeastTop: shown >= Number(top) }).toEqual({ latest, top, atLeastTop: true });
    }
    // The first state shown already has a height from after the visit.
    expect(Number(/Latest height (\d+)/.exec(seen[0]![0])?.[1])).toBeGreaterThanOrEqual(left + 4);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("blocks: keyboard only, Tab reaches the newest row, arrows, Home and End move, Enter opens the block", async () => {
    const page = await explore(ctx, "blocks");
    const list = page.getByTestId("blocks-list");
    await list.locator("[data-height]").first().waitFor({ timeout: WAIT_MS });
    const top = Number(await list.locator("[data-height]").first().getAttribute("data-height"));
    await tabInto(page, "blocks-list");
    // Tab lands on the newest row. A block may arrive (every 500 ms) between Tab and this read
    // and push that row to the second place, so it is checked by height, not by its place.
    const first = Number(await focusedAttr(page, "data-height"));
    expect(first).toBeGreaterThanOrEqual(top);
    // The focus stays on its block while new ones arrive at the top, so Down is always one lower.
    // A key's row may need a render (or a page of rows) before it takes the focus: each move is
    // waited for as long as the page may take on a busy machine, not the poll's one second.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedAttr(page, "data-height"), { timeout: WAIT_MS }).toBe(String(first - 1));
    await page.keyboard.press("End");
    const count = await list.getAttribute("aria-rowcount");
    await expect.poll(async () => Number(await focusedAttr(page, "aria-rowindex")), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(Number(count));
    // Home goes to the newest row there was when pressed (newer ones may have arrived since).
    await page.keyboard.press("Home");
    await expect.poll(async () => Number(await focusedAttr(page, "data-height")), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(first);
    const home = Number(await focusedAttr(page, "data-height"));
    await page.keyboard.press("ArrowDown");
    const chosen = String(home - 1);
    await expect.poll(() => focusedAttr(page, "data-height"), { timeout: WAIT_MS }).toBe(chosen);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("block-detail").getAttribute("data-height"), { timeout: WAIT_MS }).toBe(chosen);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("block detail: header fields and commit signatures match `block` and `commit` at that height", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "block/3");
    await page.getByTestId("block-facts").waitFor({ timeout: WAIT_MS });
    const block = await rpc<BlockAnswer>(node, "block", { height: "3" });
    expect(await fact(page, "block-facts", "Hash")).toBe(block.block_id.hash);
    // The chain's time read as UTC, naming the zone, with the node's exact value (nanoseconds) kept.
    const time = page.getByTestId("block-facts").locator('dd[data-fact="Time"] time');
    expect(await time.textContent()).toBe(readableUtc(block.block.header.time));
    expect(await time.getAttribute("datetime")).toBe(block.block.header.time);
    expect(await time.getAttribute("title")).toBe(block.block.header.time);
    expect(await fact(page, "block-facts", "Proposer")).toBe(block.block.header.proposer_address);
    expect(await fact(page, "block-facts", "App hash")).toBe(block.block.header.app_hash);
    expect(await fact(page, "block-facts", "Transactions")).toBe(String(block.block.data.txs?.length ?? 0));
    const commit = await rpc<CommitAnswer>(node, "commit", { height: "3" });
    const signed = commit.signed_header.commit.signatures.filter((s) => s.block_id_flag === 2).length;
    await expect.poll(() => page.getByTestId("commit-summary").textContent(), { timeout: WAIT_MS }).toContain(`${signed} of 4 signed`);
    expect(await page.getByTestId("commit-signatures").locator("tbody tr").count()).toBe(4);
    // Each signer is named as the staking module names it.
    const names = new Map((await stakingValidators(node)).map((v) => [v.address, v.moniker]));
    for (const s of commit.signed_header.commit.signatures.filter((x) => x.validator_address)) {
      const moniker = page.getByTestId("commit-signatures").locator(`tr[data-address="${s.validator_address}"] [data-testid="validator-moniker"]`);
      await expect.poll(() => moniker.textContent(), { timeout: WAIT_MS }).toBe(names.get(s.validator_address));
      // Each signature's time is read the way the block's is.
      const signedAt = page.getByTestId("commit-signatures").locator(`tr[data-address="${s.validator_address}"] time`);
      expect(await signedAt.getAttribute("datetime")).toBe(s.timestamp);
      expect(await signedAt.textContent()).toBe(readableUtc(s.timestamp));
    }
    // The header alone, by height and by hash, agrees with the block's.
    await page.getByText("Header as the header and header_by_hash routes answer").click();
    await expect.poll(() => page.getByTestId("header-agree").textContent(), { timeout: WAIT_MS }).toBe("header and header_by_hash agree.");
    expect(await page.getByRole("tree", { name: "Header" }).textContent()).toContain(block.block.header.app_hash);
    // Neighbours are one press away, by keyboard too.
    await page.getByRole("link", { name: "Block 4 →" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("block-detail").getAttribute("data-height"), { timeout: WAIT_MS }).toBe("4");
    expect(ctx.errors(page)).toEqual([]);
  });

  it("block detail: a block the chain has not made yet is said so, and shown once the chain reaches it", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const head = Number((await rpc<Blockchain>(node, "blockchain")).last_height);
    // Far enough ahead that the chain cannot reach it before the page has opened, on a busy machine too.
    const wanted = head + 10;
    const page = await explore(ctx, `block/${wanted}`);
    const ahead = page.getByTestId("block-ahead");
    await ahead.waitFor({ timeout: WAIT_MS });
    // Said as what it is, with the chain's newest block, not as the node's "Internal error".
    expect(await ahead.getAttribute("role")).toBe("status");
    // The node's own refusal first, then the live feed's newest block once its first event came.
    await expect.poll(() => ahead.textContent(), { timeout: WAIT_MS }).toMatch(new RegExp(`^Block ${wanted} is not on the chain yet: the newest block is \\d+\\.This page shows it as soon as the node has it\\.$`));
    expect(await page.getByRole("alert").count()).toBe(0);
    // The page asks again as the live feed reaches the height, with no reload.
    await expect.poll(() => page.getByTestId("block-detail").getAttribute("data-height"), { timeout: 3 * WAIT_MS }).toBe(String(wanted));
    expect(await ahead.count()).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });
}

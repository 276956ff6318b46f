import { fromBech32, toBech32 } from "@cosmjs/encoding";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { WAIT_MS } from "../../support/app.js";
import { devnetInfo, rpc } from "../../support/chain.js";
import { describedBy, untiedFieldErrors } from "../../support/field-errors.js";
import { expectBusyButton, pressWhileHeld } from "../../support/held-answers.js";
import type { SpecContext } from "../../support/spec-context.js";
import { stakingValidators } from "../../support/staking.js";
import { explore, exploreHolding } from "./explore.js";

/** Opens the search with the keyboard shortcut and submits `text`. */
export async function search(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+k");
  const box = page.getByRole("textbox", { name: "Search the chain" });
  await box.waitFor({ timeout: WAIT_MS });
  await box.fill(text);
  await box.press("Enter");
}

export function searchSpecs(ctx: SpecContext): void {
  it("search (Ctrl+K): a height, a block hash and an address each reach their page", async () => {
    const { rpcs, devnetDir } = ctx.env().four;
    const { page, answers } = await exploreHolding(ctx, "dashboard");
    await search(page, "2");
    await expect.poll(() => page.getByTestId("block-detail").getAttribute("data-height"), { timeout: WAIT_MS }).toBe("2");
    expect(page.url()).toMatch(/#\/block\/2$/);

    const hash = (await rpc<{ block_id: { hash: string } }>(rpcs[0]!, "block", { height: "3" })).block_id.hash;
    // Go pressed by keyboard while main looks the hash up: it says so and keeps the focus.
    await page.keyboard.press("Control+k");
    await page.getByRole("textbox", { name: "Search the chain" }).fill(hash.toLowerCase(), { timeout: WAIT_MS });
    await pressWhileHeld(answers, "chain.blockByHash", page.getByRole("button", { name: "Go" }), () => expectBusyButton(page, "Looking…"));
    await expect.poll(() => page.url(), { timeout: WAIT_MS }).toMatch(new RegExp(`#/block/hash/${hash}$`));
    await expect.poll(() => page.getByTestId("block-detail").getAttribute("data-height"), { timeout: WAIT_MS }).toBe("3");

    const alice = devnetInfo(devnetDir).accounts[0]!.address;
    await search(page, alice);
    await page.getByTestId("account-page").waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId("account-page").textContent()).toContain(alice);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("search: says why an input is not searchable, and that an unknown hash is on no block", async () => {
    const page = await explore(ctx, "dashboard");
    await page.keyboard.press("Control+k");
    const box = page.getByRole("textbox", { name: "Search the chain" });
    await box.fill("abc123");
    await expect.poll(() => page.locator("#search-hint").textContent()).toContain("64 hex digits");
    expect(await page.getByRole("button", { name: "Go" }).isDisabled()).toBe(true);
    await box.fill("F".repeat(64));
    await box.press("Enter");
    const said = page.getByTestId("search-dialog").getByRole("alert");
    await expect.poll(() => said.textContent(), { timeout: WAIT_MS }).toContain("No transaction or block");
    // Said at the box, where the keyboard still is, before the box's own hint.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Search the chain");
    expect(await describedBy(box)).toEqual({ invalid: true, text: `${await said.textContent()} ${await page.locator("#search-hint").textContent()}` });
    expect(await untiedFieldErrors(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("search-dialog").count()).toBe(0);
  });

  it("a height past int64, by URL or in the search box, is said to be impossible instead of the node's decoder error", async () => {
    const page = await explore(ctx, "block/9223372036854775808");
    const problem = page.getByTestId("block-height-problem");
    await expect.poll(() => problem.textContent(), { timeout: WAIT_MS }).toContain("a height is at most 9223372036854775807");
    expect(await problem.getAttribute("role")).toBe("alert");
    expect(await page.locator("main").textContent()).not.toContain("unmarshal");
    // The highest height there can be is still asked of the node, whose refusal says how high the chain is.
    await page.evaluate(() => (window.location.hash = "#/block/9223372036854775807"));
    await expect.poll(() => page.getByTestId("block-ahead").textContent(), { timeout: WAIT_MS }).toMatch(/^Block 9223372036854775807 is not on the chain yet: the newest block is \d+\./);

    for (const text of ["9223372036854775808", "123456789012345678901234"]) {
      await page.keyboard.press("Control+k");
      const box = page.getByRole("textbox", { name: "Search the chain" });
      await box.fill(text);
      await expect.poll(() => page.locator("#search-hint").textContent()).toContain("a height is at most 9223372036854775807");
      expect(await page.getByRole("button", { name: "Go" }).isDisabled()).toBe(true);
      await box.press("Enter");
      expect(await page.getByTestId("search-dialog").count()).toBe(1);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByTestId("search-dialog").count()).toBe(0);
    }
    expect(ctx.errors(page)).toEqual([]);
  });

  it("detail links whose parameter names nothing say why on their page, instead of opening another page", async () => {
    const page = await explore(ctx, "blocks");
    const cases: Array<[string, string, string]> = [
      ["block/-1", "Blocks", "This link names no block. Heights start at 1."],
      ["block/00012", "Blocks", "without leading zeros or spaces: #/block/12."],
      ["block/%D9%A1%D9%A2", "Blocks", "a whole number from 1"],
      ["tx/ABC123", "Blocks", "This link names no transaction. A hash has 64 hex digits; this has 6."],
      [`block/hash/${"A".repeat(63)}`, "Blocks", "A hash has 64 hex digits; this has 63."],
      ["account/COSMOS1ABCDEFGH", "Search", "This link names no account."],
    ];
    for (const [route, title, text] of cases) {
      await page.evaluate((r) => (window.location.hash = `#/${r}`), route);
      await expect.poll(() => page.getByTestId("unreadable-link").textContent(), { timeout: WAIT_MS }).toContain(text);
      expect(await page.locator("#page-title").textContent(), route).toBe(title);
      expect(await page.getByTestId("unreadable-link").getAttribute("role")).toBe("alert");
    }
    // A link that reads opens its page, and the notice is gone.
    await page.evaluate(() => (window.location.hash = "#/block/2"));
    await expect.poll(() => page.getByTestId("block-detail").getAttribute("data-height"), { timeout: WAIT_MS }).toBe("2");
    expect(await page.getByTestId("unreadable-link").count()).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("a fragment that names no page shows the start page under a notice that says so, and a page's own link none", async () => {
    const page = await explore(ctx, "blocks");
    await page.evaluate(() => (window.location.hash = "#/nowhere"));
    await expect.poll(() => page.getByTestId("unknown-page").textContent(), { timeout: WAIT_MS }).toBe("There is no page at #/nowhere. This is the Node page; the others are in the navigation.");
    expect(await page.getByTestId("unknown-page").getAttribute("role")).toBe("alert");
    expect(await page.locator("#page-title").textContent()).toBe("Node");
    // A pasted page of text is cut, not shown whole.
    await page.evaluate((long) => (window.location.hash = `#/${long}`), "x".repeat(5000));
    await expect.poll(() => page.getByTestId("unknown-page").textContent(), { timeout: WAIT_MS }).toBe(`There is no page at #/${"x".repeat(78)}…. This is the Node page; the others are in the navigation.`);
    // A page's own fragment, and no fragment at all, show no notice.
    await page.evaluate(() => (window.location.hash = "#/blocks"));
    await expect.poll(() => page.locator("#page-title").textContent(), { timeout: WAIT_MS }).toBe("Blocks");
    expect(await page.getByTestId("unknown-page").count()).toBe(0);
    await page.evaluate(() => (window.location.hash = "#/"));
    await expect.poll(() => page.locator("#page-title").textContent(), { timeout: WAIT_MS }).toBe("Node");
    expect(await page.getByTestId("unknown-page").count()).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("block by URL: a hash no block has is said to be none, not an unreadable answer", async () => {
    const page = await explore(ctx, `block/hash/${"F".repeat(64)}`);
    const alert = page.locator("main [role=alert]");
    await expect.poll(() => alert.textContent(), { timeout: WAIT_MS }).toContain("No block with this hash on this node.");
    expect(await alert.textContent()).not.toContain("unexpected");
    expect(ctx.errors(page)).toEqual([]);
  });

  it("account by URL: an address whose checksum is wrong is said to be none, not shown as an account without transactions", async () => {
    const alice = devnetInfo(ctx.env().four.devnetDir).accounts[0]!.address;
    const typo = `${alice.slice(0, -1)}${alice.endsWith("q") ? "p" : "q"}`;
    const page = await explore(ctx, `account/${typo}`);
    const problem = page.getByTestId("account-problem");
    await expect.poll(() => problem.textContent(), { timeout: WAIT_MS }).toContain("checksum does not match");
    expect(await problem.getAttribute("role")).toBe("alert");
    expect(await page.getByTestId("account-page").getByRole("heading", { name: "Sent" }).count()).toBe(0);
    await page.evaluate(() => (window.location.hash = "#/account/notanaddress"));
    await expect.poll(() => page.getByTestId("account-problem").textContent(), { timeout: WAIT_MS }).toContain("not a bech32 address");
    // The real address still lists its transactions.
    await page.evaluate((a) => (window.location.hash = `#/account/${a}`), alice);
    await page.getByTestId("account-page").getByRole("heading", { name: "Sent" }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId("account-problem").count()).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("account by URL: a validator's operator address lists its account's transactions, and a consensus address says it signs blocks only", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const operator = (await stakingValidators(node))[0]!.operator;
    const account = toBech32("cosmos", fromBech32(operator, 128).data);
    const page = await explore(ctx, "dashboard");
    await search(page, operator);
    const role = page.getByTestId("account-role");
    await expect.poll(() => role.textContent(), { timeout: WAIT_MS }).toBe(`This is a validator's operator address. Its transactions are those of the account that operates it, ${account}, listed here.`);
    expect(await role.getByRole("link", { name: account }).getAttribute("href")).toBe(`#/account/${account}`);
    await page.getByTestId("account-page").getByRole("heading", { name: "Sent" }).waitFor({ timeout: WAIT_MS });
    const consensus = toBech32("cosmosvalcons", fromBech32(account, 128).data);
    await page.evaluate((a) => (window.location.hash = `#/account/${a}`), consensus);
    await expect.poll(() => role.textContent(), { timeout: WAIT_MS }).toContain("This is a validator's consensus address: the key that signs its blocks, so no transaction names it.");
    expect(await page.getByTestId("account-page").getByRole("heading", { name: "Sent" }).count()).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("query builder: tx_search by height range with paging matches the node's count", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "search");
    await page.getByRole("radio", { name: /blocks \(block_search\)/ }).check();
    await page.getByLabel("Condition 1 key").fill("block.height");
    await page.getByLabel("Condition 1 operator").selectOption("<=");
    await page.getByLabel("Condition 1 value").fill("25");
    expect(await page.getByTestId("built-query").textContent()).toBe("block.height <= 25");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const direct = await rpc<{ total_count: string }>(node, "block_search", { query: "block.height <= 25", per_page: "20" });
    await expect.poll(() => page.getByTestId("search-total").textContent(), { timeout: WAIT_MS }).toContain(`${direct.total_count} blocks match`);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => page.getByTestId("search-total").textContent(), { timeout: WAIT_MS }).toContain("page 2 of 2");
  });

  it("query builder: a condition's problem is said at the field to change, the whole query's at the Search button", async () => {
    const page = await explore(ctx, "search");
    await page.getByRole("button", { name: "Add condition" }).click();
    // A new, empty condition: its key is what is missing.
    expect(await describedBy(page.getByLabel("Condition 2 key"))).toEqual({ invalid: true, text: "Name an event key, like transfer.recipient or tx.height." });
    expect(await describedBy(page.getByLabel("Condition 1 key"))).toEqual({ invalid: false, text: "" });
    expect(await untiedFieldErrors(page)).toEqual([]);
    await page.getByLabel("Condition 2 key").fill("tx.height");
    await page.getByLabel("Condition 2 operator").selectOption("<");
    await page.getByLabel("Condition 2 value").fill("ten");
    expect(await describedBy(page.getByLabel("Condition 2 value"))).toEqual({ invalid: true, text: "< needs a number" });
    expect(await describedBy(page.getByLabel("Condition 2 key"))).toEqual({ invalid: false, text: "" });
    expect(await untiedFieldErrors(page)).toEqual([]);
    // No condition left: a problem of the query, said at the button that would send it.
    await page.getByRole("button", { name: "Remove condition 2" }).click();
    await page.getByRole("button", { name: "Remove condition 1" }).click();
    expect(await describedBy(page.getByRole("button", { name: "Search", exact: true }))).toMatchObject({ text: "add at least one condition" });
    expect(await untiedFieldErrors(page)).toEqual([]);
    expect(ctx.errors(page)).toEqual([]);
  });
}

import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { expect, it } from "vitest";
import { WAIT_MS } from "../../support/app.js";
import { rpc } from "../../support/chain.js";
import type { SpecContext } from "../../support/spec-context.js";
import { stakingValidators } from "../../support/staking.js";
import { explore, focusedAttr, tabInto } from "./explore.js";

interface Validators { total: string; validators: Array<{ address: string; voting_power: string }> }
interface CommitAnswer { signed_header: { commit: { signatures: Array<{ block_id_flag: number; validator_address: string }> } } }
interface NetInfo { n_peers: string; peers: Array<{ node_info: { id: string; moniker: string } }> }

export function validatorSpecs(ctx: SpecContext): void {
  it("validators: four, with the node's voting powers, and a signing record built from its commits", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "validators");
    const list = page.getByTestId("validators-list");
    await expect.poll(() => list.getByRole("row").count(), { timeout: WAIT_MS }).toBe(4);
    const set = await rpc<Validators>(node, "validators");
    for (const v of set.validators) {
      expect(await list.locator(`[data-address="${v.address}"] [data-testid="validator-power"]`).textContent()).toBe(v.voting_power);
    }
    // Pinned to a height, so the window of commits stays put while the comparison runs.
    const pinned = Number((await rpc<{ block_height: string }>(node, "validators")).block_height) - 1;
    await page.getByLabel("At height").fill(String(pinned));
    await expect.poll(() => page.getByTestId("validators-summary").textContent(), { timeout: WAIT_MS }).toBe(`4 validators at height ${pinned}`);
    await expect.poll(() => page.getByTestId("signing-progress").textContent(), { timeout: WAIT_MS }).toMatch(/^20 of 20 commits read \(heights \d+–\d+\)/);
    const [, from, to] = /heights (\d+)–(\d+)/.exec((await page.getByTestId("signing-progress").textContent()) ?? "")!;
    const expected = new Map<string, number>();
    for (let h = Number(from); h <= Number(to); h++) {
      const commit = await rpc<CommitAnswer>(node, "commit", { height: String(h) });
      for (const s of commit.signed_header.commit.signatures) if (s.block_id_flag === 2) expected.set(s.validator_address, (expected.get(s.validator_address) ?? 0) + 1);
    }
    for (const v of set.validators) {
      const row = page.locator(`[data-testid="signing-row"][data-address="${v.address}"]`);
      expect(Number(await row.getAttribute("data-signed")), v.address).toBe(expected.get(v.address) ?? 0);
    }
    expect(ctx.errors(page)).toEqual([]);
  });

  it("validators and consensus: a height that is no height is said at the field, never swapped for the latest", async () => {
    const page = await explore(ctx, "validators");
    await page.getByTestId("validators-summary").waitFor({ timeout: WAIT_MS });
    const field = page.getByLabel("At height");
    await field.fill("1,000");
    await expect.poll(() => page.getByTestId("height-error").textContent(), { timeout: WAIT_MS }).toBe("Digits only, without separators: 1000, not 1,000.");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("validators-summary").count()).toBe(0);
    await field.fill("0");
    await expect.poll(() => page.getByTestId("height-error").textContent()).toContain("Heights start at 1");
    await field.fill("2");
    await expect.poll(() => page.getByTestId("validators-summary").textContent(), { timeout: WAIT_MS }).toBe("4 validators at height 2");
    expect(await page.getByTestId("height-error").count()).toBe(0);

    await page.evaluate(() => (window.location.hash = "#/consensus"));
    const params = page.getByLabel("At height");
    await page.getByTestId("params-height").waitFor({ timeout: WAIT_MS });
    await params.fill("abc");
    await expect.poll(() => page.getByTestId("height-error").textContent(), { timeout: WAIT_MS }).toContain("A block height is a whole number");
    expect(await page.getByTestId("params-height").count()).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("validators and consensus: a height the chain has not reached is said at the field, in plain words", async () => {
    const page = await explore(ctx, "validators");
    await page.getByTestId("validators-summary").waitFor({ timeout: WAIT_MS });
    const field = page.getByLabel("At height");
    await field.fill("99999999");
    const said = /^Height 99999999 is not on the chain yet: the node's newest block is \d+\. Choose a height up to it, or leave the field empty for the latest\.$/;
    await expect.poll(() => page.getByTestId("height-error").textContent(), { timeout: WAIT_MS }).toMatch(said);
    // Tied to the field and announced, since it arrives while the keyboard is there; no failed read besides.
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.getAttribute("aria-describedby")).toBe("validators-height-error");
    expect(await page.getByTestId("height-error").getAttribute("role")).toBe("alert");
    expect(await page.getByText("Could not load").count()).toBe(0);
    expect(await page.getByTestId("validators-summary").count()).toBe(0);
    await field.fill("");
    await page.getByTestId("validators-summary").waitFor({ timeout: WAIT_MS });
    expect(await field.getAttribute("aria-invalid")).toBeNull();

    await page.evaluate(() => (window.location.hash = "#/consensus"));
    await page.getByTestId("params-height").waitFor({ timeout: WAIT_MS });
    const params = page.getByLabel("At height");
    await params.fill("99999999");
    await expect.poll(() => page.getByTestId("height-error").textContent(), { timeout: WAIT_MS }).toMatch(said);
    expect(await params.getAttribute("aria-describedby")).toBe("params-height-error");
    expect(await page.getByText("Could not load").count()).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("validators: each is named by the moniker the staking module gives it, on the list and in the signing record", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "validators");
    const list = page.getByTestId("validators-list");
    await expect.poll(() => list.getByTestId("validator-moniker").count(), { timeout: WAIT_MS }).toBe(4);
    const staking = await stakingValidators(node);
    expect(staking.length).toBe(4);
    for (const v of staking) {
      expect(await list.locator(`[data-address="${v.address}"] [data-testid="validator-moniker"]`).textContent(), v.address).toBe(v.moniker);
      const signing = page.locator(`[data-testid="signing-row"][data-address="${v.address}"]`);
      expect(await signing.locator('[data-testid="validator-moniker"]').textContent()).toBe(v.moniker);
      // The record's rows are a fixed height: moniker and address fit in it, not cut off below.
      expect(await signing.evaluate((row) => row.scrollHeight <= row.clientHeight), v.address).toBe(true);
    }
    expect(ctx.errors(page)).toEqual([]);
  });

  it("validators: arrow keys, Home and End move through the list, Enter opens the operator's account", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "validators");
    const list = page.getByTestId("validators-list");
    await expect.poll(() => list.getByTestId("validator-moniker").count(), { timeout: WAIT_MS }).toBe(4);
    const focused = () => focusedAttr(page, "data-index");
    await tabInto(page, "validators-list");
    await expect.poll(focused, { timeout: WAIT_MS }).toBe("0");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused, { timeout: WAIT_MS }).toBe("2");
    await page.keyboard.press("End");
    await expect.poll(focused, { timeout: WAIT_MS }).toBe("3");
    await page.keyboard.press("ArrowDown"); // stays on the last row
    await expect.poll(focused, { timeout: WAIT_MS }).toBe("3");
    await page.keyboard.press("Home");
    await expect.poll(focused, { timeout: WAIT_MS }).toBe("0");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused, { timeout: WAIT_MS }).toBe("1");
    const address = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.address);
    const operator = (await stakingValidators(node)).find((v) => v.address === address)!.operator;
    await page.keyboard.press("Enter");
    const account = toBech32("cosmos", fromBech32(operator, 128).data);
    await expect.poll(() => page.evaluate(() => window.location.hash), { timeout: WAIT_MS }).toBe(`#/account/${account}`);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("node: three peers, with the monikers and ids net_info reports", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "node");
    await expect.poll(() => page.getByTestId("peer-count").textContent(), { timeout: WAIT_MS }).toBe("3");
    const net = await rpc<NetInfo>(node, "net_info");
    expect(net.n_peers).toBe("3");
    for (const p of net.peers) {
      const row = page.getByTestId("peers-table").locator(`tr[data-node-id="${p.node_info.id}"]`);
      expect(await row.locator("td").first().textContent()).toBe(p.node_info.moniker);
    }
    expect(await page.getByTestId("node-healthy").textContent()).toBe("healthy");
  });
}

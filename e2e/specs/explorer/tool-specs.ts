import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { WAIT_MS } from "../../support/app.js";
import { devnetInfo, rpc } from "../../support/chain.js";
import type { SpecContext } from "../../support/spec-context.js";
import { stakingValidators } from "../../support/staking.js";
import { explore, fact, tabInto } from "./explore.js";

export function toolSpecs(ctx: SpecContext): void {
  it("consensus: height and votes follow consensus_state; parameters match consensus_params", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "consensus");
    await page.getByTestId("round-facts").waitFor({ timeout: WAIT_MS });
    const direct = await rpc<{ round_state: { "height/round/step": string } }>(node, "consensus_state");
    const height = Number(direct.round_state["height/round/step"].split("/")[0]);
    expect(Math.abs(Number(await fact(page, "round-facts", "Height")) - height)).toBeLessThanOrEqual(3);
    await expect.poll(() => page.getByTestId("votes-table").first().locator("tbody tr").count(), { timeout: WAIT_MS }).toBe(4);
    // Vote rows name their validators as the staking module does.
    const monikers = (await stakingValidators(node)).map((v) => v.moniker).sort();
    await expect.poll(async () => (await page.getByTestId("votes-table").first().getByTestId("validator-moniker").allTextContents()).sort(), { timeout: WAIT_MS }).toEqual(monikers);
    const params = await rpc<{ block_height: string; consensus_params: { block: { max_bytes: string } } }>(node, "consensus_params", { height: "5" });
    await page.getByLabel("At height").fill("5");
    await expect.poll(() => page.getByTestId("params-height").textContent(), { timeout: WAIT_MS }).toBe(`At height ${params.block_height}`);
    expect(await page.getByRole("tree", { name: "Consensus parameters" }).textContent()).toContain(params.consensus_params.block.max_bytes);
    await page.getByRole("button", { name: "Load the dump" }).click();
    await page.getByRole("tree", { name: "Consensus dump" }).waitFor({ timeout: WAIT_MS });
    expect(ctx.errors(page)).toEqual([]);
  });

  it("a JSON tree by keyboard only: Up/Down move, Right opens and enters, Left closes and goes to the parent", async () => {
    const node = ctx.env().four.rpcs[0]!;
    // The node can answer the latest height before it stored that height's params: read again then.
    let params: Record<string, Record<string, unknown>> | undefined;
    for (let i = 0; i < 10 && !params; i++) {
      params = await rpc<{ consensus_params: Record<string, Record<string, unknown>> }>(node, "consensus_params").then((r) => r.consensus_params, async (error: unknown) => {
        if (!/could not find consensus params/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 250));
        return undefined;
      });
    }
    if (!params) throw new Error("the node never had the latest consensus params");
    const [firstKey, first] = Object.entries(params)[0]!;
    const firstChild = Object.keys(first)[0]!;
    const page = await explore(ctx, "consensus");
    const tree = page.getByRole("tree", { name: "Consensus parameters" });
    await tree.waitFor({ timeout: WAIT_MS });
    const focused = () => page.evaluate(() => {
      const el = document.activeElement;
      return el?.getAttribute("role") === "treeitem" ? { key: el.querySelector(":scope > .json-key")?.textContent ?? "", expanded: el.getAttribute("aria-expanded"), level: el.getAttribute("aria-level") } : null;
    });
    await tabInto(page, '[role="tree"][aria-label="Consensus parameters"]');
    expect(await focused()).toEqual({ key: "Consensus parameters", expanded: "true", level: "1" });
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused).toEqual({ key: firstKey, expanded: "true", level: "2" });
    await page.keyboard.press("ArrowLeft");
    await expect.poll(focused).toEqual({ key: firstKey, expanded: "false", level: "2" });
    // A closed node renders no children at all.
    expect(await page.evaluate(() => document.activeElement?.querySelector(':scope > [role="group"]') === null)).toBe(true);
    await page.keyboard.press("ArrowRight");
    await expect.poll(focused).toEqual({ key: firstKey, expanded: "true", level: "2" });
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await focused())?.key).toBe(firstChild);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => (await focused())?.key).toBe(firstKey);
    await page.keyboard.press("Home");
    await expect.poll(async () => (await focused())?.level).toBe("1");
    await page.keyboard.press("End");
    const last = await tree.getByRole("treeitem").last().evaluate((el) => el.querySelector(":scope > .json-key")?.textContent);
    await expect.poll(async () => (await focused())?.key).toBe(last);
    // One tab stop: Tab leaves the tree.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest('[aria-label="Consensus parameters"]') === null)).toBe(true);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("genesis: the hash is the sha256 of the node's genesis, search finds the chain id, save writes the same bytes", async () => {
    const { rpcs, dataDir } = ctx.env().four;
    const chunk = await rpc<{ total: string; data: string }>(rpcs[0]!, "genesis_chunked", { chunk: "0" });
    expect(chunk.total).toBe("1");
    const bytes = Buffer.from(chunk.data, "base64");
    const sha = createHash("sha256").update(bytes).digest("hex").toUpperCase();
    const page = await explore(ctx, "genesis");
    await expect.poll(() => page.getByTestId("genesis-sha256").textContent(), { timeout: WAIT_MS }).toBe(sha);
    const chainId = (JSON.parse(bytes.toString("utf8")) as { chain_id: string }).chain_id;
    // One character sends nothing and says why, in the description the input names.
    const search = page.getByLabel("Search keys and values");
    await search.fill("c");
    expect(await search.getAttribute("aria-describedby")).toBe("genesis-matches");
    await expect.poll(() => page.locator("#genesis-matches").textContent(), { timeout: WAIT_MS }).toBe("Type at least 2 characters to search.");
    await search.fill(chainId);
    await expect.poll(() => page.getByTestId("genesis-matches").textContent(), { timeout: WAIT_MS }).toContain(`chain_id = ${chainId}`);
    // The tree is served by main: its root lists the file's own top-level keys, and a node opens on demand.
    const doc = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;
    const tree = page.getByTestId("genesis-tree");
    const topKeys = () => tree.locator(':scope > [role="treeitem"] > [role="group"] > [role="treeitem"] > .json-key').allTextContents();
    await expect.poll(topKeys, { timeout: WAIT_MS }).toEqual(Object.keys(doc));
    await tree.getByRole("button", { name: "Expand app_state" }).click();
    const modules = Object.keys(doc.app_state as Record<string, unknown>);
    await expect.poll(() => tree.getByRole("button", { name: `Expand ${modules[0]!}`, exact: true }).count(), { timeout: WAIT_MS }).toBe(1);
    // The raw text, one chunk at a time.
    await page.getByRole("button", { name: "Show the raw text, chunk by chunk" }).click();
    await expect.poll(() => page.getByTestId("genesis-raw").textContent(), { timeout: WAIT_MS }).toContain(`"chain_id"`);
    await page.getByRole("button", { name: "Save to file…" }).click();
    await expect.poll(() => page.getByTestId("genesis-saved").textContent(), { timeout: WAIT_MS }).toContain(`Saved genesis-${chainId}.json`);
    const saved = readFileSync(join(dataDir, "exports", `genesis-${chainId}.json`));
    expect(createHash("sha256").update(saved).digest("hex").toUpperCase()).toBe(sha);
  });

  it("console: abci_info, a balance preset decoded, and a raw GET call with its curl", async () => {
    const { rpcs, devnetDir } = ctx.env().four;
    const info = devnetInfo(devnetDir);
    const page = await explore(ctx, "console");
    // The node leaves empty fields out of its answer; the page shows them empty.
    const abci = await rpc<{ response: { data?: string; version?: string } }>(rpcs[0]!, "abci_info");
    await expect.poll(() => fact(page, "abci-info", "App"), { timeout: WAIT_MS }).toBe(abci.response.data ?? "");
    expect(await fact(page, "abci-info", "Version")).toBe(abci.response.version ?? "");

    const alice = info.accounts[0]!.address;
    const rest = (await (await fetch(`${info.nodes[0]!.api}/cosmos/bank/v1beta1/balances/${alice}/by_denom?denom=${info.denom}`)).json()) as { balance: { amount: string } };
    await page.getByLabel("Preset").selectOption("balance");
    await page.getByRole("textbox", { name: "address", exact: true }).fill(alice);
    await page.getByRole("textbox", { name: "denom", exact: true }).fill(info.denom);
    await page.getByRole("button", { name: "Query", exact: true }).click();
    await expect.poll(() => page.getByTestId("abci-decoded").textContent(), { timeout: WAIT_MS }).toContain(`"${rest.balance.amount}"`);

    await page.getByLabel("Route").selectOption("header");
    await page.getByRole("radio", { name: "GET (URI form)" }).check();
    await page.getByLabel(/^height/).fill("4");
    await page.getByRole("button", { name: "Call header" }).click();
    await page.getByTestId("console-result").waitFor({ timeout: WAIT_MS });
    const header = await rpc<{ header: { app_hash: string } }>(rpcs[0]!, "header", { height: "4" });
    expect(await page.getByRole("tree", { name: "header answer" }).textContent()).toContain(header.header.app_hash);
    // The devnet's network reads the chain through its access service: curl names the token, never shows it.
    const base = info.access ? `${info.access.url.replace(/\/+$/, "")}/rpc` : rpcs[0]!.replace(/\/+$/, "");
    const auth = info.access ? ` -H "Authorization: Bearer $COMETDESK_TOKEN"` : "";
    expect(await page.getByTestId("console-curl").textContent()).toBe(`curl -s${auth} '${base}/header?height=4'`);
    await expect.poll(() => page.getByRole("button", { name: "Run again" }).count()).toBe(1);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("console: an ABCI height or path main would refuse is said at its field, and nothing is sent", async () => {
    const page = await explore(ctx, "console");
    const form = page.getByRole("form", { name: "ABCI query" });
    await form.getByLabel("Height", { exact: true }).fill("1,000");
    await form.getByLabel("Path", { exact: true }).fill("");
    await form.getByRole("button", { name: "Query", exact: true }).click();
    await expect.poll(() => page.locator("#abci-height-error").textContent(), { timeout: WAIT_MS }).toBe("Digits only, without separators: 1000, not 1,000.");
    expect(await page.locator("#abci-path-error").textContent()).toContain("Give a path");
    expect(await form.getByLabel("Path", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    // The first field to change takes the keyboard.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("abci-path");
    expect(await page.getByText("invalid arguments").count()).toBe(0);
    await form.getByLabel("Path", { exact: true }).fill("/app/version");
    await form.getByLabel("Height", { exact: true }).fill("");
    await form.getByRole("button", { name: "Query", exact: true }).click();
    await page.getByTestId("abci-result").waitFor({ timeout: WAIT_MS });
    expect(await page.locator("#abci-height-error").count()).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("console: a preset's input too long to send is said under the preset, with the keyboard there, and nothing is sent", async () => {
    const info = devnetInfo(ctx.env().four.devnetDir);
    const page = await explore(ctx, "console");
    const form = page.getByRole("form", { name: "ABCI query" });
    await form.getByLabel("Preset").selectOption("balance");
    const address = form.getByRole("textbox", { name: "address", exact: true });
    // A paste gone wrong: the request would be 600,012 bytes, past the 500,000 main takes.
    await address.fill("a".repeat(600_000));
    await form.getByRole("textbox", { name: "denom", exact: true }).fill("ucomet");
    await form.getByRole("button", { name: "Query", exact: true }).click();
    await expect.poll(() => page.locator("#abci-data-error").textContent(), { timeout: WAIT_MS }).toBe("At most 500,000 bytes; this is 600,012.");
    expect(await address.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-preset-input") ?? false)).toBe(true);
    expect(await page.getByTestId("abci-result").count()).toBe(0);
    expect(await page.getByText("invalid arguments").count()).toBe(0);
    // Put right, the same preset is sent and answered.
    await address.fill(info.accounts[0]!.address);
    await form.getByRole("textbox", { name: "denom", exact: true }).fill(info.denom);
    expect(await page.locator("#abci-data-error").count()).toBe(0);
    await form.getByRole("button", { name: "Query", exact: true }).click();
    await page.getByTestId("abci-decoded").waitFor({ timeout: WAIT_MS });
    expect(ctx.errors(page)).toEqual([]);
  });

  it("console: a transaction half typed as base64 is answered at its field, and the console stays usable", async () => {
    const page = await explore(ctx, "console");
    await page.getByLabel("Route").selectOption("check_tx");
    await page.getByRole("radio", { name: "GET (URI form)" }).check();
    const tx = page.getByLabel(/^tx/);
    await tx.pressSequentially("C");
    await expect.poll(() => page.getByTestId("console-param-error").textContent(), { timeout: WAIT_MS }).toContain("Not whole base64 yet: 1 character");
    expect(await tx.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("button", { name: "Call check_tx" }).isDisabled()).toBe(true);
    await tx.pressSequentially("g==");
    await expect.poll(() => page.getByTestId("console-param-error").count()).toBe(0);
    await page.getByLabel("Route").selectOption("health");
    await page.getByRole("button", { name: "Call health" }).click();
    await page.getByTestId("console-result").waitFor({ timeout: WAIT_MS });
    expect(ctx.errors(page)).toEqual([]);
  });
}

import { toBase64 } from "@cosmjs/encoding";
import { coins } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { expect, it } from "vitest";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { WAIT_MS } from "../../support/app.js";
import { devnetInfo, haltChain, rpc } from "../../support/chain.js";
import type { SpecContext } from "../../support/spec-context.js";
import { explore, fact, focusedAttr, tabInto } from "./explore.js";
import { search } from "./search-specs.js";

interface TxAnswer { hash: string; height: string; tx_result: { code: number; gas_used: string; gas_wanted: string } }

// A memo a hostile sender could write: markup and a right-to-left override.
const MEMO = "e2e <b>bold</b> \u202Eevil";

export function transferSpecs(ctx: SpecContext): void {
  it("a transfer waits in the mempool, then shows in its block and on its own page, memo neutralised", async () => {
    const { rpcs, devnetDir, nodesDir } = ctx.env().four;
    const info = devnetInfo(devnetDir);
    const { client, address } = await signingClient(info, "carol", 0);
    const to = info.accounts.find((a) => a.name === "erin")!.address;
    const signed = await client.sign(address, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: address, toAddress: to, amount: coins(777, info.denom) } }], fixedFee(info), MEMO);
    const tx = toBase64(TxRaw.encode(signed).finish());
    client.disconnect();

    const page = await explore(ctx, "mempool");
    await page.getByTestId("mempool-facts").waitFor({ timeout: WAIT_MS });
    // With the chain halted the transaction cannot leave the mempool while the page is compared.
    const resume = haltChain(nodesDir);
    let hash: string;
    try {
      hash = (await rpc<{ code: number; hash: string }>(rpcs[0]!, "broadcast_tx_sync", { tx })).hash;
      await page.locator(`[data-testid="mempool-txs"] [data-hash="${hash}"]`).waitFor({ timeout: WAIT_MS });
      const direct = await rpc<{ total: string; total_bytes: string }>(rpcs[0]!, "num_unconfirmed_txs");
      expect(await fact(page, "mempool-facts", "Pending transactions")).toBe(direct.total);
      expect(await fact(page, "mempool-facts", "Bytes")).toBe(direct.total_bytes);
      // Keyboard only: Tab into the list, End to the last pending row, Enter shows it decoded.
      await tabInto(page, "mempool-txs");
      await page.keyboard.press("End");
      await expect.poll(() => focusedAttr(page, "data-hash"), { timeout: WAIT_MS }).toBe(hash);
      await page.keyboard.press("Enter");
      const row = page.locator(`[data-testid="mempool-txs"] [data-hash="${hash}"]`);
      await expect.poll(() => row.getAttribute("aria-expanded")).toBe("true");
      expect(await row.locator('dd[data-fact="Memo"]').textContent()).toBe("e2e <b>bold</b> ⟨U+202E⟩evil");
    } finally {
      resume();
    }
    await expect.poll(() => page.locator(`[data-testid="mempool-txs"] [data-hash="${hash}"]`).count(), { timeout: 60_000 }).toBe(0);

    const committed = await waitForTx(rpcs[0]!, hash);
    await search(page, hash);
    await page.getByTestId("tx-detail").waitFor({ timeout: WAIT_MS });
    expect(page.url()).toMatch(new RegExp(`#/tx/${hash}$`));
    expect(await fact(page, "tx-facts", "Height")).toBe(committed.height);
    expect(committed.tx_result.code).toBe(0);
    expect(await page.getByTestId("tx-result").textContent()).toBe("success");
    expect(await fact(page, "tx-facts", "Gas used / wanted")).toBe(`${committed.tx_result.gas_used} / ${committed.tx_result.gas_wanted}`);
    const decoded = page.getByTestId("tx-decoded");
    expect(await decoded.textContent()).toContain("/cosmos.bank.v1beta1.MsgSend");
    expect(await decoded.textContent()).toContain(to);
    // The memo is text: the override is shown as a mark and the markup as characters.
    expect(await decoded.locator('dd[data-fact="Memo"]').textContent()).toBe("e2e <b>bold</b> ⟨U+202E⟩evil");
    expect(await decoded.locator("b").count()).toBe(0);

    await page.getByRole("link", { name: committed.height, exact: true }).click();
    await expect.poll(() => page.getByTestId("block-detail").getAttribute("data-height"), { timeout: WAIT_MS }).toBe(committed.height);
    expect(await page.getByTestId("block-txs").textContent()).toContain(hash);
    await page.getByTestId("block-txs").getByTestId("tx-hash-link").first().click();
    await page.getByTestId("tx-detail").waitFor({ timeout: WAIT_MS });
    expect(ctx.errors(page)).toEqual([]);
  });
}

async function waitForTx(node: string, hash: string): Promise<TxAnswer> {
  const hashB64 = Buffer.from(hash, "hex").toString("base64");
  let found: TxAnswer | undefined;
  await expect.poll(async () => {
    found = await rpc<TxAnswer>(node, "tx", { hash: hashB64 }).catch(() => undefined);
    return found !== undefined;
  }, { timeout: 60_000 }).toBe(true);
  return found!;
}

import { toBase64 } from "@cosmjs/encoding";
import { coins } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { expect, it } from "vitest";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { WAIT_MS } from "../../support/app.js";
import { devnetInfo } from "../../support/chain.js";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import type { SpecContext } from "../../support/spec-context.js";
import { describedBy, untiedFieldErrors } from "../../support/field-errors.js";
import { explore } from "./explore.js";

export function checkTxSpecs(ctx: SpecContext): void {
  it("mempool: a pasted transaction is dry-run with check_tx and decoded, and nothing is broadcast", async () => {
    const { devnetDir } = ctx.env().four;
    const info = devnetInfo(devnetDir);
    const { client, address } = await signingClient(info, "dave", 0);
    const to = info.accounts.find((a) => a.name === "alice")!.address;
    const signed = await client.sign(address, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: address, toAddress: to, amount: coins(5, info.denom) } }], fixedFee(info), "dry run");
    client.disconnect();
    const page = await explore(ctx, "mempool");
    const bytes = TxRaw.encode(signed).finish();
    // A transaction pasted in hex, or cut short, is refused at the field in words; Check stays off.
    const box = page.getByLabel("Transaction (base64)");
    await box.fill(Buffer.from(bytes).toString("hex").toUpperCase());
    expect(await describedBy(box)).toEqual({ invalid: true, text: "That looks like hex. check_tx takes the transaction in base64, as a wallet exports it." });
    expect(await page.getByRole("button", { name: "Check" }).isDisabled()).toBe(true);
    await box.fill(toBase64(bytes).slice(0, -1));
    expect(await describedBy(box)).toMatchObject({ invalid: true, text: expect.stringContaining("groups of 4 characters") });
    expect(await page.getByRole("button", { name: "Check" }).isDisabled()).toBe(true);
    expect(await untiedFieldErrors(page)).toEqual([]);
    await page.getByLabel("Transaction (base64)").fill(toBase64(bytes));
    // By keyboard: the check runs and the keyboard stays on Check, not dropped on the page's body.
    await page.getByRole("button", { name: "Check" }).focus();
    await page.keyboard.press("Enter");
    const result = page.getByTestId("checktx-result");
    await result.waitFor({ timeout: WAIT_MS });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Check");
    expect(await describedBy(box)).toEqual({ invalid: false, text: "" });
    expect(await result.locator('dd[data-fact="Result"]').textContent()).toBe("would be accepted (code 0)");
    expect(await result.locator('dd[data-fact="Gas wanted / used"]').textContent()).toMatch(/^200000 \/ \d+$/);
    expect(await result.getByTestId("tx-decoded").textContent()).toContain("dry run");
    // A dry run is not a broadcast: two blocks later, no block holds this transaction. (Other
    // suites may send from dave on this devnet, so the check is by this transaction's hash.)
    const height = async () => Number(((await (await fetch(`${info.nodes[0]!.rpc}/status`)).json()) as { result: { sync_info: { latest_block_height: string } } }).result.sync_info.latest_block_height);
    const start = await height();
    await expect.poll(height, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(start + 2);
    const { txs } = await (await fetch(`${info.nodes[0]!.rpc}/tx_search?query=%22tx.hash='${txIdOf(bytes)}'%22`)).json().then((b: { result: { txs: unknown[] } }) => b.result);
    expect(txs).toEqual([]);
  });
}

/// <reference lib="dom" />
/**
 * Staking end to end: the built renderer in Chromium, the real services through the bridge, the
 * e2e devnet. A delegation is typed and reviewed with the keyboard alone; the review shows what
 * main's `tx.prepare` says it will sign, and the chain's delegation grows by the amount.
 */
import { fromBase64, toHex } from "@cosmjs/encoding";
import { QueryDelegationRequest, QueryDelegationResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { rewardsQuery } from "../shared/cosmos/distribution/rewards.js";
import { delegationsQuery, redelegationsQuery, unbondingQuery } from "../shared/cosmos/staking/account-stakes.js";
import { WAIT_MS } from "./support/app.js";
import { startFaultProxy } from "./support/fault-proxy.js";
import { describedBy, untiedFieldErrors } from "./support/field-errors.js";
import { stakingValidators } from "./support/staking.js";
import { expectBusyButton, hasFocus } from "./support/held-answers.js";
import { pressHeld } from "./wallet/press-held.js";
import { importPhraseThroughPage, openWalletWorld, type WalletWorld } from "./wallet/wallet-world.js";

const PASSWORD = "staking e2e password";
let w: WalletWorld;

/** The delegation of `delegator` to `validator` on chain, in base units (0 when there is none). */
async function delegated(delegator: string, validator: string): Promise<bigint> {
  const data = toHex(QueryDelegationRequest.encode({ delegatorAddr: delegator, validatorAddr: validator }).finish());
  const answer = (await w.call("chain.abciQuery", { path: "/cosmos.staking.v1beta1.Query/Delegation", data })) as { code: number; value: string };
  if (answer.code !== 0) return 0n;
  return BigInt(QueryDelegationResponse.decode(fromBase64(answer.value)).delegationResponse?.balance?.amount ?? "0");
}

describe("staking", () => {
  beforeAll(async () => {
    w = await openWalletWorld(inject("e2e"), { dataDirName: "e2e-staking-app" });
  });
  afterAll(async () => {
    await w?.close();
  });

  it("delegates with the keyboard alone: the review shows what is signed, and the chain's delegation grows", async () => {
    const { page } = w;
    const alice = w.devnet.accounts.find((a) => a.name === "alice")!;
    await importPhraseThroughPage(page, alice.mnemonic, PASSWORD);

    const { validators } = (await w.call("chain.validatorMonikers")) as { validators: Array<{ operatorAddress: string }> };
    const validator = validators[0]!.operatorAddress;
    const before = await delegated(alice.address, validator);

    await page.keyboard.press("Control+6");
    await page.locator("#page-title", { hasText: "Staking" }).waitFor({ timeout: WAIT_MS });
    // Enter on the form with problems takes the keyboard to the first of them: no validator yet.
    await page.getByLabel("Amount (STAKE)").fill("1,5");
    await page.getByLabel("Amount (STAKE)").press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("stake-validator");
    expect(await page.getByLabel("Validator", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Amount (STAKE)").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Amount (STAKE)").fill("");
    await page.getByRole("radio", { name: "Delegate", exact: true }).focus();
    expect(await page.getByRole("radio", { name: "Delegate", exact: true }).isChecked()).toBe(true);
    // The picker's options come from the chain: a key pressed before they are read picks nothing.
    await page.locator(`#stake-validator option[value="${validator}"]`).waitFor({ state: "attached", timeout: WAIT_MS });
    await page.getByLabel("Validator", { exact: true }).focus();
    await page.keyboard.press("ArrowDown"); // the first validator, chosen from the keyboard
    expect(await page.getByLabel("Validator", { exact: true }).inputValue()).toBe(validator);
    // The picker says what the validator keeps of the rewards, as the chain has it.
    const chainRate = (await stakingValidators(w.devnet.nodes[0]!.rpc)).find((v) => v.operator === validator)!.commissionRate;
    const percent = Number(BigInt(chainRate) / 10n ** 14n) / 100; // ×10^18 → % with two decimals
    expect(await page.locator(`#stake-validator option[value="${validator}"]`).textContent()).toContain(` — ${percent} % commission — `);
    await page.getByLabel("Amount (STAKE)").focus();
    await page.keyboard.type("2.5");
    await page.keyboard.press("Enter"); // submits the form: the review

    const review = page.getByTestId("prepared-tx");
    await review.waitFor({ timeout: WAIT_MS });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("stake-review-title");
    const message = page.getByTestId("prepared-message");
    expect(await message.locator("dt").first().textContent()).toBe("Delegate");
    expect(await message.textContent()).toContain(`Validator${validator}`);
    expect(await message.textContent()).toContain("Amount2500000ustake");
    const raw = JSON.parse((await page.getByTestId("raw-prepared").textContent())!) as { signer: string; chainId: string; signMode: string; sequence: string; fee: { gas: string }; gasEstimate: string; gasAdjustment: number };
    expect(raw).toMatchObject({ signer: alice.address, chainId: w.devnet.chainId, signMode: "SIGN_MODE_DIRECT", gasAdjustment: 1.3 });
    expect(Number(raw.fee.gas)).toBe(Math.ceil(Number(raw.gasEstimate) * 1.3));
    expect(await page.getByTestId("prepared-sequence").textContent()).toBe(raw.sequence);

    // Tab to the button and press Enter: signed in main, broadcast, followed to its block.
    const sign = page.getByRole("button", { name: "Sign and send" });
    for (let i = 0; i < 12 && !(await sign.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const tracker = page.getByTestId("stake-tracker");
    await tracker.waitFor({ timeout: WAIT_MS });
    await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
    expect(await delegated(alice.address, validator)).toBe(before + 2_500_000n);

    // This network has an access service: the delegation went through it, and its list names it.
    const hash = (await page.getByTestId("stake-sent-hash").textContent())!;
    expect(await w.call("tx.get", { id: hash })).toMatchObject({ kind: "Delegate", source: "submitted" });
    await page.keyboard.press("Control+5");
    const row = page.locator(`[data-tx-hash="${hash}"]`);
    await row.waitFor({ timeout: WAIT_MS });
    expect(await row.getByTestId("tx-kind").textContent()).toBe("Delegate · ");
    expect(w.errors).toEqual([]);
  });

  it("names each Review button for what it reviews, and shows the staking form before the lists, in view on arrival", async () => {
    const { page } = w;
    await page.keyboard.press("Control+6");
    await page.locator("#page-title", { hasText: "Staking" }).waitFor({ timeout: WAIT_MS });
    const again = page.getByRole("button", { name: "New staking action" });
    if (await again.isVisible()) await again.click();
    await page.getByTestId("delegations-table").waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole("button", { name: "Review", exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Review withdraw address", exact: true }).waitFor({ timeout: WAIT_MS });
    const form = page.getByRole("form", { name: /^Staking on / });
    for (const [kind, button] of [["Undelegate", "Review undelegation"], ["Redelegate", "Review redelegation"], ["Withdraw rewards", "Review withdrawal"], ["Delegate", "Review delegation"]] as const) {
      await page.getByRole("radio", { name: kind, exact: true }).check();
      await form.getByRole("button", { name: button, exact: true }).waitFor({ timeout: WAIT_MS });
    }
    // The form comes first: its button is in view without scrolling, and the lists follow it.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await form.getByRole("button", { name: "Review delegation", exact: true }).evaluate((b) => { const r = b.getBoundingClientRect(); return r.bottom <= window.innerHeight && r.top >= 0; })).toBe(true);
    const formFirst = await form.evaluate((f) => { const lists = document.querySelector("[data-testid=delegations-table]"); return !!lists && (f.compareDocumentPosition(lists) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0; });
    expect(formFirst).toBe(true);
    expect(w.errors).toEqual([]);
  });

  it("cancels a delegation the access service still holds: the tracker offers it while queued, and nothing is delegated", async () => {
    const { page } = w;
    const alice = w.devnet.accounts.find((a) => a.name === "alice")!;
    const { validators } = (await w.call("chain.validatorMonikers")) as { validators: Array<{ operatorAddress: string }> };
    const validator = validators[0]!.operatorAddress;
    const before = await delegated(alice.address, validator);
    await page.keyboard.press("Control+6");
    await page.locator("#page-title", { hasText: "Staking" }).waitFor({ timeout: WAIT_MS });
    const again = page.getByRole("button", { name: "New staking action" });
    if (await again.isVisible()) await again.click();
    await page.getByLabel("Validator", { exact: true }).selectOption(validator);
    await page.getByLabel("Amount (STAKE)").fill("1.25");
    await page.getByLabel("Amount (STAKE)").press("Enter");
    await page.getByTestId("prepared-tx").waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Sign and send" }).click();
    const tracker = page.getByTestId("stake-tracker");
    await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("queued");
    // Pressed by keyboard: busy while main cancels, and once the button is gone the keyboard is on the tracker's title.
    await pressHeld(w, "tx.cancel", tracker.getByRole("button", { name: "Cancel" }), () => expectBusyButton(page, "Cancelling…"));
    await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("cancelled");
    await expect.poll(() => hasFocus(tracker.getByRole("heading", { name: "Sent" })), { timeout: WAIT_MS }).toBe(true);
    const hash = (await page.getByTestId("stake-sent-hash").textContent())!;
    expect(await w.call("tx.get", { id: hash })).toMatchObject({ status: "cancelled", kind: "Delegate" });
    expect(await delegated(alice.address, validator)).toBe(before);
    expect(w.errors).toEqual([]);
  });

  it("on a network with no access service, Cancel inside the undo window sends nothing, and a send held past its short timeout ends expired", async () => {
    const { page } = w;
    const alice = w.devnet.accounts.find((a) => a.name === "alice")!;
    const bob = w.devnet.accounts.find((a) => a.name === "bob")!;
    const network = await w.call("network.add", {
      name: "Devnet by RPC", chainId: w.devnet.chainId, accessUrl: null, rpcUrls: [w.devnet.nodes[0]!.rpc], bech32Prefix: w.devnet.bech32Prefix,
      denoms: [{ base: w.devnet.denom, display: "COMET", exponent: 6 }], defaultDenom: w.devnet.denom,
      gasPrices: { denom: w.devnet.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct",
    });
    await page.reload();
    await page.locator(".shell").waitFor({ timeout: WAIT_MS });
    await page.getByLabel("Network", { exact: true }).selectOption(String(network.id));
    // The undo window is a setting: four seconds here.
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel(/^Undo window/).fill("4");
    await page.getByLabel(/^Undo window/).blur();
    await expect.poll(async () => (await w.call("settings.get")).undoWindowSeconds, { timeout: WAIT_MS }).toBe(4);
    const account = async () => (await w.call("tx.account", { address: alice.address })) as { sequence: string };
    const balance = async () => ((await w.call("wallet.balances", { address: alice.address })) as { balances: Array<{ denom: string; amount: string }> }).balances.find((b) => b.denom === w.devnet.denom)?.amount;
    const before = { sequence: (await account()).sequence, balance: await balance() };

    const review = async (amount: string) => {
      await page.getByRole("link", { name: "Send", exact: true }).click();
      await page.getByLabel("Recipient address", { exact: true }).fill(bob.address);
      await page.getByLabel("Amount", { exact: true }).fill(amount);
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
    };
    await review("0.5");
    expect(await page.getByTestId("direct-send-note").textContent()).toMatch(/holds the signed transaction for 4 s, and you can cancel it until then/);
    await page.getByRole("button", { name: "Sign and send" }).click();
    const tracker = page.getByTestId("send-tracker");
    await tracker.waitFor({ timeout: WAIT_MS });
    expect(await tracker.getAttribute("data-status")).toBe("queued");
    expect(await page.getByTestId("hold-countdown").textContent()).toMatch(/Held by this app for \d more seconds?; you can still cancel it/);
    await page.getByRole("button", { name: "Cancel transfer" }).click();
    await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("cancelled");
    const hash = (await page.getByTestId("sent-hash").textContent())!;
    await page.waitForTimeout(6_000); // past the window, and a few blocks: nothing was sent
    expect((await w.call("tx.get", { id: hash })).status).toBe("cancelled");
    expect(await account()).toMatchObject({ sequence: before.sequence });
    expect(await balance()).toBe(before.balance);

    // Valid for one block, held for four seconds: the chain passes its timeout height first.
    await page.getByRole("button", { name: "New transfer" }).click();
    await review("0.25");
    const timeoutBefore = await page.getByTestId("sign-doc").locator("div", { hasText: /^Timeout height/ }).locator("dd").textContent();
    await page.getByLabel("Valid for (blocks)").fill("0");
    await page.getByLabel("Valid for (blocks)").press("Enter");
    expect(await page.getByLabel("Valid for (blocks)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#timeout-blocks-error").textContent()).toMatch(/a whole number of blocks from 1/);
    await page.getByLabel("Valid for (blocks)").fill("1");
    await page.getByLabel("Valid for (blocks)").press("Enter");
    await expect.poll(async () => Number(await page.getByTestId("sign-doc").locator("div", { hasText: /^Timeout height/ }).locator("dd").textContent()), { timeout: WAIT_MS }).toBeLessThan(Number(timeoutBefore));
    await page.getByRole("button", { name: "Sign and send" }).click();
    await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("expired");
    expect(await tracker.textContent()).toMatch(/never sent/);
    expect(await account()).toMatchObject({ sequence: before.sequence });
    expect(w.errors).toEqual([]);
  });

  it("on a network with no access service, a send its node did not take offers Try again, which waits while Valid for is wrong", async () => {
    const { page } = w;
    const bob = w.devnet.accounts.find((a) => a.name === "bob")!;
    // The node's RPC behind a proxy that can drop its POSTs: broadcast_tx_sync among them.
    const proxy = await startFaultProxy(w.devnet.nodes[0]!.rpc);
    const { undoWindowSeconds } = (await w.call("settings.get")) as { undoWindowSeconds: number };
    const { selectedId } = (await w.call("network.list")) as { selectedId: string };
    await w.call("settings.update", { undoWindowSeconds: 0 });
    let networkId: string | undefined;
    try {
      const network = await w.call("network.add", {
        name: "Devnet by a faulty RPC", chainId: w.devnet.chainId, accessUrl: null, rpcUrls: [proxy.url], bech32Prefix: w.devnet.bech32Prefix,
        denoms: [{ base: w.devnet.denom, display: "COMET", exponent: 6 }], defaultDenom: w.devnet.denom,
        gasPrices: { denom: w.devnet.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct",
      });
      networkId = String(network.id);
      await page.reload();
      await page.locator(".shell").waitFor({ timeout: WAIT_MS });
      await page.getByLabel("Network", { exact: true }).selectOption(networkId);
      await page.getByRole("link", { name: "Send", exact: true }).click();
      if (await page.getByRole("button", { name: "New transfer" }).isVisible()) await page.getByRole("button", { name: "New transfer" }).click();
      await page.getByLabel("Recipient address", { exact: true }).fill(bob.address);
      await page.getByLabel("Amount", { exact: true }).fill("0.125");
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      proxy.fail("POST", "/", { drop: true });
      await page.getByRole("button", { name: "Sign and send" }).click();
      const problem = page.getByTestId("send-problem");
      const retry = problem.getByRole("button", { name: "Try again" });
      await retry.waitFor({ timeout: WAIT_MS });
      // A wrong Valid for takes Try again away, as it disables Sign: nothing goes out with the old value.
      const validFor = page.getByLabel("Valid for (blocks)");
      await validFor.fill("0");
      await validFor.press("Enter");
      await expect.poll(() => validFor.getAttribute("aria-invalid"), { timeout: WAIT_MS }).toBe("true");
      expect(await problem.count()).toBe(1);
      expect(await retry.count()).toBe(0);
      expect(await page.getByRole("button", { name: "Sign and send" }).isDisabled()).toBe(true);
      // Put right: the transaction is read again for the new height, and until that read is
      // back there is nothing to send, so Try again stays away (a click then would do nothing).
      proxy.clear();
      proxy.fail("POST", "/", { hold: true });
      await validFor.fill("40");
      await validFor.press("Enter");
      await page.getByText("Reading the account from the chain").waitFor({ timeout: WAIT_MS });
      expect(await problem.count()).toBe(1);
      expect(await retry.count()).toBe(0);
      // With the node answering again, Try again is back and the send goes through.
      proxy.clear();
      await retry.waitFor({ timeout: WAIT_MS });
      await retry.click();
      const tracker = page.getByTestId("send-tracker");
      await tracker.waitFor({ timeout: WAIT_MS });
      await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
    } finally {
      // The specs after this one go on from the network selected before it.
      await w.call("settings.update", { undoWindowSeconds });
      await w.call("network.select", { id: selectedId });
      if (networkId) await w.call("network.remove", { id: networkId });
      await proxy.close();
      await page.reload();
      await page.locator(".shell").waitFor({ timeout: WAIT_MS });
    }
    expect(w.errors).toEqual([]);
  });

  it("sends a transfer and lists it on a network with no access service (its node's RPC only)", async () => {
    const { page } = w;
    const alice = w.devnet.accounts.find((a) => a.name === "alice")!;
    const bob = w.devnet.accounts.find((a) => a.name === "bob")!;
    await page.getByRole("link", { name: "Send", exact: true }).click();
    if (await page.getByRole("button", { name: "New transfer" }).isVisible()) await page.getByRole("button", { name: "New transfer" }).click();
    await page.getByLabel("Recipient address", { exact: true }).fill(bob.address);
    await page.getByLabel("Amount", { exact: true }).fill("0.75");
    await page.getByRole("button", { name: "Review" }).click();
    const doc = page.getByTestId("sign-doc");
    await doc.waitFor({ timeout: WAIT_MS });
    expect(await doc.locator("div", { hasText: /^Sign mode/ }).locator("dd").textContent()).toBe("SIGN_MODE_DIRECT");
    expect(await doc.locator("div", { hasText: /^Amount/ }).locator("dd").textContent()).toBe("0.75 COMET (750000ucomet)");
    await page.getByRole("button", { name: "Sign and send" }).dblclick(); // a double click is one transaction
    const tracker = page.getByTestId("send-tracker");
    await tracker.waitFor({ timeout: WAIT_MS });
    await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
    const hash = (await page.getByTestId("sent-hash").textContent())!;

    await page.getByRole("link", { name: "Transactions", exact: true }).click();
    const row = page.locator(`[data-tx-hash="${hash}"]`);
    await expect.poll(() => row.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
    // A transfer reads as its amount, whoever names its kind ("Send" here, from its message).
    expect(await row.getByTestId("tx-kind").count()).toBe(0);
    // tx_search gives no time; every row shows its block's, not a dash, the ones this app did not
    // send on this network (the specs above sent them through the access service) included.
    const times = () => page.locator(".tx-scroll [role=row]").evaluateAll((rows) => rows.map((r) => r.querySelector("[role=cell]")?.textContent ?? ""));
    await expect.poll(async () => (await times()).length, { timeout: WAIT_MS }).toBeGreaterThan(1);
    expect((await times()).filter((t) => !/\d{1,2}:\d{2}:\d{2}/.test(t))).toEqual([]);
    // The list is the nodes' index, and the page says what that cannot show.
    expect(await page.getByTestId("direct-history-note").textContent()).toMatch(/indexer off, or with older blocks pruned/);
    const { entries } = (await w.call("tx.outbox")) as { entries: Array<{ txHash: string; from: string }> };
    expect(entries.filter((e) => e.txHash === hash)).toEqual([expect.objectContaining({ from: alice.address })]);
    expect(w.errors).toEqual([]);
  });

  it("lists a transfer main still holds on a network with no access service, and cancels it from the list", async () => {
    const { page } = w;
    const alice = w.devnet.accounts.find((a) => a.name === "alice")!;
    const bob = w.devnet.accounts.find((a) => a.name === "bob")!;
    const { undoWindowSeconds } = (await w.call("settings.get")) as { undoWindowSeconds: number };
    await w.call("settings.update", { undoWindowSeconds: 60 }); // held for longer than the page needs
    try {
      const held = await w.call("tx.submit", { from: alice.address, to: bob.address, amount: `5${w.devnet.denom}` });
      expect(held.status).toBe("queued");
      await page.getByRole("link", { name: "Transactions", exact: true }).click();
      // The nodes' index cannot know it yet: the row is main's own.
      const row = page.locator(`[data-tx-hash="${String(held.txHash)}"]`);
      await expect.poll(() => row.getAttribute("data-status", { timeout: 1_000 }).catch(() => null), { timeout: WAIT_MS }).toBe("queued");
      expect(await page.getByTestId("direct-history-note").textContent()).toMatch(/among what this app signed and no block has included yet/);
      await row.getByRole("button", { name: /show its history/ }).click();
      const dialog = page.locator("dialog.tx-history");
      await dialog.getByRole("button", { name: "Cancel transfer" }).click({ timeout: WAIT_MS });
      await expect.poll(() => dialog.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("cancelled");
      await page.keyboard.press("Escape");
      await expect.poll(() => row.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("cancelled");
      expect((await w.call("tx.get", { id: held.txHash })).status).toBe("cancelled");
    } finally {
      await w.call("settings.update", { undoWindowSeconds });
    }
    expect(w.errors).toEqual([]);
  });

  it("adds a network by its RPC URL alone, refuses at its field what the node contradicts, and stakes on it in the bond denom", async () => {
    const { page } = w;
    const alice = w.devnet.accounts.find((a) => a.name === "alice")!;
    const rpc = w.devnet.nodes[0]!.rpc;
    const count = async () => ((await w.call("network.list")) as { networks: unknown[] }).networks.length;
    const { undoWindowSeconds } = (await w.call("settings.get")) as { undoWindowSeconds: number };
    await w.call("settings.update", { undoWindowSeconds: 0 });
    try {
      await page.getByRole("link", { name: "Networks", exact: true }).click();
      await page.getByRole("button", { name: "Add a network" }).click();
      const before = await count();
      await page.getByLabel("Node RPC URLs (one per line)").fill(rpc);
      // Pressed by keyboard: busy while main reads the node, then every field the chain answers is filled.
      await pressHeld(w, "network.describe", page.getByRole("button", { name: "Fill in from the node" }), () => expectBusyButton(page, "Reading the node…"));
      await expect.poll(() => page.getByLabel("Chain id").inputValue(), { timeout: WAIT_MS }).toBe(w.devnet.chainId);
      expect(await page.getByLabel("Address prefix").inputValue()).toBe(w.devnet.bech32Prefix);
      expect(await page.getByLabel("Token denom (base unit)").inputValue()).toBe(w.devnet.denom);
      expect(await page.getByLabel("Display unit", { exact: true }).inputValue()).toBe("COMET");
      expect(await page.getByLabel("Display exponent").inputValue()).toBe("6");
      expect(await page.getByLabel("Gas price (fee token per gas unit)").inputValue()).toBe("0.005");
      expect(await page.getByLabel("Staking denom (bond denom)").inputValue()).toBe(w.devnet.stakeDenom);
      expect(await page.getByTestId("network-unread").textContent()).toContain("Name");
      await page.getByLabel("Name").fill("Devnet described");

      // What the node contradicts is said at its field, with the keyboard on it, and nothing is saved.
      await page.getByLabel("Chain id").fill("other-1");
      await page.getByRole("button", { name: "Add network" }).click();
      await expect.poll(async () => (await describedBy(page.getByLabel("Chain id"))).text, { timeout: WAIT_MS }).toBe(`the node at ${rpc} is on chain “${w.devnet.chainId}”, not “other-1”: correct the chain id or the node URL.`);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("network-chainId");
      await page.getByLabel("Chain id").fill(w.devnet.chainId);
      await page.getByLabel("Address prefix").fill("osmo");
      await page.getByRole("button", { name: "Add network" }).click();
      await expect.poll(async () => (await describedBy(page.getByLabel("Address prefix"))).text, { timeout: WAIT_MS }).toBe(`This chain's addresses start with “${w.devnet.bech32Prefix}”, not “osmo” (${rpc} says so).`);
      expect(await untiedFieldErrors(page)).toEqual([]);
      expect(await count()).toBe(before);
      await page.getByLabel("Address prefix").fill(w.devnet.bech32Prefix);
      await page.getByRole("button", { name: "Add network" }).click();
      await page.locator("tr[data-network-id]", { hasText: "Devnet described" }).waitFor({ timeout: WAIT_MS });
      await page.getByLabel("Network", { exact: true }).selectOption({ label: "Devnet described" });

      const { validators } = (await w.call("chain.validatorMonikers")) as { validators: Array<{ operatorAddress: string }> };
      const validator = validators[0]!.operatorAddress;
      const start = await delegated(alice.address, validator);
      await page.getByRole("link", { name: "Staking", exact: true }).click();
      const send = async (kind: string, amount: string) => {
        await page.getByRole("radio", { name: kind, exact: true }).check({ timeout: WAIT_MS });
        await page.getByLabel("Validator", { exact: true }).selectOption(validator);
        await page.getByLabel("Amount (STAKE)").fill(amount, { timeout: WAIT_MS });
        await page.getByRole("form", { name: /^Staking on / }).getByRole("button", { name: `Review ${kind === "Delegate" ? "delegation" : "undelegation"}`, exact: true }).click();
        await signed();
      };
      const signed = async () => {
        await page.getByTestId("prepared-tx").waitFor({ timeout: WAIT_MS });
        await page.getByRole("button", { name: "Sign and send" }).click();
        const tracker = page.getByTestId("stake-tracker");
        await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
        await page.getByRole("button", { name: "New staking action" }).click();
      };
      await send("Delegate", "2");
      expect(await delegated(alice.address, validator)).toBe(start + 2_000_000n);
      await send("Undelegate", "0.5");
      expect(await delegated(alice.address, validator)).toBe(start + 1_500_000n);
      // The tables show stakes in the bond denom's display unit, never raw base units.
      const row = page.locator(`[data-validator="${validator}"]`);
      await expect.poll(() => row.getByTestId("delegation-amount").textContent(), { timeout: WAIT_MS }).toBe(`${(Number(start + 1_500_000n) / 1e6).toString()} STAKE`);
      const cancel = page.getByRole("button", { name: /^Cancel unbonding of 0\.5 STAKE from / }).last();
      await cancel.click({ timeout: WAIT_MS });
      await signed();
      expect(await delegated(alice.address, validator)).toBe(start + 2_000_000n);
    } finally {
      await w.call("settings.update", { undoWindowSeconds });
    }
    expect(w.errors).toEqual([]);
  });

  it("says why there are no rewards to withdraw at the buttons that ask for them", async () => {
    const { page } = w;
    // A second account of the same phrase: it has never delegated. Last in the file, as the
    // accounts it adds stay.
    await page.getByRole("link", { name: "Wallet", exact: true }).click();
    await page.locator("#new-account-label").fill("Never staked", { timeout: WAIT_MS });
    // Added by keyboard while main derives it: the button says so and keeps the focus.
    await pressHeld(w, "wallet.addAccount", page.getByRole("button", { name: "Add account" }), () => expectBusyButton(page, "Adding…"));
    await expect.poll(() => page.locator("#new-account-label").inputValue(), { timeout: WAIT_MS }).toBe("");
    const { accounts } = (await w.call("wallet.accounts")) as { accounts: Array<{ label: string; address: string }> };
    const fresh = accounts.find((a) => a.label === "Never staked");
    if (!fresh) throw new Error(`no account labelled "Never staked" among ${accounts.map((a) => a.label).join(", ")}`);
    await page.getByRole("link", { name: "Staking", exact: true }).click();
    await page.locator("#stake-delegator").selectOption(fresh.address);
    // Withdraw all rewards is disabled, and says why at the button.
    const withdrawAll = page.getByRole("button", { name: /^Withdraw all rewards/ });
    await expect.poll(() => describedBy(withdrawAll), { timeout: WAIT_MS }).toEqual({ invalid: false, text: "Nothing to withdraw: this account has no delegation, so it earns no rewards." });
    expect(await withdrawAll.isDisabled()).toBe(true);
    await page.getByRole("radio", { name: "Withdraw rewards" }).check();
    await expect.poll(() => page.locator("#stake-withdraw-from").textContent(), { timeout: WAIT_MS }).toMatch(/: none$/);
    const review = page.getByRole("button", { name: "Review withdrawal", exact: true });
    await review.click();
    await expect.poll(() => describedBy(review), { timeout: WAIT_MS }).toEqual({ invalid: false, text: "This account has no delegation, so no rewards to withdraw." });
    expect(await untiedFieldErrors(page)).toEqual([]);
    expect(await page.getByTestId("prepared-tx").count()).toBe(0);
    expect(w.errors).toEqual([]);
  });

  it("says what could not be read at the control it stops: the validators at both validator selects, the delegations and rewards at Withdraw all rewards, the lists at their tables", async () => {
    const { page } = w;
    const reads = new Set([delegationsQuery.path, rewardsQuery.path, unbondingQuery.path, redelegationsQuery.path]);
    w.refuse((method, args) => method === "chain.validatorMonikers" || (method === "chain.abciQuery" && reads.has((args as { path: string }).path)), "the node refused the query");
    try {
      await page.reload();
      await page.locator(".shell").waitFor({ timeout: WAIT_MS });
      await page.getByRole("link", { name: "Staking", exact: true }).click();
      await page.getByRole("radio", { name: "Delegate", exact: true }).check();
      const validator = page.getByLabel("Validator", { exact: true });
      await expect.poll(() => describedBy(validator), { timeout: WAIT_MS }).toEqual({ invalid: true, text: "The validators could not be read: the node refused the query" });
      const withdrawAll = page.getByRole("button", { name: /^Withdraw all rewards/ });
      await expect.poll(() => describedBy(withdrawAll), { timeout: WAIT_MS }).toEqual({
        invalid: false,
        text: "The delegations could not be read: the node refused the query The rewards could not be read: the node refused the query",
      });
      // The lists that could not be read: named by their tables.
      await expect.poll(() => describedBy(page.getByTestId("unbonding-table")), { timeout: WAIT_MS }).toEqual({ invalid: false, text: "The unbonding entries could not be read: the node refused the query" });
      await expect.poll(() => describedBy(page.getByTestId("redelegations-table")), { timeout: WAIT_MS }).toEqual({ invalid: false, text: "The redelegations could not be read: the node refused the query" });
      expect(await untiedFieldErrors(page)).toEqual([]);
      // A redelegation offers validators in both selects: each says they could not be read.
      await page.getByRole("radio", { name: "Redelegate", exact: true }).check();
      for (const label of ["From validator", "To validator"]) {
        await expect.poll(() => describedBy(page.getByLabel(label, { exact: true })), { timeout: WAIT_MS }).toEqual({ invalid: true, text: "The validators could not be read: the node refused the query" });
      }
      expect(await untiedFieldErrors(page)).toEqual([]);
    } finally {
      w.refuse();
    }
    expect(w.errors).toEqual([]);
  });
});

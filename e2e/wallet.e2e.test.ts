/**
 * The wallet end to end: the built renderer in Chromium, the real services through the bridge,
 * the e2e devnet and its access service (5-second hold window). One page, specs in order.
 */
import { readFileSync } from "node:fs";
import { coins } from "@cosmjs/stargate";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fixedFee, signingClient } from "../devnet/test/chain-client.js";
import { formatBaseAmount } from "../shared/wallet/amount.js";
import { secretScanSpec } from "./specs/secret-scan-spec.js";
import { inertText } from "../renderer/src/wallet/inert-text.js";
import { WAIT_MS } from "./support/app.js";
import { haltChain } from "./support/chain.js";
import { describedBy, untiedFieldErrors } from "./support/field-errors.js";
import { corpusMemos, homoglyphs } from "./support/hostile-corpus.js";
import { expectInert } from "./support/inert-page.js";
import { faultSpecs } from "./wallet/fault-specs.js";
import { expectBusyButton, hasFocus } from "./support/held-answers.js";
import { pressHeld } from "./wallet/press-held.js";
import { securitySpecs } from "./wallet/security-specs.js";
import { openWalletWorld, type WalletWorld, walletWorldDir } from "./wallet/wallet-world.js";

const PASSWORD = "wallet e2e password";
const XSS = "<img src=x onerror=alert(1)>";
const RLO = "pay \u202Egnp.exe";
let w: WalletWorld;
/** The wallet's password now: the security specs change it, and the secret scan opens the vault with it. */
let vaultPassword = PASSWORD;
const acct = (name: string) => w.devnet.accounts.find((a) => a.name === name)!;
const balance = async (address: string) => {
  const { balances } = (await w.call("wallet.balances", { address })) as { balances: Array<{ denom: string; amount: string }> };
  return BigInt(balances.find((b) => b.denom === w.devnet.denom)?.amount ?? "0");
};
const go = async (name: string) => {
  await w.page.getByRole("link", { name, exact: true }).click();
  await w.page.locator("#page-title", { hasText: name }).waitFor({ timeout: WAIT_MS });
};
const field = (label: string | RegExp): Locator => (typeof label === "string" ? w.page.getByLabel(label, { exact: true }) : w.page.getByLabel(label));

async function openSendForm(): Promise<void> {
  await go("Send");
  const again = w.page.getByRole("button", { name: "New transfer" });
  await w.page.locator(".send-form, [data-testid=send-tracker], .review").first().waitFor({ timeout: WAIT_MS });
  if (await again.count()) await again.click();
  const back = w.page.getByRole("button", { name: "Back to the form" });
  if (await back.count()) await back.click();
  await w.page.locator(".send-form").waitFor({ timeout: WAIT_MS });
}

async function fillSend(to: string, amount: string, memo = ""): Promise<void> {
  await openSendForm();
  await field("Recipient address").fill(to);
  await field("Amount").fill(amount);
  await field("Memo (optional, public on chain)").fill(memo);
}

/** Review (`onReview` may look at it) then sign; returns the hash the tracker shows. */
async function reviewAndSend(onReview?: () => Promise<void>): Promise<string> {
  await w.page.getByRole("button", { name: "Review" }).click();
  await w.page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
  await onReview?.();
  await w.page.getByRole("button", { name: "Sign and send" }).dblclick(); // a double click is one transfer
  const hash = w.page.getByTestId("sent-hash");
  await hash.waitFor({ timeout: WAIT_MS });
  return (await hash.textContent())!;
}
const trackerStatus = (page: Page = w.page) => page.getByTestId("send-tracker").getAttribute("data-status");
const chainHeight = async () => BigInt(((await w.call("chain.status")).syncInfo as { latestBlockHeight: string }).latestBlockHeight);
/** What would show that something was signed or charged: the outbox, the account on chain, its transfers at the service. */
const footprint = async (address: string) => ({
  outbox: ((await w.call("tx.outbox")).entries as unknown[]).length,
  balance: await balance(address),
  sequence: (await w.call("tx.account", { address })).sequence,
  sent: ((await w.call("tx.list", { address, limit: 100 })).transactions as Array<{ txHash: string; from: string }>).filter((t) => t.from === address).map((t) => t.txHash),
});
/** Past the hold window and a few blocks on, so anything submitted would have reached the chain. */
async function waitPastHoldAndBlocks(): Promise<void> {
  const until = Date.now() + Number((await w.call("tx.info")).holdWindowMs);
  const height0 = await chainHeight();
  await expect.poll(async () => Date.now() > until && (await chainHeight()) > height0 + 3n, { timeout: WAIT_MS }).toBe(true);
}

describe("wallet", () => {
  beforeAll(async () => {
    w = await openWalletWorld(inject("e2e"));
  });
  afterAll(async () => {
    await w?.close();
  });

  it("imports a devnet account, shows its address, QR and balances", async () => {
    const { page } = w;
    await page.getByRole("button", { name: "Import a recovery phrase" }).click({ timeout: WAIT_MS });
    await page.getByLabel("Recovery phrase (12 or 24 words)").fill(acct("alice").mnemonic);
    // Two passwords that differ: refused on the field to change, tied to it for screen readers.
    await page.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
    await page.getByLabel("Password again").fill(`${PASSWORD} typo`);
    await page.getByRole("button", { name: "Import" }).click();
    await expect.poll(() => describedBy(page.getByLabel("Password again")), { timeout: WAIT_MS }).toEqual({ invalid: true, text: "The two passwords differ." });
    expect(await untiedFieldErrors(page)).toEqual([]);
    await page.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
    await page.getByLabel("Password again").fill(PASSWORD);
    await page.getByRole("button", { name: "Import" }).click();
    await page.locator(".shell").waitFor({ timeout: WAIT_MS });
    await go("Wallet");
    await expect.poll(() => page.getByTestId("account-address").textContent(), { timeout: WAIT_MS }).toBe(acct("alice").address);
    await page.getByTestId("address-qr").waitFor({ timeout: WAIT_MS });
    await expect.poll(() => page.getByTestId("balances").textContent(), { timeout: WAIT_MS }).toContain("COMET");
  });

  it("sends to another devnet account: queued, broadcast, committed, and both balances move", async () => {
    const [alice0, bob0] = [await balance(acct("alice").address), await balance(acct("bob").address)];
    await fillSend(acct("bob").address, "1.5", "first transfer");
    // One name per denom, the network's (the Wallet's balances say COMET too).
    expect(await field("Denom").locator("option:checked").textContent()).toBe("COMET (ucomet)");
    expect(await w.page.getByLabel("Fee (COMET)", { exact: true }).count()).toBe(1);
    const hash = await reviewAndSend(async () => {
      expect(await w.page.getByTestId("sign-doc").locator("div", { hasText: /^Amount/ }).locator("dd").textContent()).toBe("1.5 COMET (1500000ucomet)");
    });
    expect(await trackerStatus()).toMatch(/queued|broadcast|committed/);
    await expect.poll(() => trackerStatus(), { timeout: WAIT_MS }).toBe("committed");
    expect(await w.page.getByTestId("send-tracker").textContent()).toContain(`1.5 COMET to ${acct("bob").address}`);
    // Final: nothing left to cancel.
    expect(await w.page.getByRole("button", { name: "Cancel transfer" }).count()).toBe(0);
    const tx = await w.call("tx.get", { id: hash });
    expect(await balance(acct("bob").address)).toBe(bob0 + 1_500_000n);
    expect(await balance(acct("alice").address)).toBe(alice0 - 1_500_000n - BigInt(String(tx.fee).replace(/\D+$/, "")));

    await go("Transactions");
    const row = w.page.locator(`[data-tx-hash="${hash}"]`);
    await expect.poll(() => row.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
    expect(await row.locator(".amount").textContent()).toBe("−1.5 COMET");
    await row.getByRole("button", { name: /show its history/ }).click();
    await expect.poll(() => w.page.getByTestId("tx-history").locator(".status-badge").allTextContents(), { timeout: WAIT_MS }).toEqual(["queued", "broadcast", "committed"]);
    await w.page.keyboard.press("Escape");
    // Exactly one transfer for the double click.
    const outbox = (await w.call("tx.outbox")).entries as unknown[];
    expect(outbox).toHaveLength(1);
  });

  it("cancels inside the hold window: cancelled, and no balance ever moves", async () => {
    const [alice0, bob0] = [await balance(acct("alice").address), await balance(acct("bob").address)];
    await fillSend(acct("bob").address, "2");
    const hash = await reviewAndSend();
    await w.page.getByTestId("hold-countdown").waitFor({ timeout: WAIT_MS });
    // Pressed by keyboard: while main cancels, the button says so and keeps the focus.
    await pressHeld(w, "tx.cancel", w.page.getByRole("button", { name: "Cancel transfer" }), () => expectBusyButton(w.page, "Cancelling…"));
    await expect.poll(() => trackerStatus(), { timeout: WAIT_MS }).toBe("cancelled");
    // The button is gone with the work done: the keyboard is on the title that says so, not on the page's body.
    await expect.poll(() => hasFocus(w.page.locator("#tracker-title")), { timeout: WAIT_MS }).toBe(true);
    expect(await w.page.locator("#tracker-title").textContent()).toBe("Transfer cancelled");
    // Past the hold window and a few blocks on, nothing was transferred.
    const held = Date.parse(String((await w.call("tx.get", { id: hash })).holdUntil));
    const height = async () => Number(((await w.call("chain.status")).syncInfo as { latestBlockHeight: string }).latestBlockHeight);
    const height0 = await height();
    await expect.poll(async () => Date.now() > held && (await height()) > height0 + 3, { timeout: WAIT_MS }).toBe(true);
    expect(await balance(acct("alice").address)).toBe(alice0);
    expect(await balance(acct("bob").address)).toBe(bob0);
    expect((await w.call("tx.get", { id: hash })).status).toBe("cancelled");
  });

  it("explains in plain words that a committed transfer cannot be cancelled (409)", async () => {
    await fillSend(acct("bob").address, "0.1");
    const hash = await reviewAndSend();
    w.slowLink(true); // the page keeps showing "queued" while the chain commits it
    await expect.poll(async () => (await w.call("tx.get", { id: hash })).status, { timeout: WAIT_MS }).toBe("committed");
    await w.page.getByRole("button", { name: "Cancel transfer" }).click();
    await expect.poll(() => w.page.getByTestId("cancel-error").textContent(), { timeout: WAIT_MS }).toMatch(/Too late to cancel.*cannot take a transaction back/);
    w.slowLink(false);
    await expect.poll(() => trackerStatus(), { timeout: WAIT_MS }).toBe("committed");
  });

  it("refuses bad input in every field inline and sends nothing", async () => {
    const before = ((await w.call("tx.outbox")).entries as unknown[]).length;
    await openSendForm();
    const bob = acct("bob").address;
    const fee = /^Fee \(/;
    const defaultFee = await field(fee).inputValue();
    const defaultGas = await field("Gas limit").inputValue();
    const cases: Array<[string | RegExp, string, RegExp]> = [
      ["Recipient address", bob.slice(0, -1) + (bob.endsWith("q") ? "p" : "q"), /checksum/],
      ["Recipient address", "osmo1edhrppagujenjy8s82rplhj85atl5v7eeusulc", /another network/],
      ["Recipient address", bob.replace("zy", "ZY"), /one case/],
      ["Recipient address", bob.replace(/[ac-hj-np-z02-9]$/, "o"), /looks like/],
      // Look-alikes of bob's address from the corpus: another script's letters, a zero-width space, mixed case.
      ...homoglyphs(bob).map(({ value }): [string, string, RegExp] => ["Recipient address", value, /looks like|one case/]),
      ["Amount", "1.0000001", /decimals/],
      ["Amount", "abc", /digits/],
      ["Memo (optional, public on chain)", "x".repeat(300), /256 bytes/],
      [fee, "-1", /Leave out the minus sign/],
      ["Gas limit", "0", /whole number/],
    ];
    for (const [label, value, message] of cases) {
      await field("Recipient address").fill(bob);
      await field("Amount").fill("1");
      await field("Memo (optional, public on chain)").fill("");
      await field(fee).fill(defaultFee);
      await field("Gas limit").fill(defaultGas);
      await field(label).fill(value);
      await w.page.getByRole("button", { name: "Review" }).click();
      await expect.poll(() => w.page.locator(".field-error").allTextContents(), { timeout: WAIT_MS }).toEqual([expect.stringMatching(message)]);
      // The error is the field's own: marked invalid, and read out as its description.
      expect(await describedBy(field(label))).toEqual({ invalid: true, text: expect.stringMatching(message) });
      expect(await untiedFieldErrors(w.page)).toEqual([]);
      expect(await w.page.getByTestId("sign-doc").count()).toBe(0);
    }
    expect(((await w.call("tx.outbox")).entries as unknown[]).length).toBe(before);
    await field(fee).fill(defaultFee);
    await field("Gas limit").fill(defaultGas);
  });

  it("with no account to send from yet, Review says so at the account control and the keyboard goes there", async () => {
    // Main holds the accounts, as a slow one would: the form has none to send from.
    w.slowLink(true, ["wallet.accounts"]);
    try {
      await w.page.reload();
      await w.page.locator(".shell").waitFor({ timeout: WAIT_MS });
      await openSendForm();
      const from = w.page.locator("#send-from");
      expect(await from.textContent()).toBe("Reading the accounts…");
      await w.page.getByRole("button", { name: "Review" }).click();
      await expect.poll(() => w.page.evaluate(() => document.activeElement?.id), { timeout: WAIT_MS }).toBe("send-from");
      expect(await describedBy(from)).toEqual({ invalid: true, text: "Pick the account to send from." });
      expect(await untiedFieldErrors(w.page)).toEqual([]);
      expect(await w.page.getByTestId("sign-doc").count()).toBe(0);
    } finally {
      w.slowLink(false);
    }
    await expect.poll(() => w.page.locator("#send-from").textContent(), { timeout: WAIT_MS }).toContain(acct("alice").address.slice(-6));
    expect(w.errors).toEqual([]);
  });

  it("refuses a transfer above what the account can spend before review: nothing is signed, submitted or charged", async () => {
    const alice = acct("alice").address;
    const before = await footprint(alice);
    await fillSend(acct("bob").address, "5000000");
    const amount = field("Amount");
    await w.page.getByRole("button", { name: "Review" }).click();
    await expect.poll(() => describedBy(amount), { timeout: WAIT_MS }).toEqual({ invalid: true, text: expect.stringMatching(/^That is more than this account can spend: [\d.]+ COMET is available\. Available: [\d.]+ COMET\.$/) });
    expect(await w.page.getByTestId("sign-doc").count()).toBe(0);
    // All of it: the fee is what does not fit, and the form says what can be sent with it.
    const funds = (await w.call("tx.funds", { address: alice })) as { available: Array<{ denom: string; amount: string }> };
    const all = BigInt(funds.available.find((c) => c.denom === w.devnet.denom)!.amount);
    await amount.fill(formatBaseAmount(all.toString(), 6));
    await w.page.getByRole("button", { name: "Review" }).click();
    await expect.poll(async () => (await describedBy(amount)).text, { timeout: WAIT_MS })
      .toContain(`With the fee of 0.0005 COMET, that is more than the ${formatBaseAmount(all.toString(), 6)} COMET available. At most ${formatBaseAmount((all - 500n).toString(), 6)} COMET can be sent with this fee.`);
    expect(await untiedFieldErrors(w.page)).toEqual([]);
    expect(await w.page.getByTestId("sign-doc").count()).toBe(0);
    await waitPastHoldAndBlocks();
    expect(await footprint(alice)).toEqual(before);
  });

  it("refuses in main at signing when the balance fell after the form's check: nothing is signed, submitted or charged", async () => {
    const alice = acct("alice").address;
    const sequence0 = BigInt(String((await w.call("tx.account", { address: alice })).sequence));
    await fillSend(acct("bob").address, "1000", "checked before the balance fell");
    // A slow link holds the review's sign doc: the form's check has passed, nothing is signed yet.
    w.slowLink(true, ["tx.signDoc"]);
    let drained: bigint | undefined;
    try {
      await w.page.getByRole("button", { name: "Review" }).click();
      await w.page.locator(".review").waitFor({ timeout: WAIT_MS });
      // Meanwhile the same key spends elsewhere (another wallet, straight to the chain): all but 500 COMET go.
      const funds = (await w.call("tx.funds", { address: alice })) as { available: Array<{ denom: string; amount: string }> };
      drained = BigInt(funds.available.find((c) => c.denom === w.devnet.denom)!.amount) - 500_000_000n - 5_000n;
      const elsewhere = await signingClient(w.devnet, "alice");
      expect((await elsewhere.client.sendTokens(alice, acct("dave").address, coins(drained.toString(), w.devnet.denom), fixedFee(w.devnet))).code).toBe(0);
      elsewhere.client.disconnect();
    } finally {
      w.slowLink(false);
    }
    const before = await footprint(alice);
    try {
      // The sign doc takes the next sequence, so only the balance stands in the way.
      await w.page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      expect(await w.page.getByTestId("sign-doc").locator("div", { hasText: /^Sequence/ }).locator("dd").textContent()).toBe(String(sequence0 + 1n));
      await w.page.getByRole("button", { name: "Sign and send" }).click();
      await expect.poll(() => w.page.getByTestId("send-problem").textContent(), { timeout: WAIT_MS }).toMatch(/Nothing was signed: That is more than this account can spend: 500 COMET is available\./);
      expect(await w.page.getByTestId("send-tracker").count()).toBe(0);
      await waitPastHoldAndBlocks();
      expect(await footprint(alice)).toEqual(before);
    } finally {
      // Given back, so the later specs find the account as it was.
      const dave = await signingClient(w.devnet, "dave");
      await dave.client.sendTokens(acct("dave").address, alice, coins(drained!.toString(), w.devnet.denom), fixedFee(w.devnet));
      dave.client.disconnect();
    }
    await w.page.getByRole("button", { name: "Back to the form" }).click();
    expect(await field("Amount").inputValue()).toBe("1000");
  });

  it("lists a transfer submitted while the Transactions list is open, cancels it from there while queued, and offers nothing to cancel once it is final", async () => {
    const alice = acct("alice").address;
    await go("Transactions");
    await w.page.locator("[data-tx-hash]").first().waitFor({ timeout: WAIT_MS });
    const { nextNonce } = await w.call("tx.account", { address: alice });
    // One nonce ahead: it waits for the one before, so it stays queued however long the page takes,
    // and no block brings it: the list shows it only because main says it was submitted.
    const held = await w.call("tx.submit", { from: alice, to: acct("carol").address, amount: `3${w.devnet.denom}`, nonce: String(BigInt(String(nextNonce)) + 1n) });
    expect(held.status).toBe("queued");
    await expect.poll(() => w.page.locator(`[data-tx-hash="${String(held.txHash)}"]`).getAttribute("data-status", { timeout: 1_000 }).catch(() => null), { timeout: WAIT_MS }).toBe("queued");
    const dialog = w.page.locator("dialog.tx-history");
    const openHistory = async (hash: string) => {
      await w.page.locator(`[data-tx-hash="${hash}"]`).getByRole("button", { name: /show its history/ }).click({ timeout: WAIT_MS });
      await dialog.waitFor({ timeout: WAIT_MS });
    };
    await openHistory(String(held.txHash));
    await dialog.getByRole("button", { name: "Cancel transfer" }).click();
    await expect.poll(() => dialog.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("cancelled");
    expect(await dialog.getByRole("button", { name: "Cancel transfer" }).count()).toBe(0);
    // The pressed button is gone: the keyboard is on the line that says the status now, inside the dialog.
    await expect.poll(() => hasFocus(dialog.getByTestId("tx-history-now")), { timeout: WAIT_MS }).toBe(true);
    expect((await w.call("tx.get", { id: held.txHash })).status).toBe("cancelled");
    await w.page.keyboard.press("Escape");
    const committed = ((await w.call("tx.list", { address: alice, status: "committed", limit: 1 })).transactions as Array<{ txHash: string }>)[0]!;
    await openHistory(committed.txHash);
    await expect.poll(() => dialog.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
    expect(await dialog.getByRole("button", { name: "Cancel transfer" }).count()).toBe(0);
    await w.page.keyboard.press("Escape");
  });

  it("offers no Cancel once a transfer is broadcast, on the tracker or in the list (four validators, half of them paused)", async () => {
    const env = inject("e2e");
    const four = await openWalletWorld(env, { devnetDir: env.four.devnetDir, dataDirName: "e2e-wallet-four-app" });
    try {
      const sender = four.devnet.accounts.find((a) => a.name === "dave")!;
      const to = four.devnet.accounts.find((a) => a.name === "erin")!.address;
      await four.call("wallet.import", { mnemonic: sender.mnemonic, password: PASSWORD });
      const page = four.page;
      await page.reload();
      await page.getByRole("link", { name: "Send", exact: true }).click({ timeout: WAIT_MS });
      await page.getByLabel("Recipient address", { exact: true }).fill(to);
      await page.getByLabel("Amount", { exact: true }).fill("0.25");
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      await page.getByRole("button", { name: "Sign and send" }).click();
      const hash = (await page.getByTestId("sent-hash").textContent({ timeout: WAIT_MS }))!;
      expect(await trackerStatus(page)).toBe("queued");
      expect(await page.getByRole("button", { name: "Cancel transfer" }).count()).toBe(1);
      // No blocks from here: the service broadcasts at the end of the hold window, and the
      // transfer stays in node 0's mempool, broadcast and not committed, while the page is read.
      const resume = haltChain(env.four.nodesDir);
      try {
        await expect.poll(async () => (await four.call("tx.get", { id: hash })).status, { timeout: WAIT_MS }).toBe("broadcast");
        await expect.poll(() => trackerStatus(page), { timeout: WAIT_MS }).toBe("broadcast");
        expect(await page.getByTestId("send-tracker").textContent()).toContain("It can no longer be cancelled: a Cosmos chain cannot take a transaction back.");
        expect(await page.getByRole("button", { name: "Cancel transfer" }).count()).toBe(0);
        await page.getByRole("link", { name: "Transactions", exact: true }).click();
        await page.locator(`[data-tx-hash="${hash}"]`).getByRole("button", { name: /show its history/ }).click({ timeout: WAIT_MS });
        const dialog = page.locator("dialog.tx-history");
        await expect.poll(() => dialog.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("broadcast");
        expect(await dialog.getByRole("button", { name: "Cancel transfer" }).count()).toBe(0);
        expect(await dialog.getByRole("button", { name: "Close" }).count()).toBe(1);
      } finally {
        resume();
      }
      await expect.poll(async () => (await four.call("tx.get", { id: hash })).status, { timeout: 60_000 }).toBe("committed");
      expect(four.errors).toEqual([]);
    } finally {
      await four.close();
    }
  });

  it("shows hostile memos as inert text in the review, the tracker and the list", async () => {
    const hashes: string[] = [];
    for (const memo of [XSS, RLO]) {
      await fillSend(acct("carol").address, "0.01", memo);
      await w.page.getByRole("button", { name: "Review" }).click();
      await expect.poll(() => w.page.getByTestId("review-memo").textContent(), { timeout: WAIT_MS }).toBe(memo === RLO ? "pay [U+202E]gnp.exe" : XSS);
      expect(await w.page.getByTestId("raw-sign-doc").textContent()).toContain(memo === RLO ? "\u202E" : XSS);
      await w.page.getByRole("button", { name: "Sign and send" }).click();
      await w.page.getByTestId("sent-hash").waitFor({ timeout: WAIT_MS });
      hashes.push((await w.page.getByTestId("sent-hash").textContent())!);
      await w.page.getByRole("button", { name: "New transfer" }).click();
    }
    await go("Transactions");
    const memos = hashes.map((h) => w.page.locator(`[data-tx-hash="${h}"]`).getByTestId("tx-memo"));
    await expect.poll(() => memos[0]!.textContent(), { timeout: WAIT_MS }).toBe(XSS);
    expect(await memos[1]!.textContent()).toBe("pay [U+202E]gnp.exe");
    expect(await w.page.locator(".tx-table img, .review img").count()).toBe(0);
    expect(w.alerts).toEqual([]);
    expect(await w.page.content()).not.toContain("\u202E");
  });

  it("shows every corpus memo as inert text in the list, with nothing active on the page", async () => {
    const sent: Array<{ memo: string; id: string }> = [];
    for (const memo of corpusMemos()) {
      const tx = await w.call("tx.submit", { from: acct("alice").address, to: acct("carol").address, amount: `1${w.devnet.denom}`, memo });
      sent.push({ memo, id: String(tx.txHash) });
    }
    await go("Transactions");
    for (const { memo, id } of sent) {
      await expect.poll(() => w.page.locator(`[data-tx-hash="${id}"]`).getByTestId("tx-memo").textContent(), { timeout: WAIT_MS }).toBe(inertText(memo));
    }
    await expectInert(w.page, sent.map((s) => s.memo), w.page.url(), "transactions list", inertText);
    expect(w.alerts).toEqual([]);
  });

  it("lists 10 by default, more on request, and exports the rows shown as CSV", async () => {
    const alice = acct("alice").address;
    for (let i = 0; i < 12; i++) await w.call("tx.submit", { from: alice, to: acct("dave").address, amount: `${i + 1}${w.devnet.denom}`, memo: i === 0 ? "=HYPERLINK(\"x\")" : "" });
    await go("Transactions");
    await w.page.getByLabel("All", { exact: true }).check();
    await expect.poll(() => w.page.getByTestId("tx-count").textContent(), { timeout: WAIT_MS }).toMatch(/^10 transactions shown; more/);
    await w.page.getByRole("button", { name: "Load 10 more" }).click();
    await expect.poll(() => w.page.getByTestId("tx-count").textContent(), { timeout: WAIT_MS }).toMatch(/^(1[1-9]|20) transactions shown/);
    const shown = Number((await w.page.getByTestId("tx-count").textContent())!.split(" ")[0]);
    const firstHash = await w.page.locator("[data-index='0']").getAttribute("data-tx-hash");

    const download = w.page.waitForEvent("download", { timeout: WAIT_MS });
    // Pressed by keyboard while main writes the file: it says so and keeps the focus.
    await pressHeld(w, "tx.exportCsv", w.page.getByRole("button", { name: "Export CSV" }), () => expectBusyButton(w.page, "Exporting…"));
    const csv = readFileSync((await (await download).path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,hash,from,to,amount,denom,fee,memo,status,height");
    expect(lines.length - 1).toBeGreaterThanOrEqual(shown);
    expect(lines.slice(1).some((l) => l.includes(firstHash!))).toBe(true);
    expect(csv).toContain("'=HYPERLINK"); // neutralised, and quoted for its quotes
  });

  it("keeps every column of the list inside it on a 1280 px screen, and lets it scroll sideways at the window's 800 px minimum", async () => {
    const headers = w.page.locator(".tx-head [role=columnheader]");
    /** Whether each column header lies inside what the frame shows, and how far the frame can scroll sideways. */
    const fit = () => w.page.evaluate(() => {
      const frame = document.querySelector(".table-frame")!;
      const right = frame.getBoundingClientRect().right;
      return {
        inside: [...document.querySelectorAll(".tx-head [role=columnheader]")].map((h) => h.getBoundingClientRect().right <= right + 1),
        sideways: frame.scrollWidth - frame.clientWidth,
      };
    });
    try {
      await w.page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(() => headers.count(), { timeout: WAIT_MS }).toBe(7);
      expect(await fit()).toEqual({ inside: Array(7).fill(true), sideways: 0 });
      await w.page.setViewportSize({ width: 800, height: 560 });
      const narrow = await fit();
      expect(narrow.sideways).toBeGreaterThan(0);
      // Scrolled to its end, the last columns are there to read: nothing was cut off for good.
      await w.page.locator(".table-frame").evaluate((f) => { f.scrollLeft = f.scrollWidth; });
      expect((await fit()).inside.slice(-3)).toEqual([true, true, true]);
    } finally {
      await w.page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it("asks for the password when the wallet locks mid-send; a wrong one unlocks nothing", async () => {
    const before = ((await w.call("tx.outbox")).entries as unknown[]).length;
    await fillSend(acct("erin").address, "0.5", "after a lock");
    await w.page.getByRole("button", { name: "Review" }).click();
    await w.page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
    await w.page.keyboard.press("Control+Shift+L");
    const password = w.page.getByLabel("Password");
    await password.waitFor({ timeout: WAIT_MS });
    await password.fill("not the password");
    await w.page.keyboard.press("Enter");
    await expect.poll(() => w.page.getByRole("alert").textContent(), { timeout: WAIT_MS }).toMatch(/password/i);
    expect(await w.page.locator(".shell").count()).toBe(0);
    expect(((await w.call("wallet.status")) as { locked: boolean }).locked).toBe(true);
    expect(((await w.call("tx.outbox")).entries as unknown[]).length).toBe(before);
    await password.fill(PASSWORD);
    // Unlock pressed by keyboard: while main checks the password, it says so and keeps the focus.
    await pressHeld(w, "wallet.unlock", w.page.getByRole("button", { name: "Unlock" }), () => expectBusyButton(w.page, "Unlocking…"));
    // The same review comes back, and sends once.
    await w.page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
    await w.page.getByRole("button", { name: "Sign and send" }).click();
    await w.page.getByTestId("sent-hash").waitFor({ timeout: WAIT_MS });
    expect(((await w.call("tx.outbox")).entries as unknown[]).length).toBe(before + 1);
    expect(w.errors).toEqual([]);
  });

  it("saves a recipient to the address book in main, picks it, and removes it", async () => {
    const erin = acct("erin").address;
    await openSendForm();
    await field("Recipient address").fill(erin);
    await field("Save as").fill("Erin");
    await pressHeld(w, "addressBook.save", w.page.getByRole("button", { name: "Save to address book" }), () => expectBusyButton(w.page, "Saving…"));
    await expect.poll(async () => (await w.call("addressBook.list")).entries, { timeout: WAIT_MS }).toEqual([{ label: "Erin", address: erin }]);
    await field("Recipient address").fill("");
    await field("Address book").selectOption({ label: `Erin — ${erin}` });
    expect(await field("Recipient address").inputValue()).toBe(erin);
    await go("Wallet");
    await w.page.getByRole("button", { name: "Remove Erin from the address book" }).click();
    await expect.poll(async () => (await w.call("addressBook.list")).entries, { timeout: WAIT_MS }).toEqual([]);
  });

  it("keeps a setting's control usable and focused while main saves it", async () => {
    await go("Settings");
    const keep = field(/Keep access tokens even when the OS keychain is unavailable/);
    const before = (await w.call("settings.get")).allowPlainTextTokens;
    await pressHeld(w, "settings.update", keep, async () => {
      // The fieldset says it is busy; the checkbox keeps the keyboard and takes the next change.
      await expect.poll(() => w.page.locator("fieldset", { has: keep }).getAttribute("aria-busy"), { timeout: WAIT_MS }).toBe("true");
      expect(await keep.evaluate((el) => (el as HTMLInputElement).disabled)).toBe(false);
      expect(await hasFocus(keep)).toBe(true);
    }, "Space");
    await expect.poll(async () => (await w.call("settings.get")).allowPlainTextTokens, { timeout: WAIT_MS }).toBe(!before);
    await expect.poll(() => keep.isChecked(), { timeout: WAIT_MS }).toBe(!before);
    await keep.press("Space");
    await expect.poll(async () => (await w.call("settings.get")).allowPlainTextTokens, { timeout: WAIT_MS }).toBe(before);
    await expect.poll(() => keep.isChecked(), { timeout: WAIT_MS }).toBe(before);
    expect(await w.page.locator("fieldset", { has: keep }).getAttribute("aria-busy")).toBeNull();
    expect(w.errors).toEqual([]);
  });

  it("Enter in the address book's label saves the recipient, not the transfer form", async () => {
    const erin = acct("erin").address;
    await openSendForm();
    await field("Recipient address").fill(erin);
    await field("Amount").fill("");
    await field("Save as").fill("Erin by Enter");
    await field("Save as").press("Enter");
    await expect.poll(async () => (await w.call("addressBook.list")).entries, { timeout: WAIT_MS }).toEqual([{ label: "Erin by Enter", address: erin }]);
    await expect.poll(() => w.page.locator(".send-form").textContent()).toContain("In your address book as “Erin by Enter”");
    // The transfer was not checked: its empty amount is no problem yet, and no review opened.
    expect(await field("Amount").getAttribute("aria-invalid")).toBeNull();
    expect(await w.page.getByTestId("sign-doc").count()).toBe(0);
    await w.call("addressBook.remove", { address: erin });
    expect(w.errors).toEqual([]);
  });

  it("refuses a label another recipient has, at the label field, and saves once it is another", async () => {
    // Dave: the specs before leave erin in this page's cached book.
    const [dave, bob, carol] = ["dave", "bob", "carol"].map((name) => acct(name).address) as [string, string, string];
    try {
      await openSendForm();
      await field("Recipient address").fill(dave);
      await field("Save as").fill("Dave");
      await w.page.getByRole("button", { name: "Save to address book" }).click();
      await expect.poll(async () => (await w.call("addressBook.list")).entries, { timeout: WAIT_MS }).toEqual([{ label: "Dave", address: dave }]);
      await field("Recipient address").fill(bob);
      await field("Save as").fill(" dave ");
      await w.page.getByRole("button", { name: "Save to address book" }).click();
      const taken = `“Dave” already names ${dave}: give this address another name.`;
      await expect.poll(() => describedBy(field("Save as")), { timeout: WAIT_MS }).toEqual({ invalid: true, text: taken });
      expect(await w.page.evaluate(() => document.activeElement?.id)).toBe("send-book-label");
      expect(await untiedFieldErrors(w.page)).toEqual([]);
      expect((await w.call("addressBook.list")).entries).toEqual([{ label: "Dave", address: dave }]);
      // A name main's book has and this page has not seen yet: main refuses it, said at the field.
      await w.call("addressBook.save", { label: "Carol", address: carol });
      await field("Save as").fill("carol");
      await field("Save as").press("Enter");
      await expect.poll(async () => (await describedBy(field("Save as"))).text, { timeout: WAIT_MS }).toContain(`“Carol” already names ${carol}: give this address another name.`);
      expect(await describedBy(field("Save as"))).toMatchObject({ invalid: true });
      expect(await untiedFieldErrors(w.page)).toEqual([]);
      // Edited, the problem goes; another name is saved.
      await field("Save as").fill("Bob");
      expect(await describedBy(field("Save as"))).toEqual({ invalid: false, text: "" });
      await field("Save as").press("Enter");
      await expect.poll(async () => (await w.call("addressBook.list")).entries, { timeout: WAIT_MS }).toEqual([{ label: "Bob", address: bob }, { label: "Carol", address: carol }, { label: "Dave", address: dave }]);
    } finally {
      for (const address of [dave, bob, carol]) await w.call("addressBook.remove", { address });
    }
    expect(w.errors).toEqual([]);
  });

  it("shows a way to set the token when it is missing, and the list once it is back", async () => {
    const token = inject("e2e").devnetToken!;
    await w.call("network.clearToken", { id: "devnet" });
    await go("Transactions");
    const state = w.page.locator("[data-state=token]");
    await state.waitFor({ timeout: WAIT_MS });
    expect(await state.getByRole("link", { name: "Set the token in Networks" }).getAttribute("href")).toBe("#/networks");
    await state.getByRole("link", { name: "Set the token in Networks" }).click();
    const cell = w.page.locator(".token-cell", { has: w.page.getByTestId("token-status-devnet") });
    await cell.getByRole("button", { name: "Set token" }).click({ timeout: WAIT_MS });
    await cell.getByLabel(/^Access token for /).fill(token);
    // Saved by keyboard while main stores it: the button says so and keeps the focus.
    await pressHeld(w, "network.setToken", cell.getByRole("button", { name: "Save token" }), () => expectBusyButton(w.page, "Saving…"));
    await expect.poll(() => cell.getByTestId("token-status-devnet").textContent(), { timeout: WAIT_MS }).toBe("Token set");
    expect(await cell.getByLabel(/^Access token for /).count()).toBe(0);
    await go("Transactions");
    await expect.poll(() => w.page.getByTestId("tx-count").count(), { timeout: WAIT_MS }).toBe(1);
  });

  it("tells main the user is at the window from keys, clicks and the wheel, at most every 15 s, and never from background reads", async () => {
    let told = 0;
    // Lets every call through, counting the window's reports.
    w.refuse((method) => {
      if (method === "wallet.activity") told++;
      return false;
    });
    try {
      await w.page.reload();
      await w.page.locator(".shell").waitFor({ timeout: WAIT_MS });
      // The live feed and the pages' polling go on for two seconds: none of it is the user.
      await w.page.waitForTimeout(2_000);
      expect(told).toBe(0);
      await w.page.keyboard.press("Shift");
      await expect.poll(() => told, { timeout: WAIT_MS }).toBe(1);
      await w.page.mouse.click(600, 300);
      await w.page.mouse.wheel(0, 200);
      await w.page.keyboard.press("Shift");
      await w.page.waitForTimeout(500);
      expect(told).toBe(1);
      expect(((await w.call("wallet.status")) as { locked: boolean }).locked).toBe(false);
    } finally {
      w.refuse();
    }
    expect(w.errors).toEqual([]);
  });

  // After every spec that unlocks with PASSWORD: these change it.
  securitySpecs(() => w, () => acct("alice").mnemonic, PASSWORD, (next) => (vaultPassword = next));

  faultSpecs(() => w, inject("e2e").devnetDir);

  // Last: the whole suite's bridge traffic, DOM and storage hold none of the run's secrets.
  secretScanSpec(() => ({
    devnetDirs: [inject("e2e").devnetDir, inject("e2e").four.devnetDir],
    vaults: [{ dataDir: w.dataDir, password: vaultPassword }, { dataDir: walletWorldDir("e2e-wallet-four-app"), password: PASSWORD }],
    bridges: [{ label: "the wallet app's bridge secret", secret: w.bridgeSecret }],
  }));
});

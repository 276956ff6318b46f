/**
 * An account whose key is elsewhere, through the page: a funded devnet address added as
 * watch-only on the Wallet page, listed with its badge and its balance read; its Send review
 * offers "Export unsigned" instead of "Sign and send", and the file is the SDK's unsigned JSON
 * for that transfer (what the devnet's own `simd tx bank send --generate-only` prints), with the
 * `simd tx sign --offline` command that signs it. The Staking review of such an account offers
 * the same. A 2-of-2 multisig of the vault's account and a simd key is added on the page at
 * simd's own address, signed by the vault's member with one press and by simd's member from a
 * file, and sent. The Wallet page lists the exports main keeps, finds the one a signed file
 * answers without being told which, sends it, and forgets the rest. On the e2e devnet's access
 * service.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { coins } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { layoutFromEnv } from "../devnet/lib/layout.js";
import { fixedFee, signingClient } from "../devnet/test/chain-client.js";
import { WAIT_MS } from "./support/app.js";
import { importPhraseThroughPage, openWalletWorld, type WalletWorld } from "./wallet/wallet-world.js";

const PASSWORD = "watch-only e2e password";
let w: WalletWorld;
const acct = (name: string) => w.devnet.accounts.find((a) => a.name === name)!;

describe("a watch-only address, through the page", () => {
  beforeAll(async () => {
    w = await openWalletWorld(inject("e2e"), { dataDirName: "e2e-watch-only-app" });
    const { page } = w;
    await importPhraseThroughPage(page, acct("alice").mnemonic, PASSWORD, { toWallet: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it("is listed with its Watch-only badge and balance, and its Send review exports the unsigned transfer instead of signing", async () => {
    const { page } = w;
    const bob = acct("bob").address;
    const carol = acct("carol").address;
    const watchForm = page.getByRole("form", { name: "Watch an address" });
    await watchForm.getByLabel("Address to watch", { exact: true }).fill(bob);
    await watchForm.getByLabel("Name", { exact: true }).fill("Bob cold");
    await watchForm.getByRole("button", { name: "Watch this address" }).click();
    await page.getByRole("status").filter({ hasText: `Watching Bob cold: ${bob}` }).waitFor({ timeout: WAIT_MS });

    const picker = page.getByLabel("Account", { exact: true });
    const option = picker.locator("option", { hasText: /^Bob cold \[Watch-only\] — / });
    await option.waitFor({ state: "attached", timeout: WAIT_MS });
    await picker.selectOption((await option.getAttribute("value"))!);
    await expect.poll(() => page.getByTestId("account-address").textContent(), { timeout: WAIT_MS }).toBe(bob);
    expect(await page.locator(".account-kind").textContent()).toBe("Watch-only");
    // Its balance is read like any account's: bob is funded at genesis.
    const { balances } = (await w.call("wallet.balances", { address: bob })) as { balances: Array<{ denom: string; amount: string }> };
    expect(BigInt(balances.find((b) => b.denom === w.devnet.denom)!.amount)).toBeGreaterThan(0n);
    await expect.poll(() => page.getByTestId("balances").textContent(), { timeout: WAIT_MS }).toContain("COMET");

    await page.getByRole("link", { name: "Send", exact: true }).click();
    const sendForm = page.getByRole("form", { name: "Send a transfer" });
    await sendForm.waitFor({ timeout: WAIT_MS });
    expect(await sendForm.getByLabel("Account", { exact: true }).locator("option:checked").textContent()).toMatch(/^Bob cold \[Watch-only\]/);
    await sendForm.getByLabel("Recipient address", { exact: true }).fill(carol);
    await sendForm.getByLabel("Amount", { exact: true }).fill("0.5");
    await sendForm.getByLabel("Memo (optional, public on chain)", { exact: true }).fill("from the cold key");
    await sendForm.getByRole("button", { name: "Review" }).click();

    const review = page.getByRole("region", { name: "Review what the key elsewhere signs" });
    const exportButton = review.getByRole("button", { name: "Export unsigned" });
    await exportButton.waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole("button", { name: "Sign and send" }).count()).toBe(0);
    await exportButton.click();

    const command = review.locator("pre code");
    await command.waitFor({ timeout: WAIT_MS });
    const shown = (await command.textContent())!;
    const numbers = /^simd tx sign (unsigned-\S+\.json) --from <key name> --offline --account-number (\d+) --sequence (\d+) --chain-id (\S+) --output-document signed-\S+\.json$/.exec(shown);
    expect(numbers, shown).not.toBeNull();
    const [, filename, accountNumber, sequence, chainId] = numbers!;
    expect(chainId).toBe(w.devnet.chainId);
    // The service's account number and next nonce for bob.
    const account = await w.call("tx.account", { address: bob });
    expect({ accountNumber, sequence }).toEqual({ accountNumber: account.accountNumber, sequence: account.nextNonce });

    const download = page.waitForEvent("download", { timeout: WAIT_MS });
    await review.getByRole("link", { name: `Download ${filename!}` }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(filename);
    const file = JSON.parse(readFileSync((await saved.path())!, "utf8")) as {
      body: { memo: string; timeout_height: string };
      auth_info: { fee: { amount: Array<{ amount: string; denom: string }>; gas_limit: string } };
      signatures: unknown[];
    };
    expect(file.signatures).toEqual([]);
    const fee = file.auth_info.fee;
    // What the devnet's simd prints for the same transfer at the same numbers.
    const simdUnsigned = execFileSync(layoutFromEnv().simd, [
      "tx", "bank", "send", bob, carol, `500000${w.devnet.denom}`, "--generate-only", "--offline",
      "--account-number", accountNumber!, "--sequence", sequence!,
      "--fees", fee.amount.map((c) => `${c.amount}${c.denom}`).join(","), "--gas", fee.gas_limit,
      "--note", "from the cold key", "--timeout-height", file.body.timeout_height,
    ], { encoding: "utf8" });
    expect(file).toEqual(JSON.parse(simdUnsigned));
    await review.getByRole("button", { name: "Back to the form" }).click();
    await sendForm.waitFor({ timeout: WAIT_MS });
  });

  it("on the Staking page, names its kind in the account list, and its review offers Export unsigned, never Sign and send", async () => {
    const { page } = w;
    await page.keyboard.press("Control+6");
    await page.locator("#page-title", { hasText: "Staking" }).waitFor({ timeout: WAIT_MS });
    const picker = page.getByLabel("Account", { exact: true });
    const option = picker.locator("option", { hasText: /^Bob cold \[Watch-only\] — / });
    await option.waitFor({ state: "attached", timeout: WAIT_MS });
    await picker.selectOption((await option.getAttribute("value"))!);
    const validator = page.getByLabel("Validator", { exact: true });
    await validator.locator("option").nth(1).waitFor({ state: "attached", timeout: WAIT_MS });
    await validator.selectOption({ index: 1 });
    await page.getByLabel(/^Amount/).fill("0.25");
    await page.getByRole("button", { name: "Review delegation" }).click();

    const review = page.getByRole("region", { name: "Review what you sign" });
    await review.getByTestId("sign-elsewhere-note").waitFor({ timeout: WAIT_MS });
    expect(await review.getByTestId("prepared-tx").textContent()).toContain(acct("bob").address);
    expect(await page.getByRole("button", { name: "Sign and send" }).count()).toBe(0);
    expect(await review.getByRole("button", { name: "Export unsigned" }).isEnabled()).toBe(true);
    await review.getByRole("button", { name: "Back to the form" }).click();
    await page.getByLabel(/^Amount/).waitFor({ timeout: WAIT_MS });
  });

  it("adds a 2-of-2 multisig at simd's address, signs as the vault's member with one press, takes simd's member's file and sends", async () => {
    const { page } = w;
    const home = mkdtempSync(join(tmpdir(), "cometdesk-multisig-e2e-"));
    const simd = (args: readonly string[], input = "") =>
      execFileSync(layoutFromEnv().simd, [...args, "--keyring-backend", "test", "--home", home], { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] }).trim();
    try {
      simd(["keys", "add", "alice", "--recover"], `${acct("alice").mnemonic}\n`);
      simd(["keys", "add", "other"]);
      simd(["keys", "add", "team", "--multisig", "alice,other", "--multisig-threshold", "2"]);
      const team = simd(["keys", "show", "team", "-a"]);
      const members = [simd(["keys", "show", "alice", "--pubkey"]), simd(["keys", "show", "other", "--pubkey"])];
      const { client, address: dave } = await signingClient(w.devnet, "dave");
      expect((await client.sendTokens(dave, team, coins(5_000_000, w.devnet.denom), fixedFee(w.devnet))).code).toBe(0);
      client.disconnect();

      await page.getByRole("link", { name: "Wallet", exact: true }).click();
      const form = page.getByRole("form", { name: "Add a multisig account" });
      await form.getByLabel(/^Members' public keys/).fill(members.join("\n"));
      await form.getByLabel("Signatures needed", { exact: true }).fill("2");
      await form.getByLabel("Name", { exact: true }).fill("Team");
      await form.getByRole("button", { name: "Add the multisig" }).click();
      await page.getByRole("status").filter({ hasText: `Added the multisig Team: ${team}` }).waitFor({ timeout: WAIT_MS });

      const picker = page.getByLabel("Account", { exact: true });
      const option = picker.locator("option", { hasText: /^Team \[Multisig 2\/2\] — / });
      await option.waitFor({ state: "attached", timeout: WAIT_MS });
      await picker.selectOption((await option.getAttribute("value"))!);
      await page.getByRole("link", { name: "Send", exact: true }).click();
      const sendForm = page.getByRole("form", { name: "Send a transfer" });
      await sendForm.getByLabel("Recipient address", { exact: true }).fill(acct("carol").address);
      await sendForm.getByLabel("Amount", { exact: true }).fill("0.3");
      await sendForm.getByRole("button", { name: "Review" }).click();

      const review = page.getByRole("region", { name: "Review what the key elsewhere signs" });
      await review.getByRole("button", { name: "Export unsigned" }).click({ timeout: WAIT_MS });
      const command = (await review.locator("pre code").textContent({ timeout: WAIT_MS }))!;
      const numbers = /^simd tx sign (unsigned-\S+\.json) --from <member key> --multisig=(\S+) --offline --account-number (\d+) --sequence (\d+) --chain-id (\S+) --output-document \S+$/.exec(command);
      expect(numbers, command).not.toBeNull();
      const [, filename, multisig, accountNumber, sequence, chainId] = numbers!;
      expect(multisig).toBe(team);
      const download = page.waitForEvent("download", { timeout: WAIT_MS });
      await review.getByRole("link", { name: `Download ${filename!}` }).click();
      const unsignedPath = (await (await download).path())!;

      // The vault's member: one press, no file.
      await review.getByRole("button", { name: /^Sign as member / }).click();
      await review.getByRole("status").filter({ hasText: /^1 of 2 signatures needed/ }).waitFor({ timeout: WAIT_MS });
      expect(await review.getByRole("button", { name: /^Sign as member / }).count()).toBe(0);
      expect(await review.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(true);

      // simd's member signs the same file on "its machine".
      const signature = join(home, "other-signature.json");
      simd(["tx", "sign", unsignedPath, "--from", "other", "--multisig", team, "--offline", "--account-number", accountNumber!, "--sequence", sequence!, "--chain-id", chainId!, "--output-document", signature]);
      await review.getByLabel("Add a member's signature file").setInputFiles(signature);
      await review.getByRole("status").filter({ hasText: /^2 of 2 signatures needed/ }).waitFor({ timeout: WAIT_MS });

      const before = BigInt(((await w.call("wallet.balances", { address: acct("carol").address })) as { balances: Array<{ denom: string; amount: string }> }).balances.find((b) => b.denom === w.devnet.denom)!.amount);
      await review.getByRole("button", { name: "Send", exact: true }).click();
      await expect.poll(async () => {
        const { balances } = (await w.call("wallet.balances", { address: acct("carol").address })) as { balances: Array<{ denom: string; amount: string }> };
        return BigInt(balances.find((b) => b.denom === w.devnet.denom)!.amount) - before;
      }, { timeout: WAIT_MS * 3 }).toBe(300_000n);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("lists the kept exports on the Wallet page, finds the one a signed file answers, sends it, and forgets the rest", async () => {
    const { page } = w;
    const bob = acct("bob");
    const home = mkdtempSync(join(tmpdir(), "cometdesk-kept-exports-e2e-"));
    const simd = (args: readonly string[], input = "") =>
      execFileSync(layoutFromEnv().simd, [...args, "--keyring-backend", "test", "--home", home], { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] }).trim();
    try {
      // Bob's transfer exported as the Send review exports it; the first test's export of his is still kept too.
      const exported = await w.call("offline.exportUnsigned", { messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: bob.address, toAddress: acct("carol").address, amount: [{ denom: w.devnet.denom, amount: "1234" }] } }] });
      const review = exported.review as { accountNumber: string; sequence: string };
      simd(["keys", "add", "bob", "--recover"], `${bob.mnemonic}\n`);
      const unsigned = join(home, exported.filename as string);
      writeFileSync(unsigned, exported.json as string);
      const signed = join(home, "signed.json");
      simd(["tx", "sign", unsigned, "--from", "bob", "--offline", "--account-number", review.accountNumber, "--sequence", review.sequence, "--chain-id", w.devnet.chainId, "--output-document", signed]);

      await page.getByRole("link", { name: "Wallet", exact: true }).click();
      const panel = page.getByRole("region", { name: "Exports waiting for a signature" });
      await panel.getByText(exported.filename as string).first().waitFor({ timeout: WAIT_MS });
      expect(await panel.locator("li").count()).toBe(2);
      await panel.getByLabel("Import the signed file").first().setInputFiles(signed);
      await panel.getByRole("status").filter({ hasText: /^Checked: signed for this chain by the sender \(direct\)/ }).waitFor({ timeout: WAIT_MS });
      await panel.getByRole("button", { name: "Send", exact: true }).first().click();
      await panel.getByRole("status").filter({ hasText: /^Sent: transaction [0-9A-F]{64} is / }).waitFor({ timeout: WAIT_MS });
      await expect.poll(() => panel.locator("li").count(), { timeout: WAIT_MS }).toBe(1);

      await panel.getByRole("button", { name: "Forget exports" }).click();
      await panel.getByRole("status").filter({ hasText: "Forgot 1 export." }).waitFor({ timeout: WAIT_MS });
      expect(await panel.locator("li").count()).toBe(0);
      expect(await w.call("offline.exports")).toEqual({ exports: [] });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

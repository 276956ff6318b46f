/**
 * Keys from a node's CLI through the page: the armor the devnet's own `simd keys export` wrote is
 * pasted into the Wallet page and its account listed at the address `simd keys show` prints; a
 * wrong passphrase is refused in words; and the page's "Export for the CLI" download is read by
 * `simd keys import` at the same address.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { layoutFromEnv } from "../devnet/lib/layout.js";
import { WAIT_MS } from "./support/app.js";
import { importPhraseThroughPage, openWalletWorld, type WalletWorld } from "./wallet/wallet-world.js";

const PASSWORD = "cli keys e2e password";
let w: WalletWorld;
let home: string;
const simd = (args: readonly string[], input = "") =>
  execFileSync(layoutFromEnv().simd, [...args, "--keyring-backend", "test", "--home", home], { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] }).trim();

describe("keys from a node's CLI, through the page", () => {
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), "cometdesk-cli-keys-e2e-"));
    w = await openWalletWorld(inject("e2e"), { dataDirName: "e2e-cli-keys-app" });
    const { page } = w;
    const alice = w.devnet.accounts.find((a) => a.name === "alice")!;
    await importPhraseThroughPage(page, alice.mnemonic, PASSWORD, { toWallet: true });
  });
  afterAll(async () => {
    await w?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it("imports what `simd keys export` wrote, after refusing a wrong passphrase in words, and lists its address", async () => {
    const { page } = w;
    simd(["keys", "add", "validator-host"]);
    const armor = simd(["keys", "export", "validator-host"], "host passphrase\nhost passphrase\n");
    const address = simd(["keys", "show", "validator-host", "-a"]);
    await page.getByLabel("Exported key", { exact: true }).fill(armor);
    await page.getByLabel("Passphrase of the export", { exact: true }).fill("not the passphrase");
    await page.locator("#cli-key-label").fill("Validator host");
    await page.getByRole("button", { name: "Import the key" }).click();
    // simd 0.53's argon2 (64 MiB) runs in main for each try: room for a busy machine.
    await expect.poll(() => page.locator(".panel", { has: page.locator("#cli-import-title") }).textContent(), { timeout: 3 * WAIT_MS }).toContain("passphrase does not open this key file");
    await page.getByLabel("Passphrase of the export", { exact: true }).fill("host passphrase");
    // The keyboard submits the form: Enter in the passphrase field.
    await page.getByLabel("Passphrase of the export", { exact: true }).press("Enter");
    await expect.poll(() => page.getByTestId("cli-import-status").textContent(), { timeout: 3 * WAIT_MS }).toBe(`Imported "Validator host": ${address}`);
    await expect.poll(() => page.getByTestId("account-address").textContent(), { timeout: WAIT_MS }).toBe(address);
    expect(await page.getByLabel("Account", { exact: true }).locator("option").allTextContents()).toContainEqual(expect.stringMatching(/^Validator host \[Imported\] — /));
    expect(await page.locator(".account-kind").textContent()).toBe("Imported");
    expect(await page.getByLabel("Exported key", { exact: true }).inputValue()).toBe("");
  });

  it("exports the selected account for the CLI, and `simd keys import` reads it at the same address", async () => {
    const { page } = w;
    const address = (await page.getByTestId("account-address").textContent())!;
    // The export's own password field (the Security panel has one too).
    await page.locator("#cli-export-password").fill(PASSWORD);
    await page.getByLabel("Passphrase for the file", { exact: true }).fill("back to the node");
    await page.getByLabel("The passphrase again", { exact: true }).fill("back to the node");
    // The vault's scrypt check and the file's bcrypt both run before the download: room for a busy machine.
    const download = page.waitForEvent("download", { timeout: 3 * WAIT_MS });
    await page.getByRole("button", { name: "Export the key" }).click();
    const file = (await (await download).path())!;
    simd(["keys", "import", "from-app", file], "back to the node\n");
    expect(simd(["keys", "show", "from-app", "-a"])).toBe(address);
    expect(await page.getByTestId("cli-export-status").textContent()).toMatch(/^Downloaded Validator-host\.armor/);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { WAIT_MS } from "../support/app.js";
import type { SpecContext } from "../support/spec-context.js";

/** First run on "Local devnet" offers the devnet's funded demo accounts, one click each. */
export function demoSpecs(ctx: SpecContext): void {
  it("Explore without a wallet takes the keyboard to the page's heading, since the button pressed is gone", async () => {
    const page = await ctx.open();
    const explore = page.getByRole("button", { name: "Explore without a wallet" });
    await explore.waitFor({ timeout: WAIT_MS });
    await explore.focus();
    await page.keyboard.press("Enter");
    await page.locator(".shell").waitFor({ timeout: WAIT_MS });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: WAIT_MS }).toBe("page-title");
    // One Tab on from the heading is inside the page, not back at the top of the window.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("#content") !== null)).toBe(true);
  });

  it("offers every devnet demo account at first run, and one click (or Enter) leads to choosing a password, with the keyboard on it", async () => {
    const env = ctx.env();
    type Key = { name: string; address: string; mnemonic: string };
    const devnet = JSON.parse(readFileSync(join(env.devnetDir, "devnet.json"), "utf8")) as { accounts: Key[]; validators: Key[] };
    const page = await ctx.open();
    await page.getByRole("button", { name: "Create a new wallet" }).waitFor({ timeout: WAIT_MS });
    for (const account of devnet.accounts) {
      // The demo list arrives after the first-run choice is shown.
      await expect.poll(() => page.getByRole("button", { name: `Use the demo account ${account.name}, ${account.address}` }).count(), { message: account.name, timeout: WAIT_MS }).toBe(1);
    }
    // The validators' own keys, under their own heading: the way to try the operator's pages.
    const operators = page.getByRole("region", { name: "Local devnet validator keys" });
    expect(devnet.validators.length).toBeGreaterThan(0);
    for (const key of devnet.validators) {
      await expect.poll(() => operators.getByRole("button", { name: `Use the demo account ${key.name}, ${key.address}` }).count(), { message: key.name, timeout: WAIT_MS }).toBe(1);
    }
    // Names and addresses reach the page; the public test mnemonics stay in main all the same.
    const html = await page.content();
    for (const account of [...devnet.accounts, ...devnet.validators]) expect(html).not.toContain(account.mnemonic.split(" ").slice(0, 4).join(" "));

    // With the keyboard alone: each first-run step takes the keyboard to its first field, since
    // the button that opened it is gone (the keyboard was left on the page's body before).
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    const first = devnet.accounts[0]!;
    const steps: Array<{ button: string; heading: string; field: string }> = [
      { button: `Use the demo account ${first.name}, ${first.address}`, heading: `Use the demo account ${first.name}`, field: "new-password" },
      { button: "Import a recovery phrase", heading: "Import a recovery phrase", field: "import-mnemonic" },
      { button: "Create a new wallet", heading: "Create a wallet", field: "new-password" },
    ];
    for (const step of steps) {
      await page.getByRole("button", { name: step.button }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: step.heading }).waitFor({ timeout: WAIT_MS });
      await expect.poll(focusedId, { message: step.heading, timeout: WAIT_MS }).toBe(step.field);
      // Back to the choice without creating anything: the lock-screen spec creates the wallet.
      await page.getByRole("button", { name: "Back" }).click();
      await page.getByRole("button", { name: "Create a new wallet" }).waitFor({ timeout: WAIT_MS });
    }

    // A phrase of spaces alone passes the field's own `required`: it is said at the field, with
    // the keyboard back on it, and nothing is sent (main used to answer "invalid arguments: mnemonic: …").
    // Every field is checked at each submit, and a field put right loses its problem.
    await page.getByRole("button", { name: "Import a recovery phrase" }).click();
    await page.locator("#import-mnemonic").fill("   \n ");
    await page.locator("#new-password").fill("correct horse battery");
    await page.locator("#confirm-password").fill("correct horse batterx");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect.poll(() => page.locator("#confirm-password-error").textContent(), { timeout: WAIT_MS }).toBe("The two passwords differ.");
    await page.locator("#confirm-password").fill("correct horse battery");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect.poll(() => page.locator("#confirm-password-error").count(), { timeout: WAIT_MS }).toBe(0);
    await expect.poll(() => page.locator("#import-mnemonic-error").textContent(), { timeout: WAIT_MS }).toBe("Type or paste the recovery phrase: its 12 or 24 words, with spaces between them.");
    expect(await page.locator("#import-mnemonic").getAttribute("aria-describedby")).toBe("import-mnemonic-error");
    expect(await focusedId()).toBe("import-mnemonic");
    expect(await page.locator(".form-error").count()).toBe(0);

    // Tried as a new user would: a word too few, a word misspelt, and words in the wrong order,
    // each pasted with newlines and capitals. Each is said at the phrase field, with the keyboard on it.
    const words = first.mnemonic.split(" ");
    const tries: Array<[string, string]> = [
      [words.slice(0, -1).join("\n"), `A recovery phrase has 12 or 24 words (15, 18 or 21 in some wallets); this one has ${words.length - 1}.`],
      [[...words.slice(0, 2), `${words[2]!}x`, ...words.slice(3)].join(" ").toUpperCase(), "Word 3 is not a BIP39 word: check its spelling."],
      [[words[1]!, words[0]!, ...words.slice(2)].join("  \n"), "Each word is a BIP39 word, but together they fail the phrase's checksum: a word is wrong or out of order."],
    ];
    for (const [typed, said] of tries) {
      await page.locator("#import-mnemonic").fill(typed);
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await expect.poll(() => page.locator("#import-mnemonic-error").textContent(), { timeout: WAIT_MS }).toBe(said);
      expect(await page.locator("#import-mnemonic").getAttribute("aria-describedby")).toBe("import-mnemonic-error");
      expect(await focusedId()).toBe("import-mnemonic");
      expect(await page.locator(".form-error").count()).toBe(0);
    }
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Create a new wallet" }).waitFor({ timeout: WAIT_MS });
    expect(ctx.errors(page)).toEqual([]);
  });
}

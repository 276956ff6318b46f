/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
/**
 * The Wallet page's Security panel as a user meets it: the recovery phrase shown only with the
 * password typed again and gone from the page once hidden or locked, and the password changed
 * so that only the new one unlocks. Each password check derives a key for about a second, so the
 * specs ask main as few times as they can.
 */
import { expectBusyButton } from "../support/held-answers.js";
import { describe, expect, it } from "vitest";
import { WAIT_MS } from "../support/app.js";
import { pageMaterial } from "../support/bridge-recorder.js";
import { describedBy, untiedFieldErrors } from "../support/field-errors.js";
import { scanForSecrets } from "../support/secret-scan.js";
import { pressHeld } from "./press-held.js";
import type { WalletWorld } from "./wallet-world.js";

/**
 * `mnemonic`: the phrase the world's wallet was imported with; `password`: its password now.
 * `changed` is told the new password once the change spec has made it the wallet's.
 */
export function securitySpecs(world: () => WalletWorld, mnemonic: () => string, password: string, changed: (next: string) => void): void {
  describe("security", () => {
    const w = () => world();
    const focused = () => w().page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute("data-testid") || document.activeElement?.tagName);
    const openWallet = async () => {
      await w().page.getByRole("link", { name: "Wallet", exact: true }).click();
      await w().page.locator("#page-title", { hasText: "Wallet" }).waitFor({ timeout: WAIT_MS });
      await w().page.getByRole("heading", { name: "Security" }).waitFor({ timeout: WAIT_MS });
    };
    /** Presses `button` by keyboard with main's answer to `method` held back: meanwhile it says `busy` and keeps the focus. */
    const pressBusy = (method: string, button: string, busy: string) =>
      pressHeld(w(), method, w().page.getByRole("button", { name: button }), () => expectBusyButton(w().page, busy));
    /** Whether the page (DOM, form values, storage) holds a run of the phrase, by the suite's own secret scan. */
    const phraseOnPage = async (where: string) => {
      const found = scanForSecrets([await pageMaterial(w().page, where)], [{ label: "the wallet's recovery phrase", kind: "mnemonic", value: mnemonic() }]).findings;
      return found.length > 0;
    };

    it("shows the recovery phrase only with the password typed again, numbered, and Hide or a lock takes it off the page", async () => {
      const page = w().page;
      await openWallet();
      const field = page.getByLabel("Wallet password", { exact: true });
      const phrase = page.getByTestId("revealed-phrase");
      // Empty: said at the field, nothing asked of main.
      await field.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => describedBy(field), { timeout: WAIT_MS }).toEqual({ invalid: true, text: "Type the wallet's password." });

      // A wrong password, sent with the button: it says the check is running meanwhile, then the
      // field says why and takes the keyboard back.
      await field.fill("not the password");
      await pressBusy("wallet.reveal", "Show the recovery phrase", "Checking…");
      await expect.poll(() => describedBy(field), { timeout: WAIT_MS }).toEqual({ invalid: true, text: "That is not the wallet's password." });
      expect(await untiedFieldErrors(page)).toEqual([]);
      expect(await focused()).toBe("reveal-password");
      expect(await phrase.count()).toBe(0);
      expect(await phraseOnPage("the Wallet page after a wrong password")).toBe(false);

      // The right one, sent with Enter: the words in order, numbered, and the keyboard on them.
      await field.fill(password);
      await page.keyboard.press("Enter");
      await phrase.waitFor({ timeout: WAIT_MS });
      expect(await phrase.evaluate((el) => el.tagName)).toBe("OL");
      expect(await phrase.locator("li").allTextContents()).toEqual(mnemonic().split(" "));
      expect(await focused()).toBe("revealed-phrase");
      expect(await page.getByLabel("Wallet password", { exact: true }).count()).toBe(0);
      // The scan sees it while shown, so its word below that the page is clean means something.
      expect(await phraseOnPage("the Wallet page with the phrase shown")).toBe(true);

      await page.getByRole("button", { name: "Hide the recovery phrase" }).click();
      await expect.poll(() => phrase.count(), { timeout: WAIT_MS }).toBe(0);
      expect(await phraseOnPage("the Wallet page after Hide")).toBe(false);
      expect(await focused()).toBe("reveal-password");
      expect(await field.inputValue()).toBe("");

      // Shown again, then the wallet locks (as the idle timer would, from main): gone at once.
      await field.fill(password);
      await page.getByRole("button", { name: "Show the recovery phrase" }).click();
      await phrase.waitFor({ timeout: WAIT_MS });
      await w().call("wallet.lock");
      await page.locator(".lock-screen").waitFor({ timeout: WAIT_MS });
      expect(await phraseOnPage("the lock screen")).toBe(false);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.keyboard.press("Enter");
      await page.locator(".shell").waitFor({ timeout: WAIT_MS });
      await openWallet();
      expect(await phrase.count()).toBe(0);
      expect(await phraseOnPage("the Wallet page after unlocking")).toBe(false);
      expect(w().errors).toEqual([]);
    });

    it("changes the password: checks the fields before asking, says a wrong current password at its field, then only the new one unlocks", async () => {
      const page = w().page;
      const next = `${password} renewed`;
      await openWallet();
      const current = page.getByLabel("Current password", { exact: true });
      const fresh = page.getByLabel("New password (at least 8 characters)", { exact: true });
      const again = page.getByLabel("New password again", { exact: true });
      const submit = page.getByRole("button", { name: "Change password" });
      const status = page.getByTestId("password-change-status");
      let asked = 0;
      w().refuse((method) => {
        if (method === "wallet.changePassword") asked++;
        return false;
      });
      try {
        // Too short, then two that differ: each at its field, the keyboard there, nothing sent.
        await current.fill(password);
        await fresh.fill("short");
        await again.fill("short");
        await submit.click();
        await expect.poll(() => describedBy(fresh), { timeout: WAIT_MS }).toEqual({ invalid: true, text: "Use at least 8 characters." });
        expect(await focused()).toBe("change-new-password");
        await fresh.fill(next);
        await again.fill(`${next}!`);
        await submit.click();
        await expect.poll(() => describedBy(again), { timeout: WAIT_MS }).toEqual({ invalid: true, text: "The two new passwords differ." });
        expect(await describedBy(fresh)).toEqual({ invalid: false, text: "" });
        expect(await focused()).toBe("change-confirm-password");
        expect(await untiedFieldErrors(page)).toEqual([]);
        expect(asked).toBe(0);

        // Cancel empties every field.
        await page.getByRole("button", { name: "Cancel", exact: true }).click();
        expect([await current.inputValue(), await fresh.inputValue(), await again.inputValue()]).toEqual(["", "", ""]);
        expect(await describedBy(again)).toEqual({ invalid: false, text: "" });

        // A wrong current password: main is asked, the form shows it is working, then says why at the field.
        await current.fill("not the password");
        await fresh.fill(next);
        await again.fill(next);
        await pressBusy("wallet.changePassword", "Change password", "Changing…");
        await expect.poll(() => describedBy(current), { timeout: WAIT_MS }).toEqual({ invalid: true, text: "That is not the wallet's current password." });
        expect(await focused()).toBe("change-current-password");
        expect(await untiedFieldErrors(page)).toEqual([]);
        expect(asked).toBe(1);

        // The right one, sent with Enter: said plainly, and no password left in a field.
        await current.fill(password);
        await again.press("Enter");
        await expect.poll(() => status.textContent(), { timeout: WAIT_MS }).toBe("Password changed. From now on the wallet unlocks with the new password only.");
        changed(next);
        expect([await current.inputValue(), await fresh.inputValue(), await again.inputValue()]).toEqual(["", "", ""]);
        expect(asked).toBe(2);
      } finally {
        w().refuse();
      }

      // Locked: the old password no longer opens the wallet; the new one does.
      await page.keyboard.press("Control+Shift+L");
      const unlock = page.getByLabel("Password", { exact: true });
      await unlock.waitFor({ timeout: WAIT_MS });
      await unlock.fill(password);
      await page.keyboard.press("Enter");
      await expect.poll(() => describedBy(unlock), { timeout: WAIT_MS }).toMatchObject({ invalid: true, text: expect.stringMatching(/password/i) });
      expect(await page.locator(".shell").count()).toBe(0);
      await unlock.fill(next);
      await page.keyboard.press("Enter");
      await page.locator(".shell").waitFor({ timeout: WAIT_MS });
      expect(((await w().call("wallet.status")) as { locked: boolean }).locked).toBe(false);
      expect(w().errors).toEqual([]);
    });
  });
}

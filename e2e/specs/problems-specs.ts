import { expect, it } from "vitest";
import { passGate, WAIT_MS } from "../support/app.js";
import type { SpecContext } from "../support/spec-context.js";

/** A stored file main could not read is reported to the user, with where it was kept. */
export function problemsSpecs(ctx: SpecContext): void {
  it("reports the damaged settings file the run started with, and lets the user dismiss it", async () => {
    const page = await ctx.open();
    await passGate(page);
    const banner = page.locator(".problems");
    await banner.waitFor({ timeout: WAIT_MS });
    const text = (await banner.textContent()) ?? "";
    expect(text).toContain("settings.json");
    expect(text).toMatch(/settings\.json\.corrupt-/);
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => banner.count()).toBe(0);
  });
}

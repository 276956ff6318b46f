import { expect, it } from "vitest";
import { WAIT_MS } from "../../support/app.js";
import { devnetInfo } from "../../support/chain.js";
import type { SpecContext } from "../../support/spec-context.js";
import { operatorOf, setMoniker, stakingValidators } from "../../support/staking.js";
import { explore } from "./explore.js";

// What a hostile operator could name a validator: markup with a script hook, and a right-to-left override.
const HOSTILE = `<img src=x onerror="window.__pwned=1">\u202Eevil`;

export function monikerSpecs(ctx: SpecContext): void {
  it("a validator renamed to hostile markup shows as inert text, its bidi override made visible", async () => {
    const { rpcs, devnetDir } = ctx.env().four;
    const info = devnetInfo(devnetDir);
    const operator = operatorOf(info, "validator0");
    const before = (await stakingValidators(rpcs[0]!)).find((v) => v.operator === operator)!;
    await setMoniker(info, "validator0", HOSTILE);
    try {
      const renamed = (await stakingValidators(rpcs[0]!)).find((v) => v.operator === operator);
      expect(renamed?.moniker, "the staking module keeps the new moniker").toBe(HOSTILE);
      const page = await explore(ctx, "validators");
      const moniker = page.getByTestId("validators-list").locator(`[data-address="${renamed!.address}"] [data-testid="validator-moniker"]`);
      await expect.poll(() => moniker.textContent(), { timeout: WAIT_MS }).toBe(`<img src=x onerror="window.__pwned=1">⟨U+202E⟩evil`);
      expect(await page.locator("main img").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(await moniker.locator(".chain-text.has-hidden").count()).toBe(1);
      expect(ctx.errors(page)).toEqual([]);
      // The staking form's picker, whose options can hold text only: the override is made visible there too.
      await page.evaluate(() => (window.location.hash = "#/staking"));
      const option = page.locator(`#stake-validator option[value="${operator}"]`);
      await expect.poll(() => option.textContent(), { timeout: WAIT_MS }).toMatch(/^<img src=x onerror="window\.__pwned=1">⟨U\+202E⟩evil — \d+(\.\d+)? % commission — /);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(ctx.errors(page)).toEqual([]);
    } finally {
      // Later specs, and anyone reading this devnet, see the name it had.
      await setMoniker(info, "validator0", before.moniker);
    }
  });
}

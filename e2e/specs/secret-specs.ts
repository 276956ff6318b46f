/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
import { expect, it } from "vitest";
import { addNetworkByForm, passGate, WAIT_MS } from "../support/app.js";
import { typedSecret } from "../support/run-secrets.js";
import type { SpecContext } from "../support/spec-context.js";

/** A token typed into the app goes to main and never comes back to the page. */
export function secretSpecs(ctx: SpecContext): void {
  it("shows that the devnet's dev token is set, without the token itself reaching the page", async () => {
    const token = ctx.env().devnetToken;
    expect(token, "the e2e devnet runs an access service with a dev token").toBeTruthy();
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Networks" }).click();
    await expect.poll(() => page.getByTestId("token-status-devnet").textContent(), { timeout: WAIT_MS }).toBe("Token set");
    // The explorer's calls went through the access service with that token, and still it stays in main.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(await page.content()).not.toContain(token!);
    expect(stored).not.toContain(token!);
  });

  it("sets and clears an access token while the page only ever shows whether one is set", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Networks" }).click();
    // Its own network with an access service URL: setting a token contacts nothing.
    await addNetworkByForm(page, { name: "Token net", chainId: "token-1", accessUrl: "http://127.0.0.1:9", rpcUrl: "http://127.0.0.1:9", denom: "utoken", offline: true });
    const row = page.locator("tr[data-network-id]", { hasText: "Token net" });
    await row.waitFor({ timeout: WAIT_MS });
    const id = await row.getAttribute("data-network-id");
    const token = `e2e-secret-${Date.now().toString(36)}-do-not-leak`;
    typedSecret("the token typed into Networks", token);
    await row.getByRole("button", { name: /Set token|Replace token/ }).click();
    await row.getByLabel(/Access token for/).fill(token);
    await row.getByRole("button", { name: "Save token" }).click();
    await expect.poll(() => page.getByTestId(`token-status-${id}`).textContent(), { timeout: WAIT_MS }).toBe("Token set");

    const leaks = async () => {
      const html = await page.content();
      const values = await page.evaluate(() => [...document.querySelectorAll("input, textarea")].map((e) => (e as HTMLInputElement).value).join("\n"));
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
      return [html, values, stored].filter((s) => s.includes(token)).length;
    };
    expect(await leaks()).toBe(0);
    await page.reload();
    await passGate(page);
    await page.getByRole("link", { name: "Networks" }).click();
    await expect.poll(() => page.getByTestId(`token-status-${id}`).textContent(), { timeout: WAIT_MS }).toBe("Token set");
    expect(await leaks()).toBe(0);

    // Another host is another origin: the token stays with the old one, and the page says so.
    await page.locator(`tr[data-network-id="${id}"]`).getByRole("button", { name: "Edit Token net" }).click();
    await page.getByLabel("Access service URL").fill("http://localhost:9");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.getByTestId(`token-status-${id}`).textContent(), { timeout: WAIT_MS }).toBe("No token");
    await page.locator(`tr[data-network-id="${id}"]`).getByRole("button", { name: /Set token|Replace token/ }).click();
    await page.locator(`tr[data-network-id="${id}"]`).getByLabel(/Access token for/).fill(token);
    await page.locator(`tr[data-network-id="${id}"]`).getByRole("button", { name: "Save token" }).click();
    await expect.poll(() => page.getByTestId(`token-status-${id}`).textContent(), { timeout: WAIT_MS }).toBe("Token set");

    await page.locator(`tr[data-network-id="${id}"]`).getByRole("button", { name: "Clear token" }).click();
    await expect.poll(() => page.getByTestId(`token-status-${id}`).textContent(), { timeout: WAIT_MS }).toBe("No token");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.locator(`tr[data-network-id="${id}"]`).getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => page.locator("tr", { hasText: "Token net" }).count(), { timeout: WAIT_MS }).toBe(0);
  });

  it("says at its field that a pasted token is too long to be one, sends nothing, and lets Cancel take the message away", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Networks" }).click();
    await addNetworkByForm(page, { name: "Long token net", chainId: "long-1", accessUrl: "http://127.0.0.1:9", rpcUrl: "http://127.0.0.1:9", denom: "ulong", offline: true });
    const row = page.locator("tr[data-network-id]", { hasText: "Long token net" });
    await row.waitFor({ timeout: WAIT_MS });
    const id = await row.getAttribute("data-network-id");
    const pasted = `e2e-long-token-${Date.now().toString(36)}-`.padEnd(4097, "x");
    typedSecret("a token too long to be one", pasted);
    await row.getByRole("button", { name: "Set token" }).click();
    const field = row.getByLabel(/Access token for/);
    await field.fill(pasted);
    await row.getByRole("button", { name: "Save token" }).click();
    const said = "An access token has at most 4,096 characters; this one has 4,097. Check what was pasted.";
    await expect.poll(() => row.getByRole("alert").textContent(), { timeout: WAIT_MS }).toBe(said);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await field.getAttribute("aria-describedby")}`).textContent()).toBe(said);
    expect(await page.getByTestId(`token-status-${id}`).textContent()).toBe("No token");
    // Cancel closes the field and its message with it; opening it again starts clean.
    await row.getByRole("button", { name: "Cancel" }).click();
    expect(await row.getByRole("alert").count()).toBe(0);
    await row.getByRole("button", { name: "Set token" }).click();
    expect(await row.getByLabel(/Access token for/).inputValue()).toBe("");
    expect(await row.getByRole("alert").count()).toBe(0);
    await row.getByRole("button", { name: "Cancel" }).click();
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => page.locator("tr", { hasText: "Long token net" }).count(), { timeout: WAIT_MS }).toBe(0);
  });

  it("sends a token over plain http to another machine only after the user ticks the box that says so", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Networks" }).click();
    // Never contacted: setting a token reaches no service.
    await addNetworkByForm(page, { name: "Plain net", chainId: "plain-1", accessUrl: "http://access.example.invalid:26650", rpcUrl: "http://127.0.0.1:9", denom: "uplain", offline: true });
    const row = page.locator("tr[data-network-id]", { hasText: "Plain net" });
    await row.waitFor({ timeout: WAIT_MS });
    const id = await row.getAttribute("data-network-id");
    const token = `e2e-plain-http-${Date.now().toString(36)}-do-not-leak`;
    typedSecret("the token typed for a plain-http network", token);
    await row.getByRole("button", { name: /Set token/ }).click();
    await row.getByLabel(/Access token for/).fill(token);
    const save = row.getByRole("button", { name: "Save token" });
    expect(await save.isDisabled()).toBe(true);
    await row.getByLabel(/send the token unencrypted anyway/).check();
    await save.click();
    await expect.poll(() => page.getByTestId(`token-status-${id}`).textContent(), { timeout: WAIT_MS }).toBe("Token set");
    expect(await page.getByTestId(`token-plain-http-${id}`).textContent()).toContain("unencrypted");
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => page.locator("tr", { hasText: "Plain net" }).count(), { timeout: WAIT_MS }).toBe(0);
  });
}

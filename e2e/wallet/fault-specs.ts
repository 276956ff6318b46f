/**
 * The access service's errors as the user meets them in the send flow: each in plain words with
 * a way forward, and nothing typed in the form lost. 401 and 403 come from the real service (a
 * wrong token; another token's transfer); 500, 502, 429 and a dropped connection are injected by
 * a proxy in front of it, since the real service cannot be made to produce them on demand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessDataDir } from "../../devnet/lib/access.js";
import { layoutFromEnv } from "../../devnet/lib/layout.js";
import { TokenFile } from "../../server/lib/tokens.js";
import { dataPaths } from "../../server/service.js";
import { WAIT_MS } from "../support/app.js";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.js";
import type { WalletWorld } from "./wallet-world.js";

const SIGN_DOC = "/transactions/sign-doc";
const AMOUNT = "0.25";
const MEMO = "kept through every fault";

export function faultSpecs(world: () => WalletWorld, devnetDir: string): void {
  describe("access service faults", () => {
    let proxy: FaultProxy;
    let serviceUrl: string;
    let token: string;
    /** A second live token: made here, well before use, as the service re-reads its token file at most once a second. */
    let other: string;
    let typedIn: { to: string; amount: string; memo: string };
    const w = () => world();
    const problem = () => w().page.getByTestId("access-problem");
    const field = (label: string) => w().page.getByLabel(label, { exact: true });
    const typed = async () => ({ to: await field("Recipient address").inputValue(), amount: await field("Amount").inputValue(), memo: await field("Memo (optional, public on chain)").inputValue() });
    const go = async (name: string) => {
      await w().page.getByRole("link", { name, exact: true }).click();
      await w().page.locator("#page-title", { hasText: name }).waitFor({ timeout: WAIT_MS });
    };
    const review = async () => {
      await w().page.getByRole("button", { name: "Review" }).click();
      await w().page.locator(".review").waitFor({ timeout: WAIT_MS });
    };
    const backToForm = async () => {
      await w().page.getByRole("button", { name: "Back to the form" }).click();
      await w().page.locator(".send-form").waitFor({ timeout: WAIT_MS });
    };

    beforeAll(async () => {
      const network = (await w().call("network.list")).networks as Array<{ id: string; accessUrl: string }>;
      serviceUrl = network.find((n) => n.id === "devnet")!.accessUrl;
      token = w().devnet.access!.token;
      other = createToken(devnetDir, "faults-other");
      proxy = await startFaultProxy(serviceUrl);
      await w().call("network.update", { id: "devnet", patch: { accessUrl: proxy.url } });
      // Another origin: main dropped the token with the old URL, so it is set again, as a user would.
      await w().call("network.setToken", { id: "devnet", token });
      typedIn = { to: w().devnet.accounts.find((a) => a.name === "bob")!.address, amount: AMOUNT, memo: MEMO };
    });
    afterAll(async () => {
      await w().call("network.update", { id: "devnet", patch: { accessUrl: serviceUrl } });
      await w().call("network.setToken", { id: "devnet", token });
      await proxy?.close();
    });

    it("words a service bug, a node it cannot reach and a dropped connection, retries each, and keeps the form", { timeout: 60_000 }, async () => {
      const { page } = w();
      await go("Send");
      await page.locator(".send-form, [data-testid=send-tracker], .review").first().waitFor({ timeout: WAIT_MS });
      for (const name of ["New transfer", "Back to the form"]) {
        const button = page.getByRole("button", { name });
        if (await button.count()) await button.click();
      }
      await field("Recipient address").fill(typedIn.to);
      await field("Amount").fill(AMOUNT);
      await field("Memo (optional, public on chain)").fill(MEMO);

      proxy.fail("POST", SIGN_DOC, { status: 500, body: { error: { code: "internal", message: "internal error" } } });
      await review();
      await expect.poll(() => problem().getAttribute("data-kind"), { timeout: WAIT_MS }).toBe("service_bug");
      expect(await problem().textContent()).toMatch(/The access service failed \(a bug in the service, not a problem with your transfer\)/);

      proxy.fail("POST", SIGN_DOC, { status: 502, body: { error: { code: "upstream_error", message: "the node did not answer" } } });
      await problem().getByRole("button", { name: "Try again" }).click();
      await expect.poll(() => problem().getAttribute("data-kind"), { timeout: WAIT_MS }).toBe("upstream");
      expect(await problem().textContent()).toMatch(/cannot reach its node.*The service said: the node did not answer/);

      proxy.fail("POST", SIGN_DOC, { drop: true });
      await problem().getByRole("button", { name: "Try again" }).click();
      await expect.poll(() => problem().getAttribute("data-kind"), { timeout: WAIT_MS }).toBe("dropped");
      expect(await problem().textContent()).toMatch(/connection to the access service was lost.*retry/);

      proxy.clear();
      await problem().getByRole("button", { name: "Try again" }).click();
      await page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      expect(await page.getByTestId("review-memo").textContent()).toBe(MEMO);
      await backToForm();
      expect(await typed()).toEqual(typedIn);
    });

    it("counts down a 429's Retry-After and asks again by itself when it runs out", { timeout: 60_000 }, async () => {
      const before = proxy.arrivals("POST", SIGN_DOC).length;
      proxy.fail("POST", SIGN_DOC, { status: 429, headers: { "retry-after": "4" }, body: { error: { code: "rate_limited", message: "too many requests for this token; retry in 4 s" } } }, 1);
      await review();
      await expect.poll(() => problem().textContent(), { timeout: WAIT_MS }).toMatch(/Too many requests for this token; retrying in [1-4] s/);
      await expect.poll(() => problem().textContent(), { timeout: WAIT_MS }).toMatch(/retrying in [12] s/);
      // No click: the page asks again once the wait is over, and the sign doc appears.
      await w().page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      // The page asked again only once the wait was over: the sign doc came no sooner.
      const refusedAt = proxy.arrivals("POST", SIGN_DOC)[before]!;
      expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(3_500);
      await backToForm();
      expect(await typed()).toEqual(typedIn);
    });

    it("sends a refused token (401, from the real service) to Networks, and picks up the review once it is replaced", { timeout: 60_000 }, async () => {
      const { page } = w();
      await w().call("network.setToken", { id: "devnet", token: "cdt_not_a_token_of_this_service" });
      await review();
      await expect.poll(() => problem().getAttribute("data-kind"), { timeout: WAIT_MS }).toBe("token");
      expect(await problem().textContent()).toMatch(/refused the token for Local devnet.*Replace it on the Networks page.*not valid/);
      await problem().getByRole("link", { name: "Set the token in Networks" }).click();
      await page.getByRole("button", { name: "Replace token" }).first().click();
      await page.getByLabel("Access token for Local devnet").fill(token);
      await page.getByRole("button", { name: "Save token" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Save token" }).count(), { timeout: WAIT_MS }).toBe(0);
      await go("Send");
      await page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      await backToForm();
      expect(await typed()).toEqual(typedIn);
    });

    it("says on the Transactions page that the service cannot reach its node, and lists again on Try again", async () => {
      const { page } = w();
      proxy.fail("GET", "/transactions", { status: 502, body: { error: { code: "upstream_error", message: "the node did not answer" } } });
      try {
        await go("Transactions");
        const state = page.locator("[data-state=unreachable]");
        await state.waitFor({ timeout: WAIT_MS });
        expect(await state.getByTestId("access-problem").textContent()).toMatch(/cannot reach its node.*The service said: the node did not answer/);
      } finally {
        proxy.clear();
      }
      await page.locator("[data-state=unreachable]").getByRole("button", { name: "Try again" }).click();
      await expect.poll(() => page.getByTestId("tx-count").count(), { timeout: WAIT_MS }).toBe(1);
      await go("Send");
    });

    it("explains a 403 from the real service: another token may not cancel this transfer", { timeout: 60_000 }, async () => {
      const { page } = w();
      await review();
      await page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      await page.getByRole("button", { name: "Sign and send" }).click();
      await page.getByTestId("sent-hash").waitFor({ timeout: WAIT_MS });
      await w().call("network.setToken", { id: "devnet", token: other });
      try {
        await page.getByRole("button", { name: "Cancel transfer" }).click();
        const cancelError = page.getByTestId("cancel-error");
        await expect.poll(() => cancelError.getAttribute("data-kind"), { timeout: WAIT_MS }).toBe("forbidden");
        expect(await cancelError.textContent()).toMatch(/Not allowed with this token.*set that one again on the Networks page.*only the token that submitted/);
        expect(await cancelError.getByRole("link", { name: "Set the token in Networks" }).getAttribute("href")).toBe("#/networks");
      } finally {
        await w().call("network.setToken", { id: "devnet", token });
      }
      await expect.poll(() => page.getByTestId("send-tracker").getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
    });
  });
}

/** A second token of the devnet's access service, written with the service's own token file code. */
function createToken(devnetDir: string, name: string): string {
  const dataDir = accessDataDir(layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: devnetDir }));
  return new TokenFile(dataPaths(dataDir).tokens).create(name).token;
}

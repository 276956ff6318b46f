import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { E2E_PASSWORD } from "./context.js";

/** The time a spec waits for a condition; a condition, never a fixed sleep. */
export const WAIT_MS = 20_000;

/**
 * Opens the app and gets past the gate, whatever state earlier specs left the vault in:
 * explore without a wallet on first run, or unlock with the suite's password.
 */
export async function openApp(page: Page, appUrl: string): Promise<void> {
  await page.goto(appUrl);
  await passGate(page);
}

export async function passGate(page: Page): Promise<void> {
  const shell = page.locator(".shell");
  const explore = page.getByRole("button", { name: "Explore without a wallet" });
  const unlock = page.getByLabel("Password");
  await expect.poll(async () => (await shell.count()) + (await explore.count()) + (await page.locator(".lock-screen").count()), { timeout: WAIT_MS }).toBeGreaterThan(0);
  if (await explore.count()) await explore.click();
  else if (await page.locator(".lock-screen").count()) {
    await unlock.fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Unlock" }).click();
  }
  await shell.waitFor({ timeout: WAIT_MS });
}

/** A network as the Networks page's form takes it. */
export interface NetworkForm {
  readonly name: string;
  readonly chainId: string;
  readonly rpcUrl: string;
  readonly denom: string;
  readonly accessUrl?: string;
  /** Saved without asking its nodes (they do not answer, or are no CometBFT node): the form refuses such a node otherwise. */
  readonly offline?: boolean;
}

/** Adds a network through the Networks page's form (the page must be open) and waits for its row. */
export async function addNetworkByForm(page: Page, network: NetworkForm, submit: (button: Locator) => Promise<void> = (button) => button.click()): Promise<void> {
  await page.getByRole("button", { name: "Add a network" }).click();
  await page.getByLabel("Name").fill(network.name);
  await page.getByLabel("Chain id").fill(network.chainId);
  if (network.accessUrl) await page.getByLabel("Access service URL").fill(network.accessUrl);
  await page.getByLabel("Node RPC URLs (one per line)").fill(network.rpcUrl);
  await page.getByLabel("Token denom (base unit)").fill(network.denom);
  if (network.offline) await page.getByLabel("Save without asking the nodes (they are offline now)").check();
  await submit(page.getByRole("button", { name: "Add network" }));
  await page.locator("tr[data-network-id]", { hasText: network.name }).waitFor({ timeout: WAIT_MS });
}

/** The height the status bar shows, or undefined while it shows none. */
export async function shownHeight(page: Page): Promise<number | undefined> {
  const text = (await page.getByTestId("node-height").textContent())?.trim() ?? "";
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** The node's own latest height, read straight from its RPC, not through the app. */
export async function rpcHeight(rpc: string): Promise<number> {
  const body = (await (await fetch(`${rpc}/status`)).json()) as { result: { sync_info: { latest_block_height: string } } };
  return Number(body.result.sync_info.latest_block_height);
}

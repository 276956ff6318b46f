/**
 * The production build the integration tier starts with (scripts/test.ts builds the renderer
 * first): inside Electron the preload checks every answer against the contract, so no page may
 * load zod. Only the browser mode's bridge client, which checks them itself, brings it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../devnet/lib/layout.js";
import { loadUnits, unitsLoading } from "./chunk-graph.js";

const dist = join(repoRoot, "dist", "renderer");

describe("the built renderer", () => {
  it("loads zod only with the browser mode's bridge client: not at start, and with no page", () => {
    expect(existsSync(join(dist, "index.html")), "dist/renderer is missing: run `npx tsx scripts/build.ts renderer` first (npm test does)").toBe(true);
    const units = loadUnits(dist).map((unit) => unit.name);
    // The check means something only if the pages and the bridge client are there to be looked at.
    // `first-socket` opens the bridge's socket while `bridge-api` loads: it must not wait for zod.
    expect(units).toEqual(expect.arrayContaining(["initial", "first-socket", "bridge-api", "SendPage", "TransactionsPage", "StakingPage", "OperatorPage", "GovernancePage", "ConsolePage"]));
    expect(unitsLoading(dist, "zod")).toEqual(["bridge-api"]);
  });

  it("fetches the bridge's socket chunk with the page, so the socket opens as the entry has run", () => {
    const initial = loadUnits(dist)[0]!;
    expect(initial.name).toBe("initial");
    expect(initial.files.some((file) => /^first-socket-[\w-]{8}\.js$/.test(file))).toBe(true);
    // It stays a chunk of its own, with nothing of zod: Electron fetches it and never runs it.
    expect(unitsLoading(dist, "zod")).not.toContain("initial");
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { up } from "./devnet.js";
import { layoutFromEnv } from "./layout.js";
import { silentProgress } from "./progress.js";
import { DEFAULT_VARIANT, VARIANTS } from "./variants.js";

/**
 * The variant a state folder's chain was created with, as `up` reads it from nodes/chain.json
 * before it builds or starts anything (so these run without a chain).
 */
describe("a chain's recorded variant", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function stateFolder(chainJson: unknown): string {
    const dir = mkdtempSync(join(tmpdir(), "devnet-variant-"));
    dirs.push(dir);
    mkdirSync(join(dir, "nodes", "node0", "config"), { recursive: true });
    writeFileSync(join(dir, "nodes", "node0", "config", "genesis.json"), "{}");
    writeFileSync(join(dir, "nodes", "chain.json"), JSON.stringify(chainJson));
    return dir;
  }
  const other = VARIANTS.find((v) => v.name !== DEFAULT_VARIANT)!;

  it("counts a chain recorded before variants existed as the default variant, and refuses another", async () => {
    const layout = layoutFromEnv({ COMETDESK_DEVNET_DIR: stateFolder({ validators: 1 }), COMETDESK_DEVNET_VARIANT: other.name });
    await expect(up(layout, {}, silentProgress)).rejects.toThrow(`the devnet was created with the ${DEFAULT_VARIANT} variant, not ${other.name}`);
  });

  it("says so in words when the chain's variant is one this checkout does not have", async () => {
    const layout = layoutFromEnv({ COMETDESK_DEVNET_DIR: stateFolder({ validators: 1, variant: "sdk12" }) });
    const refused = up(layout, {}, silentProgress);
    await expect(refused).rejects.toThrow("the devnet was created with the sdk12 variant, which this checkout does not have");
    await expect(refused).rejects.toMatchObject({ hint: expect.stringContaining("npm run devnet -- reset") });
  });
});

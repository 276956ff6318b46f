import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { down, reset, up } from "../lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../lib/layout.js";
import { consoleProgress } from "../lib/progress.js";
import { TEST_PORT_BASE } from "../test/global-setup.js";
import { VARIANTS } from "../lib/variants.js";

/**
 * The matrix suite's devnet: one fresh single-validator chain of the variant COMETDESK_DEVNET_VARIANT
 * names (the default when unset), in a folder and on ports of that variant's own (base + 600 +
 * 20 per registry place), so runs of several variants never meet each other or the integration
 * suite's devnets (base, base + 500, base + 1000, base + 1500).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chosen = layoutFromEnv(process.env).variant;
  const place = VARIANTS.indexOf(chosen);
  const layout = layoutFromEnv({
    ...process.env,
    COMETDESK_DEVNET_VARIANT: chosen.name,
    COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", `matrix-${chosen.name}`),
    COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 600 + 20 * place),
  });
  await reset(layout); // a fresh chain every run: balances and nonces start from genesis
  const { info } = await up(layout, { validators: 1 }, consoleProgress());
  project.provide("devnet", info);
  return async () => {
    await down(layout);
  };
}

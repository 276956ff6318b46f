import { join } from "node:path";
import { type Layout, layoutFromEnv, repoRoot } from "../lib/layout.js";
import { TEST_PORT_BASE } from "../test/global-setup.js";
import { VARIANTS } from "../lib/variants.js";

/** Validators of a matrix devnet: four, so one can be stopped while the other three keep the chain going. */
export const MATRIX_VALIDATORS = 4;

/**
 * The devnet of the variant COMETDESK_DEVNET_VARIANT names (the default when unset), in a folder
 * and on ports of that variant's own: base + 600 + 40 per registry place, room for four nodes'
 * ports (each node i adds 10·i), so runs of several variants never meet each other or the
 * integration suite's devnets (base, base + 500, base + 1000, base + 1500).
 */
export function matrixLayout(env: NodeJS.ProcessEnv = process.env): Layout {
  const chosen = layoutFromEnv(env).variant;
  const place = VARIANTS.indexOf(chosen);
  return layoutFromEnv({
    ...env,
    COMETDESK_DEVNET_VARIANT: chosen.name,
    COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", `matrix-${chosen.name}`),
    COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 600 + 40 * place),
  });
}

import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { accessPort } from "../lib/access.js";
import { down, reset, up } from "../lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../lib/layout.js";
import { firstBusyPort } from "../lib/processes.js";
import { consoleProgress } from "../lib/progress.js";
import type { DevnetInfo } from "../lib/state.js";

declare module "vitest" {
  export interface ProvidedContext {
    devnet: DevnetInfo;
  }
}

/**
 * Port offset of the integration suite's devnets: the single-validator one at the base, the
 * four-validator one at base + 1000 (and the double-sign test's own four-validator chain at
 * base + 1500, electron/services/watch/evidence.integration.test.ts). COMETDESK_TEST_PORT_BASE moves them all (default 1000), so two
 * checkouts can run their suites at once.
 */
export const TEST_PORT_BASE = Number(process.env.COMETDESK_TEST_PORT_BASE ?? "1000");

/** The integration suite's own devnet: its own folder and ports, so a developer's devnet is untouched. */
export const TEST_DEVNET_ENV = {
  COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "single"),
  COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE),
} as const;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
  await reset(layout); // a fresh chain every run: balances and nonces start from genesis
  const { info } = await up(layout, { validators: 1 }, consoleProgress());
  project.provide("devnet", info);
  return async () => {
    await down(layout);
    const rpcPort = Number(new URL(info.nodes[0]!.rpc).port);
    const busy = await firstBusyPort([rpcPort, accessPort(layout)]);
    if (busy !== undefined) {
      throw new Error(`the test devnet's port ${busy} (RPC or access service) is still in use after down`);
    }
  };
}

import type { TestProject } from "vitest/node";
import { down, reset, up } from "../lib/devnet.js";
import { consoleProgress } from "../lib/progress.js";
import { MATRIX_VALIDATORS, matrixLayout } from "./matrix-layout.js";

/**
 * The matrix suite's devnet: one fresh four-validator chain of the variant
 * COMETDESK_DEVNET_VARIANT names, in its own folder and on its own ports (matrix-layout.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const layout = matrixLayout();
  await reset(layout); // a fresh chain every run: balances and nonces start from genesis
  const { info } = await up(layout, { validators: MATRIX_VALIDATORS }, consoleProgress());
  project.provide("devnet", info);
  return async () => {
    await down(layout);
  };
}

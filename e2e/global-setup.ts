/**
 * The e2e suite's world: a fresh devnet (its own folder, on the integration suite's ports,
 * which are free by the time this phase runs), the app's real services on a fresh data folder
 * behind the WebSocket bridge, and the built renderer served with the app's CSP.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createServices } from "../electron/services/create-services.js";
import { down, reset, up } from "../devnet/lib/devnet.js";
import { DevnetError } from "../devnet/lib/errors.js";
import { type Layout, layoutFromEnv, repoRoot } from "../devnet/lib/layout.js";
import { firstBusyPort, sleep } from "../devnet/lib/processes.js";
import { consoleProgress } from "../devnet/lib/progress.js";
import { TEST_PORT_BASE } from "../devnet/test/global-setup.js";
import { startBrowserMode } from "../electron/bridge/browser-mode.js";
import type { E2eEnv } from "./support/context.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const rendererDir = join(repoRoot, "dist", "renderer");
  if (!existsSync(join(rendererDir, "index.html"))) {
    throw new Error("dist/renderer is missing: run `npx tsx scripts/build.ts renderer` first (npm test does)");
  }
  const devnetDir = join(repoRoot, ".devnet-test", "e2e");
  const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: devnetDir, COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE) });
  await reset(layout);
  const { info } = await upWhenPortsFree(layout);

  const dataDir = join(repoRoot, ".devnet-test", "e2e-app");
  rmSync(dataDir, { recursive: true, force: true });
  // A damaged settings file, as a crash mid-write or a bad edit leaves it: main must keep it
  // aside and say so (the problems banner spec), not silently start over.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dataDir, "settings.json"), "{\"autoLockMinutes\": 10,");
  const services = await createServices({
    dataDir,
    tokenStore: { kind: "memory" },
    devnetJsonPath: layout.devnetJson,
    bridge: true,
    onInternalError: (method, error) => console.error(`[e2e services] ${method}`, error),
  });
  services.start();
  const browserMode = await startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir });

  const four = await startFour(rendererDir);
  const env: E2eEnv = { appUrl: browserMode.baseUrl, bridge: { ticketUrl: browserMode.ticketUrl, secret: browserMode.secret }, rpc: info.nodes[0]!.rpc, chainId: info.chainId, dataDir, devnetDir, devnetToken: info.access?.token, four: four.env };
  project.provide("e2e", env);
  return async () => {
    await four.close();
    await browserMode.close();
    await services.close();
    await down(layout);
    const rpcPort = Number(new URL(info.nodes[0]!.rpc).port);
    if ((await firstBusyPort([rpcPort])) !== undefined) throw new Error(`the e2e devnet's RPC port ${rpcPort} is still in use after down`);
  };
}

/**
 * `up`, waiting out a port that another suite's closed connection still holds: the test ports
 * lie in Linux's ephemeral range, and a client socket in TIME_WAIT blocks a bind for up to 60 s.
 */
async function upWhenPortsFree(layout: Layout): ReturnType<typeof up> {
  const progress = consoleProgress();
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      return await up(layout, { validators: 1 }, progress);
    } catch (error) {
      const port = error instanceof DevnetError ? /port (\d+) on 127\.0\.0\.1 is already in use/.exec(error.message)?.[1] : undefined;
      if (!port || Date.now() > deadline) throw error;
      progress.step(`port ${port} is still held by a closed connection; waiting for the system to release it`);
      while ((await firstBusyPort([Number(port)])) !== undefined && Date.now() < deadline) await sleep(1_000);
    }
  }
}

/**
 * The explorer's world: a four-validator devnet (validator pages need several validators and
 * peers) on the ports the integration suite's four-validator chain used, with its own services.
 */
async function startFour(rendererDir: string): Promise<{ env: E2eEnv["four"]; close: () => Promise<void> }> {
  const devnetDir = join(repoRoot, ".devnet-test", "e2e-four");
  const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: devnetDir, COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1000) });
  await reset(layout);
  const { info } = await up(layout, { validators: 4 }, consoleProgress());
  const dataDir = join(repoRoot, ".devnet-test", "e2e-four-app");
  rmSync(dataDir, { recursive: true, force: true });
  const services = await createServices({
    dataDir,
    tokenStore: { kind: "memory" },
    devnetJsonPath: layout.devnetJson,
    bridge: true,
    onInternalError: (method, error) => console.error(`[e2e four services] ${method}`, error),
  });
  services.start();
  const browserMode = await startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir });
  return {
    env: { appUrl: browserMode.baseUrl, bridge: { ticketUrl: browserMode.ticketUrl, secret: browserMode.secret }, rpcs: info.nodes.map((n) => n.rpc), devnetDir, portOffset: layout.portOffset, nodesDir: layout.nodesDir, dataDir },
    close: async () => {
      await browserMode.close();
      await services.close();
      await down(layout);
    },
  };
}

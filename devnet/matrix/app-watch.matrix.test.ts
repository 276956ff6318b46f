/**
 * The watch against every generation: main's own services watch a validator of the variant's
 * four-validator devnet; its node is stopped, the missed-blocks alert fires, and the node is
 * started again and catches up (the other three keep the chain going meanwhile).
 */
import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Alert } from "../../shared/contract/watch.js";
import type { EventPayload } from "../../shared/events.js";
import type { Services } from "../../electron/services/create-services.js";
import { type DirectApp, openDirectApp } from "../../electron/services/testing/direct-app.js";
import { up } from "../lib/devnet.js";
import { nodePidFile } from "../lib/nodes.js";
import { consoleProgress } from "../lib/progress.js";
import { runningPid, stopByPidFile } from "../lib/processes.js";
import { rpcGet } from "../test/chain-client.js";
import { until } from "../test/until.js";
import { MATRIX_VALIDATORS, matrixLayout } from "./matrix-layout.js";

const info = inject("devnet");
const layout = matrixLayout();
const STOPPED = 3;
const opened: Services[] = [];
const changes: Array<EventPayload<"watch.alert">> = [];
let app: DirectApp;
let networkId: string;

type NodeStatus = { validator_info: { address: string }; sync_info: { latest_block_height: string; catching_up: boolean } };
const nodeStatus = async (i: number) => (await rpcGet(info.nodes[i]!.rpc, "status")).body.result as NodeStatus;
const fired = (kind: Alert["kind"], subject: string) => changes.filter((c) => c.change === "fired" && c.alert.kind === kind && c.alert.subject === subject && c.alert.networkId === networkId);

beforeAll(async () => {
  // The app watches through node 0, which keeps running.
  app = await openDirectApp(info, info.accounts.find((a) => a.name === "alice")!.mnemonic, [info.nodes[0]!.rpc], opened);
  app.services.events.listen((event, payload) => event === "watch.alert" && changes.push(payload as EventPayload<"watch.alert">));
  networkId = ((await app.call("network.list")) as { selectedId: string }).selectedId;
  const config = (await app.call("watch.status", { networkId })).config as { rules: Record<string, unknown> };
  await app.call("watch.setRules", { networkId, rules: { ...config.rules, missedBlocks: { enabled: true, missed: 3, of: 10 } } });
  app.services.start();
});

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  // Never leave the variant's devnet short of a node for a file after this one.
  if (!runningPid(nodePidFile(layout, STOPPED))) await up(layout, { validators: MATRIX_VALIDATORS }, consoleProgress());
});

describe(`the watch on ${info.variant} (CometBFT ${info.cometbftVersion})`, () => {
  it("raises the missed-blocks alert for a watched validator whose node is stopped, and the node catches up once started again", async () => {
    const operator = toBech32(`${info.bech32Prefix}valoper`, fromBech32(info.validators[STOPPED]!.address, 90).data);
    const address = (await nodeStatus(STOPPED)).validator_info.address.toUpperCase();
    const watched = await app.call("watch.addValidator", { networkId, address: operator, label: "stopped" });
    expect((watched.validators as Array<{ address: string }>).map((v) => v.address)).toEqual([address]);
    // The watch has counted the validator signing before its node goes away.
    await expect.poll(async () => ((await app.call("watch.status", { networkId })).validators as Array<{ address: string; signed: number }>).find((v) => v.address === address)?.signed ?? 0, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(3);
    expect(fired("missed_blocks", address)).toEqual([]);

    await stopByPidFile(nodePidFile(layout, STOPPED));
    await expect.poll(() => fired("missed_blocks", address).length, { timeout: 60_000, interval: 250 }).toBe(1);
    const row = ((await app.call("watch.status", { networkId })).validators as Array<{ address: string; missed: number }>).find((v) => v.address === address)!;
    expect(row.missed).toBeGreaterThanOrEqual(3);
    for (const other of (await Promise.all([0, 1, 2].map(nodeStatus))).map((s) => s.validator_info.address.toUpperCase())) expect(fired("missed_blocks", other)).toEqual([]);

    await up(layout, { validators: MATRIX_VALIDATORS }, consoleProgress());
    const head = BigInt((await nodeStatus(0)).sync_info.latest_block_height);
    const caughtUp = await until("the restarted node to catch up", 90, async () => {
      const s = await nodeStatus(STOPPED);
      return !s.sync_info.catching_up && BigInt(s.sync_info.latest_block_height) >= head ? s : undefined;
    });
    expect(BigInt(caughtUp.sync_info.latest_block_height)).toBeGreaterThanOrEqual(head);
  }, 240_000);
});

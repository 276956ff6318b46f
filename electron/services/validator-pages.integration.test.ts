import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCometdeskApi, type CometdeskApi } from "../../shared/api.js";
import type { ResultOf } from "../../shared/contract/index.js";
import { layoutFromEnv, repoRoot } from "../../devnet/lib/layout.js";
import { readDevnetInfo, type DevnetInfo } from "../../devnet/lib/state.js";
import { rpcPost } from "../../devnet/test/chain-client.js";
import { TEST_PORT_BASE } from "../../devnet/test/global-setup.js";
import { readValidatorSet } from "../../renderer/src/explorer/queries/validator-queries.js";
import { chainQueries } from "../../renderer/src/queries/chain-queries.js";
import { pickerOptions } from "../../renderer/src/staking/pages/validator-options.js";
import type { Services } from "./create-services.js";
import { type DirectApp, openDirectApp } from "./testing/direct-app.js";

// A validator set of real size: the four signing validators and 150 more of negligible power
// bonded beside them (154: two pages of CometBFT's `validators`, 100 a page), and 60 that never
// enter the set (214: two pages of staking's `Validators`, 200 a page). Its own devnet, folder
// and ports, started through the CLI as a developer starts it.
const run = promisify(execFile);
const env = { ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "bigset"), COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1250) };
const layout = layoutFromEnv(env);
const cli = (...args: string[]) => run(process.execPath, ["--import", "tsx", join(repoRoot, "devnet", "cli.ts"), ...args], { env, timeout: 600_000 });
const EXTRA = 150;
const UNBONDED = 60;
const BONDED = 4 + EXTRA;

let info: DevnetInfo;
let app: DirectApp;
let api: CometdeskApi;
let networkId: string;
const opened: Services[] = [];
type Monikers = ResultOf<"chain.validatorMonikers">;

/** The CometBFT set as the node gives it, page by page at one height: what every reader must match. */
async function nodeSet(): Promise<{ height: string; addresses: string[] }> {
  type Page = { block_height: string; total: string; validators: Array<{ address: string; voting_power: string }> };
  const first = (await rpcPost(info.nodes[0]!.rpc, "validators", { per_page: "100", page: "1" })).result as Page;
  const second = (await rpcPost(info.nodes[0]!.rpc, "validators", { height: first.block_height, per_page: "100", page: "2" })).result as Page;
  expect(first.total).toBe(String(BONDED));
  expect(first.validators).toHaveLength(100);
  return { height: first.block_height, addresses: [...first.validators, ...second.validators].map((v) => v.address.toUpperCase()) };
}

beforeAll(async () => {
  await cli("reset");
  await cli("up", "--validators", "4", "--extra-validators", String(EXTRA), "--unbonded-validators", String(UNBONDED));
  info = readDevnetInfo(layout)!;
  app = await openDirectApp(info, info.accounts[0]!.mnemonic, [info.nodes[0]!.rpc], opened);
  api = createCometdeskApi((method, args) => app.services.dispatcher.dispatch(method, args), () => () => undefined);
  networkId = ((await app.call("network.list")) as { selectedId: string }).selectedId;
  app.services.start(); // main's block feed and the watch follow the selected network, as in the app
});

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await cli("down");
});

describe("a devnet started with --extra-validators 150 --unbonded-validators 60", () => {
  it("records them in devnet.json and bonds all 154, each with power, none of the 60 others", async () => {
    expect(info.extraValidators).toEqual({ bonded: EXTRA, unbonded: UNBONDED });
    const set = await nodeSet();
    expect(new Set(set.addresses).size).toBe(BONDED);
    const monikers = await app.call("chain.validatorMonikers", {}) as Monikers;
    expect(monikers.validators.filter((v) => v.status === "bonded")).toHaveLength(BONDED);
    expect(monikers.validators.filter((v) => v.status === "unbonded" && v.moniker.startsWith("standby-"))).toHaveLength(UNBONDED);
    expect(monikers.validators.some((v) => v.jailed)).toBe(false);
  });

  it("keeps committing blocks signed by the four while the 150 others are absent", async () => {
    const height = Number(((await rpcPost(info.nodes[0]!.rpc, "status", {})).result as { sync_info: { latest_block_height: string } }).sync_info.latest_block_height);
    const commit = (await rpcPost(info.nodes[0]!.rpc, "commit", { height: String(height) })).result as { signed_header: { commit: { signatures: Array<{ block_id_flag: number }> } } };
    const flags = commit.signed_header.commit.signatures.map((s) => s.block_id_flag);
    expect(flags).toHaveLength(BONDED);
    // A commit needs more than two thirds of the power: three of the four at least, never an extra.
    expect(flags.filter((f) => f === 2).length).toBeGreaterThanOrEqual(3);
    expect(flags.filter((f) => f === 1).length).toBeGreaterThanOrEqual(EXTRA);
  });
});

describe("every validator list crosses its pages", () => {
  it("the explorer's set (the Validators page) reads both pages of `validators`, each validator once", async () => {
    const set = await readValidatorSet(api);
    const node = await nodeSet();
    expect(set.total).toBe(BONDED);
    expect(set.validators.map((v) => v.address.toUpperCase()).sort()).toEqual([...node.addresses].sort());
  });

  it("the moniker map names every member of the set, at the head and at a past height", async () => {
    const node = await nodeSet();
    // `validators` answers for the next height, whose block the node may hold before the app has
    // committed it: two below is a state the app surely has.
    for (const height of [undefined, String(Number(node.height) - 2)]) {
      const monikers = await app.call("chain.validatorMonikers", height ? { height } : {}) as Monikers;
      expect(monikers.available).toBe(true);
      expect(monikers.validators).toHaveLength(BONDED + UNBONDED);
      const named = new Map(monikers.validators.map((v) => [v.address, v.moniker]));
      expect(node.addresses.filter((a) => !named.has(a)), `unnamed at ${height ?? "the head"}`).toEqual([]);
      expect(named.get(node.addresses.at(-1)!)).toMatch(/^(extra-\d{3}|node\d)$/);
    }
  });

  it("the Staking page's picker offers all 214, the 60 unbonded said to earn nothing", async () => {
    const options = pickerOptions(((await chainQueries.stakingValidators(api, networkId).queryFn!({} as never)) as Monikers).validators);
    expect(options).toHaveLength(BONDED + UNBONDED);
    expect(new Set(options.map((o) => o.value)).size).toBe(BONDED + UNBONDED);
    expect(options.filter((o) => o.label.includes("not in the active set"))).toHaveLength(UNBONDED);
    expect(options.some((o) => o.label.startsWith("extra-149 "))).toBe(true);
  });

  it("the watch follows a validator on the set's second page, and one outside the set", async () => {
    const node = await nodeSet();
    const monikers = await app.call("chain.validatorMonikers", {}) as Monikers;
    const byAddress = new Map(monikers.validators.map((v) => [v.address, v]));
    const last = byAddress.get(node.addresses.at(-1)!)!;
    // One past the first 200 of staking's list, so the watch's x/slashing read must cross its page to know it.
    const standby = monikers.validators.slice(200).find((v) => v.status === "unbonded");
    if (!standby) throw new Error("no unbonded validator on the second page of staking's Validators");
    await app.call("watch.addValidator", { networkId, address: last.operatorAddress, label: "last" });
    await app.call("watch.addValidator", { networkId, address: standby.operatorAddress, label: "standby" });
    type Status = ResultOf<"watch.status">;
    const status = async () => (await app.call("watch.status", { networkId })) as unknown as Status;
    await expect.poll(async () => (await status()).validators.find((v) => v.label === "last")?.seen ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const s = await status();
    const watched = s.validators.find((v) => v.label === "last")!;
    expect(watched).toMatchObject({ moniker: last.moniker, operatorAddress: last.operatorAddress, signed: 0, inactive: false, unknown: false });
    expect(watched.missed).toBe(watched.seen);
    // The set's uptime table names every member, not only the watched ones: the watch reads them all.
    expect(s.set).toHaveLength(BONDED);
    expect(s.set.filter((m) => m.moniker === null).map((m) => m.address)).toEqual([]);
    expect(s.set.find((m) => m.address === node.addresses.at(-1))?.moniker).toBe(last.moniker);
    expect(s.validators.find((v) => v.label === "standby")).toMatchObject({ moniker: standby.moniker, inactive: true, seen: 0, unknown: false });
  });
});

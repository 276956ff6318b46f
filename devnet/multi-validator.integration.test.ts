import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { coins } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessPort } from "./lib/access.js";
import { layoutFromEnv, repoRoot } from "./lib/layout.js";
import { firstBusyPort, isAlive } from "./lib/processes.js";
import { readDevnetInfo, type DevnetInfo } from "./lib/state.js";
import { fixedFee, rpcPost, signingClient } from "./test/chain-client.js";
import { TEST_PORT_BASE } from "./test/global-setup.js";

const run = promisify(execFile);
const env = { ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "four"), COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1000) };
const layout = layoutFromEnv(env);
const cli = (...args: string[]) => run(process.execPath, ["--import", "tsx", join(repoRoot, "devnet", "cli.ts"), ...args], { env, timeout: 600_000 });

let info: DevnetInfo;
let pids: number[] = [];

beforeAll(async () => {
  await cli("reset");
  const { stdout } = await cli("up", "--validators", "4");
  expect(stdout).toContain("node3");
  info = readDevnetInfo(layout)!;
  pids = info.nodes.map((_, i) => (JSON.parse(readFileSync(join(layout.nodesDir, `node${i}.pid`), "utf8")) as { pid: number }).pid);
});

afterAll(async () => {
  await cli("down");
});

describe("a four-validator devnet started with `npm run devnet -- up --validators 4`", () => {
  it("has four validators, all with voting power", async () => {
    const result = (await rpcPost(info.nodes[0]!.rpc, "validators", {})).result as { total: string; validators: Array<{ voting_power: string }> };
    expect(result.total).toBe("4");
    expect(result.validators.every((v) => BigInt(v.voting_power) > 0n)).toBe(true);
  });

  it("peers every node with the three others", async () => {
    for (const node of info.nodes) {
      const netInfo = (await rpcPost(node.rpc, "net_info", {})).result as { n_peers: string };
      expect(netInfo.n_peers, node.moniker).toBe("3");
    }
  });

  it("commits a transfer sent to node 3, signed by all four", async () => {
    const { client, address } = await signingClient(info, "dave", 3);
    const erin = info.accounts.find((a) => a.name === "erin")!.address;
    const result = await client.sendTokens(address, erin, coins(4242, info.denom), fixedFee(info));
    expect(result.code).toBe(0);
    const commit = (await rpcPost(info.nodes[3]!.rpc, "commit", { height: String(result.height) })).result as {
      signed_header: { commit: { signatures: Array<{ block_id_flag: number }> } };
    };
    expect(commit.signed_header.commit.signatures).toHaveLength(4);
    client.disconnect();
  });

  it("`down` stops every node it started, and the access service, and frees their ports", async () => {
    const { stdout } = await cli("down");
    expect(stdout).toContain("Stopped access, node0, node1, node2, node3");
    expect(pids.filter(isAlive)).toEqual([]);
    const ports = [...info.nodes.map((n) => Number(new URL(n.rpc).port)), accessPort(layout)];
    expect(await firstBusyPort(ports)).toBeUndefined();
  });
});

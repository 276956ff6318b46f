import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { devnetSeed } from "./devnet-seed.js";

const write = (extra: Record<string, unknown>) => {
  const path = join(mkdtempSync(join(tmpdir(), "cometdesk-seed-")), "devnet.json");
  writeFileSync(path, JSON.stringify({ chainId: "c", bech32Prefix: "cosmos", denom: "ucomet", stakeDenom: "stake", nodes: [{ rpc: "http://127.0.0.1:26657" }], ...extra }));
  return path;
};
const key = (name: string) => ({ name, address: `cosmos1${name}`, mnemonic: `${name} words` });

describe("the devnet's demo keys", () => {
  it("offers the validators' own keys after the accounts, marked as operators, a name once", () => {
    const seed = devnetSeed(write({ accounts: [key("alice"), key("validator1")], validators: [key("validator0"), key("validator1")] }));
    expect(seed?.demoKeys.map((k) => [k.name, k.operator])).toEqual([["alice", false], ["validator1", false], ["validator0", true]]);
  });

  it("reads a devnet.json written before it listed validators, and refuses a validator name that is not a plain word", () => {
    expect(devnetSeed(write({ accounts: [key("alice")] }))?.demoKeys.map((k) => k.name)).toEqual(["alice"]);
    expect(devnetSeed(write({ accounts: [key("alice")], validators: [key("Validator 0")] }))).toBeUndefined();
  });
});

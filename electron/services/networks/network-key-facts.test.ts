import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as cronos from "chain-registry/mainnet/cronos/index.js";
import * as injective from "chain-registry/mainnet/injective/index.js";
import * as kiichain from "chain-registry/mainnet/kiichain/index.js";
import { describe, expect, it } from "vitest";
import { networkMethods } from "../../../shared/contract/network.js";
import { createEventHub } from "../event-hub.js";
import { createProblemLog } from "../storage/problems.js";
import { openVault } from "../vault/vault.js";
import { openNetworkStore } from "./network-store.js";
import { fromRegistry } from "./registry-seeds.js";

// networks.json as the app wrote it before networks had key facts (commit df590da's network
// store, first run plus one network added by hand): test/networks-before-key-facts.json.
const BEFORE = new URL("./test/networks-before-key-facts.json", import.meta.url);

describe("a network's key facts", () => {
  it("a networks file written before them loads unchanged, and its networks derive at 118 as before", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
    copyFileSync(BEFORE, join(dir, "networks.json"));
    const before = readFileSync(join(dir, "networks.json"), "utf8");
    const store = openNetworkStore({ dataDir: dir, devnet: undefined, problems: createProblemLog() });
    expect(store.list().networks).toEqual(JSON.parse(before).networks);
    expect(readFileSync(join(dir, "networks.json"), "utf8")).toBe(before); // nothing rewritten
    for (const network of store.list().networks) expect(network).not.toHaveProperty("coinType");

    // The vault shows the address it showed then: m/44'/118'/0'/0/0 under the network's prefix.
    const vault = openVault({ dataDir: dir, prefix: () => store.selected().bech32Prefix, keyFacts: () => store.selected(), autoLockMs: () => 0, events: createEventHub() });
    await vault.import("all all all all all all all all all all all all", "correct horse");
    expect(vault.accounts()[0]!.address).toBe("cosmos1knuunh0lmwyrkjmrj7sky49uxk3peyzhzsvqqf"); // shapeshift/hdwallet cosmos.test.ts
    // A coin type set afterwards moves the address; taking the path back restores it.
    const id = store.selected().id;
    store.update(id, { coinType: 330 });
    // the Terra account of hdwallet-native terra.test.ts, under this network's prefix
    expect(vault.accounts()[0]!.address).toBe("cosmos1f95csal3u6cyyj23ept3x7ap3u247npfpcsy4z");
    store.update(id, { hdPath: "m/44'/118'/0'/0/{index}" });
    expect(vault.accounts()[0]!.address).toBe("cosmos1knuunh0lmwyrkjmrj7sky49uxk3peyzhzsvqqf");
    expect(store.update(id, { hdPath: null })).not.toHaveProperty("hdPath");
    vault.close();
  });

  it("refuses a path that is not BIP44 with one {index}, in words for the field", () => {
    const patch = (hdPath: string) => networkMethods.update.args.safeParse({ id: "cosmoshub", patch: { hdPath } });
    expect(patch("m/44'/330'/0'/0/{index}").success).toBe(true);
    expect(patch("m/44'/60'/{index}'/0/0").success).toBe(true);
    for (const bad of ["m/44'/330'/0'/0/0", "m/44'/330'/0'/{index}/0", "m/49'/330'/0'/0/{index}", "m/44'/330/0'/0/{index}", "44'/330'/0'/0/{index}", "m/44'/330'/{index}/0/0"]) {
      const result = patch(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error!.issues[0]!.message, bad).toMatch(/path|level|index|BIP44|coin type/i);
    }
  });

  it("the registry's ethsecp256k1 chains carry coin type 60 and their family's public key type URL", () => {
    expect(fromRegistry(injective)).toMatchObject({ coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/injective.crypto.v1beta1.ethsecp256k1.PubKey" });
    expect(fromRegistry(cronos)).toMatchObject({ coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/ethermint.crypto.v1.ethsecp256k1.PubKey" });
    // No extra codec named: a cosmos/evm chain.
    expect(fromRegistry(kiichain)).toMatchObject({ coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/cosmos.evm.crypto.v1.ethsecp256k1.PubKey" });
  });
});

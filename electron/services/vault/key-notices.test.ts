import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as terra from "chain-registry/mainnet/terra2/index.js";
import { describe, expect, it } from "vitest";
import { walletMethods } from "../../../shared/contract/wallet.js";
import { createEventHub } from "../event-hub.js";
import { openNetworkStore } from "../networks/network-store.js";
import { fromRegistry } from "../networks/registry-seeds.js";
import { createProblemLog } from "../storage/problems.js";
import { openKeyNotices, registerKeyNoticeHandlers } from "./key-notices.js";
import { openVault } from "./vault.js";

describe("the key notice", () => {
  it("says once, per network whose coin type is not 118, the address the wallet has there", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-notice-"));
    const store = openNetworkStore({ dataDir: dir, devnet: undefined, problems: createProblemLog() });
    const { id: _id, source: _source, ...input } = fromRegistry(terra)!;
    const added = store.add(input);
    const vault = openVault({ dataDir: dir, prefix: () => store.selected().bech32Prefix, keyFacts: () => store.selected(), autoLockMs: () => 0, events: createEventHub() });
    const handlers = () => registerKeyNoticeHandlers({ vault, network: (id) => store.get(id), notices: openKeyNotices(dir) });
    const notice = (id: string) => walletMethods.keyNotice.result.parse(handlers().keyNotice({ networkId: id })).notice;

    expect(notice(added.id)).toBeNull(); // no wallet yet: no address to show
    await vault.import("all all all all all all all all all all all all", "correct horse");
    // Terra's own address (shapeshift/hdwallet terra.test.ts), though Terra is not the selected network.
    expect(notice(added.id)).toEqual({ networkId: added.id, coinType: 330, keyAlgo: "secp256k1", path: "m/44'/330'/0'/0/0", address: "terra1f95csal3u6cyyj23ept3x7ap3u247npf8u2yhz" });
    expect(notice("cosmoshub")).toBeNull(); // coin type 118: nothing to say
    vault.lock();
    expect(notice(added.id)?.address).toBe("terra1f95csal3u6cyyj23ept3x7ap3u247npf8u2yhz"); // locked: the key at 330 is kept in the file since it was derived
    await vault.unlock("correct horse");

    expect(handlers().dismissKeyNotice({ networkId: added.id })).toEqual({ dismissed: true });
    expect(notice(added.id)).toBeNull(); // once: and after a restart too (a new notices store reads the file)
    expect(() => handlers().dismissKeyNotice({ networkId: "no-such-network" })).toThrow(/no network/);
    vault.close();
  });
});

import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { QueryClient, setupStakingExtension } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { TEST_DEVNET_ENV } from "../../../devnet/test/global-setup.js";
import { createServices, type Services } from "../create-services.js";

/** One-click onboarding with the local devnet's demo accounts, read from the real devnet.json. */
const devnet = inject("devnet");
const devnetJsonPath = join(TEST_DEVNET_ENV.COMETDESK_DEVNET_DIR, "devnet.json");
const opened: Services[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

async function services(withDevnet: boolean): Promise<Services> {
  const s = await createServices({
    dataDir: mkdtempSync(join(tmpdir(), "cometdesk-demo-")),
    tokenStore: { kind: "memory" },
    ...(withDevnet ? { devnetJsonPath } : {}),
  });
  opened.push(s);
  return s;
}

describe("the devnet's demo accounts", () => {
  it("lists every demo account by name and address, never with its mnemonic", async () => {
    const s = await services(true);
    const answer = await s.dispatcher.dispatch("wallet.demoAccounts", {});
    expect(answer).toEqual({
      ok: true,
      value: {
        accounts: [
          ...devnet.accounts.map(({ name, address }) => ({ name, address, operator: false })),
          ...devnet.validators.map(({ name, address }) => ({ name, address, operator: true })),
        ],
      },
    });
    expect(devnet.validators.length).toBeGreaterThan(0);
    for (const account of [...devnet.accounts, ...devnet.validators]) expect(JSON.stringify(answer)).not.toContain(account.mnemonic.split(" ")[0]! + " " + account.mnemonic.split(" ")[1]!);
  });

  it("opens the wallet on a validator's own key: its first account is the validator's operator", async () => {
    const s = await services(true);
    const key = devnet.validators[0]!;
    const imported = await s.dispatcher.dispatch("wallet.importDemo", { name: key.name, password: "demo password" });
    expect(imported).toMatchObject({ ok: true, value: { accounts: [{ index: 0, address: key.address }] } });
    // The chain's own word: a validator whose operator address is that account's.
    const comet = await Comet38Client.connect(devnet.nodes[0]!.rpc);
    try {
      const operator = toBech32(`${devnet.bech32Prefix}valoper`, fromBech32(key.address, 90).data);
      const { validator } = await QueryClient.withExtensions(comet, setupStakingExtension).staking.validator(operator);
      expect(validator.operatorAddress).toBe(operator);
    } finally {
      comet.disconnect();
    }
  });

  it("opens the wallet on the chosen account's key with the user's password", async () => {
    const s = await services(true);
    const bob = devnet.accounts.find((a) => a.name === "bob")!;
    const imported = await s.dispatcher.dispatch("wallet.importDemo", { name: "bob", password: "demo password" });
    expect(imported).toMatchObject({ ok: true, value: { accounts: [{ index: 0, address: bob.address }] } });
    expect(await s.dispatcher.dispatch("wallet.status", {})).toMatchObject({ ok: true, value: { exists: true, locked: false } });
    await s.dispatcher.dispatch("wallet.lock", {});
    expect(await s.dispatcher.dispatch("wallet.unlock", { password: "demo password" })).toMatchObject({ ok: true, value: { locked: false } });
  });

  it("refuses an unknown name, a short password, and offers nothing without a devnet", async () => {
    const s = await services(true);
    expect(await s.dispatcher.dispatch("wallet.importDemo", { name: "mallory", password: "demo password" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await s.dispatcher.dispatch("wallet.importDemo", { name: "bob", password: "short" })).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    expect(await s.dispatcher.dispatch("wallet.status", {})).toMatchObject({ ok: true, value: { exists: false } });

    const none = await services(false);
    expect(await none.dispatcher.dispatch("wallet.demoAccounts", {})).toEqual({ ok: true, value: { accounts: [] } });
    expect(await none.dispatcher.dispatch("wallet.importDemo", { name: "bob", password: "demo password" })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});

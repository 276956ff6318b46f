import { describe, expect, it } from "vitest";
import { DevnetError } from "./errors.js";
import { addExtraValidators, EXTRA_SIGNED_BLOCKS_WINDOW, extraMismatch, NO_EXTRA_VALIDATORS, parseExtraCount } from "./extra-validators.js";

// The part of a collected genesis file that the edit touches (a recorded fixture: this tests the edit only).
const collected = JSON.stringify({
  app_state: {
    auth: { accounts: [{ address: "cosmos1alice" }, { address: "cosmos1node0" }] },
    bank: { balances: [], supply: [{ denom: "ucomet", amount: "2000" }, { denom: "ustake", amount: "2000" }] },
    staking: { params: { max_validators: 100 } },
    slashing: { params: { signed_blocks_window: "20", min_signed_per_window: "0.500000000000000000" } },
    genutil: { gen_txs: [{ body: {} }] },
  },
});

describe("addExtraValidators", () => {
  it("leaves a genesis without extra validators as it was", async () => {
    expect(await addExtraValidators(collected, NO_EXTRA_VALIDATORS)).toBe(collected);
  });

  it("adds a funded operator and a gentx per validator, room in the set for every bonded one, and the long window", async () => {
    const genesis = JSON.parse(await addExtraValidators(collected, { bonded: 120, unbonded: 3 }));
    const { auth, bank, staking, slashing, genutil } = genesis.app_state;
    expect(genutil.gen_txs).toHaveLength(1 + 123);
    expect(auth.accounts).toHaveLength(2 + 123);
    expect(new Set(auth.accounts.map((a: { address: string }) => a.address)).size).toBe(125);
    expect(auth.accounts.at(-1).account_number).toBe("124");
    expect(bank.supply).toEqual([{ denom: "ucomet", amount: String(2000 + 123 * 2_000_000) }, { denom: "ustake", amount: String(2000 + 123 * 2_000_000) }]);
    expect(staking.params.max_validators).toBe(121);
    expect(slashing.params.signed_blocks_window).toBe(EXTRA_SIGNED_BLOCKS_WINDOW);
    const monikers = genutil.gen_txs.slice(1).map((tx: { body: { messages: Array<{ description: { moniker: string }; value: { amount: string } }> } }) => tx.body.messages[0]!);
    expect(monikers[0].description.moniker).toBe("extra-000");
    expect(monikers[119].description.moniker).toBe("extra-119");
    expect(monikers[120]).toMatchObject({ description: { moniker: "standby-000" }, value: { amount: "500000" } });
  });

  it("gives every validator the same keys on every run", async () => {
    expect(await addExtraValidators(collected, { bonded: 2, unbonded: 1 })).toBe(await addExtraValidators(collected, { bonded: 2, unbonded: 1 }));
  });
});

describe("the CLI's counts", () => {
  it("takes whole numbers up to the bound and refuses anything else in words", () => {
    expect(parseExtraCount("extra-validators", undefined)).toBeUndefined();
    expect(parseExtraCount("extra-validators", "150")).toBe(150);
    for (const bad of ["-1", "1.5", "lots", "1001", ""]) expect(() => parseExtraCount("extra-validators", bad)).toThrow(DevnetError);
  });

  it("refuses to change a chain's extra validators, which genesis fixed", () => {
    expect(extraMismatch({ bonded: 150, unbonded: 0 }, undefined)).toBeUndefined();
    expect(extraMismatch({ bonded: 150, unbonded: 0 }, { bonded: 150 })).toBeUndefined();
    expect(extraMismatch({ bonded: 150, unbonded: 0 }, { bonded: 10 })).toMatch(/created with 150 extra and 0 unbonded validator\(s\), not 10 and 0/);
  });
});

import { describe, expect, it } from "vitest";
import { backdateGenesis, fundGenesis, GENESIS_BALANCE } from "./genesis.js";

// The relevant part of what `simd init` writes (a recorded fixture: this tests the edit only).
// Gov params as in cosmos/cosmos-sdk v0.53.8 proto/cosmos/gov/v1/gov.proto (`Params`, with the
// expedited fields added in v0.50).
const freshObject = {
  chain_id: "cometdesk-devnet",
  app_state: {
    auth: { params: {}, accounts: [] },
    bank: { params: {}, balances: [], supply: [], denom_metadata: [], send_enabled: [] },
    staking: { params: { bond_denom: "stake", unbonding_time: "1814400s" } },
    slashing: { params: { signed_blocks_window: "100", min_signed_per_window: "0.500000000000000000", downtime_jail_duration: "600s", slash_fraction_downtime: "0.010000000000000000" } },
    gov: {
      params: {
        min_deposit: [{ denom: "stake", amount: "10000000" }], voting_period: "172800s", quorum: "0.334000000000000000",
        expedited_min_deposit: [{ denom: "stake", amount: "50000000" }], expedited_voting_period: "86400s",
      },
    },
  },
};
const fresh = JSON.stringify(freshObject);

const keys = [
  { name: "alice", address: "cosmos1alice", mnemonic: "m1" },
  { name: "bob", address: "cosmos1bob", mnemonic: "m2" },
];

describe("fundGenesis", () => {
  const genesis = JSON.parse(fundGenesis(fresh, keys));

  it("funds every key with both denoms, coins sorted by denom as the SDK requires", () => {
    expect(genesis.app_state.bank.balances).toEqual(
      keys.map((k) => ({
        address: k.address,
        coins: [
          { denom: "ucomet", amount: GENESIS_BALANCE },
          { denom: "ustake", amount: GENESIS_BALANCE },
        ],
      })),
    );
  });

  it("keeps the supply equal to the sum of balances", () => {
    const total = String(BigInt(GENESIS_BALANCE) * 2n);
    expect(genesis.app_state.bank.supply).toEqual([
      { denom: "ucomet", amount: total },
      { denom: "ustake", amount: total },
    ]);
  });

  it("gives each account a distinct account number and sets the staking denom", () => {
    expect(genesis.app_state.auth.accounts.map((a: { account_number: string }) => a.account_number)).toEqual(["0", "1"]);
    expect(genesis.app_state.staking.params.bond_denom).toBe("ustake");
    expect(genesis.app_state.staking.params.unbonding_time).toBe("1814400s");
  });

  it("names both denoms with a display exponent of 6", () => {
    const meta = genesis.app_state.bank.denom_metadata as Array<{ base: string; denom_units: Array<{ exponent: number }> }>;
    expect(meta.map((m) => m.base)).toEqual(["ucomet", "ustake"]);
    expect(meta.every((m) => m.denom_units.some((u) => u.exponent === 6))).toBe(true);
  });

  it("shortens slashing's window and jail time, and keeps its slash fraction", () => {
    expect(genesis.app_state.slashing.params).toEqual({ signed_blocks_window: "20", min_signed_per_window: "0.500000000000000000", downtime_jail_duration: "60s", slash_fraction_downtime: "0.010000000000000000" });
  });

  it("takes governance deposits in the staking denom and ends votes within a minute, keeping the quorum", () => {
    expect(genesis.app_state.gov.params).toMatchObject({ min_deposit: [{ denom: "ustake", amount: "1000000" }], voting_period: "60s", expedited_min_deposit: [{ denom: "ustake", amount: "2000000" }], expedited_voting_period: "30s", quorum: "0.334000000000000000" });
  });

  it("leaves out the expedited gov fields on a generation whose genesis has none (SDK v0.47 refuses them)", () => {
    // Gov params as in cosmos/cosmos-sdk v0.47.17 proto/cosmos/gov/v1/gov.proto: no expedited fields.
    const { expedited_min_deposit: _deposit, expedited_voting_period: _period, ...v047Params } = freshObject.app_state.gov.params;
    const v047 = { ...freshObject, app_state: { ...freshObject.app_state, gov: { params: v047Params } } };
    const params = JSON.parse(fundGenesis(JSON.stringify(v047), keys)).app_state.gov.params;
    expect(Object.keys(params).sort()).toEqual(["min_deposit", "quorum", "voting_period"]);
    expect(params).toMatchObject({ min_deposit: [{ denom: "ustake", amount: "1000000" }], voting_period: "60s" });
  });

  it("on SDK v0.46 sets gov's deposit and voting period in their own parts, and names the staking denom for mint and crisis", () => {
    // Shapes of cosmos/cosmos-sdk v0.46.16 proto/cosmos/gov/v1/genesis.proto (deposit_params,
    // voting_params, tally_params; no params), proto/cosmos/mint/v1beta1/mint.proto (Params) and
    // proto/cosmos/crisis/v1beta1/genesis.proto (constant_fee); v0.46's init names `stake` throughout.
    const v046 = {
      ...freshObject,
      app_state: {
        ...freshObject.app_state,
        gov: {
          deposit_params: { min_deposit: [{ denom: "stake", amount: "10000000" }], max_deposit_period: "172800s" },
          voting_params: { voting_period: "172800s" },
          tally_params: { quorum: "0.334000000000000000" },
        },
        mint: { params: { mint_denom: "stake", blocks_per_year: "6311520" } },
        crisis: { constant_fee: { denom: "stake", amount: "1000" } },
      },
    };
    const state = JSON.parse(fundGenesis(JSON.stringify(v046), keys)).app_state;
    expect(state.gov).toEqual({
      deposit_params: { min_deposit: [{ denom: "ustake", amount: "1000000" }], max_deposit_period: "172800s" },
      voting_params: { voting_period: "60s" },
      tally_params: { quorum: "0.334000000000000000" },
    });
    expect(state.mint.params).toEqual({ mint_denom: "ustake", blocks_per_year: "6311520" });
    expect(state.crisis.constant_fee).toEqual({ denom: "ustake", amount: "1000" });
  });

  it("rejects a genesis file of another shape", () => {
    expect(() => fundGenesis(JSON.stringify({ app_state: {} }), keys)).toThrow();
  });
});

describe("backdateGenesis", () => {
  it("puts the genesis time 25 h before now and keeps the rest", () => {
    const now = new Date("2026-01-02T12:00:00.000Z");
    const moved = JSON.parse(backdateGenesis(JSON.stringify({ genesis_time: "2026-01-02T11:59:59Z", chain_id: "c" }), now));
    expect(moved).toEqual({ genesis_time: "2026-01-01T11:00:00.000Z", chain_id: "c" });
  });
});

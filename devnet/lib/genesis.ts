import { z } from "zod";
import type { DevnetKey } from "./accounts.js";
import { FEE_DENOM, STAKE_DENOM } from "./layout.js";

/** Every devnet key starts with this much of each denom (one million display units). */
export const GENESIS_BALANCE = "1000000000000";
/** Each validator bonds this much of the staking denom. */
export const SELF_DELEGATION = `100000000000${STAKE_DENOM}`;

const Coin = z.object({ denom: z.string(), amount: z.string() });
const GenesisShape = z.looseObject({
  app_state: z.looseObject({
    auth: z.looseObject({ accounts: z.array(z.unknown()) }),
    bank: z.looseObject({
      balances: z.array(z.looseObject({ address: z.string(), coins: z.array(Coin) })),
      supply: z.array(Coin),
      denom_metadata: z.array(z.unknown()),
    }),
    staking: z.looseObject({ params: z.looseObject({ bond_denom: z.string() }) }),
    slashing: z.looseObject({ params: z.looseObject({}) }).optional(),
    // SDK v0.46 keeps gov's params in three parts (deposit, voting, tally); later SDKs in `params`.
    gov: z
      .looseObject({ params: z.looseObject({}).optional(), deposit_params: z.looseObject({}).nullish(), voting_params: z.looseObject({}).nullish() })
      .optional(),
    // Modules only the SDK v0.46 simapp has; its `simd init` takes no `--default-denom`, so they name `stake`.
    mint: z.looseObject({ params: z.looseObject({ mint_denom: z.string() }) }).optional(),
    crisis: z.looseObject({ constant_fee: Coin }).optional(),
  }),
});

function metadata(base: string, display: string, description: string): unknown {
  return {
    description,
    denom_units: [
      { denom: base, exponent: 0, aliases: [] },
      { denom: display.toLowerCase(), exponent: 6, aliases: [] },
    ],
    base,
    display: display.toLowerCase(),
    name: display,
    symbol: display,
    uri: "",
    uri_hash: "",
  };
}

/**
 * Slashing tuned so an operator can be jailed and unjail within two minutes: a validator that misses
 * more than half of the last 20 blocks (~10 s at 500 ms blocks) is jailed, and may unjail a minute later (the least the SDK allows).
 */
export const DEVNET_SLASHING = { signed_blocks_window: "20", min_signed_per_window: "0.500000000000000000", downtime_jail_duration: "60s" } as const;
/**
 * Governance that a test can go through: deposits in the staking denom (the SDK's default names
 * a `stake` denom this chain has not), one STAKE enough for a proposal to open its vote at once,
 * and votes that end within a minute.
 */
export const DEVNET_GOV = {
  min_deposit: [{ denom: STAKE_DENOM, amount: "1000000" }],
  voting_period: "60s",
} as const;
/**
 * The same for expedited proposals, which SDK v0.50 added: set only where the generation's own
 * `simd init` wrote these fields, since v0.47 refuses a genesis that names them.
 */
export const DEVNET_GOV_EXPEDITED = {
  expedited_min_deposit: [{ denom: STAKE_DENOM, amount: "2000000" }],
  expedited_voting_period: "30s",
} as const;

/**
 * How far in the past the devnet's genesis time lies. The SDK lets a validator change its
 * commission rate once per 24 h after its `update_time`, which a gentx sets to the genesis time:
 * a chain born "now" could only show that change refused. 25 h back, the genesis validators may
 * change it once at once, and a second change the same day is still refused. Block 1 carries the
 * genesis time; from block 2 on, CometBFT takes the validators' clocks (the median of the votes).
 */
export const GENESIS_AGE_HOURS = 25;

/** Moves a genesis file's `genesis_time` back by GENESIS_AGE_HOURS from `now`. */
export function backdateGenesis(genesisText: string, now: Date = new Date()): string {
  const genesis = z.looseObject({ genesis_time: z.string() }).parse(JSON.parse(genesisText));
  genesis.genesis_time = new Date(now.getTime() - GENESIS_AGE_HOURS * 3_600_000).toISOString();
  return `${JSON.stringify(genesis, null, 2)}\n`;
}

/**
 * Funds every key in a freshly initialised genesis file and names the denoms.
 * Editing JSON here is much faster than one `simd genesis add-genesis-account` per key.
 */
export function fundGenesis(genesisText: string, keys: readonly DevnetKey[]): string {
  const genesis = GenesisShape.parse(JSON.parse(genesisText));
  const { auth, bank, staking, slashing, gov, mint, crisis } = genesis.app_state;
  const coins = [FEE_DENOM, STAKE_DENOM].sort().map((denom) => ({ denom, amount: GENESIS_BALANCE }));
  keys.forEach((key, index) => {
    auth.accounts.push({
      "@type": "/cosmos.auth.v1beta1.BaseAccount",
      address: key.address,
      pub_key: null,
      account_number: String(index),
      sequence: "0",
    });
    bank.balances.push({ address: key.address, coins });
  });
  const total = (BigInt(GENESIS_BALANCE) * BigInt(keys.length)).toString();
  bank.supply = coins.map((c) => ({ denom: c.denom, amount: total }));
  bank.denom_metadata = [
    metadata(FEE_DENOM, "COMET", "Fee and transfer token of the Cometdesk devnet"),
    metadata(STAKE_DENOM, "STAKE", "Staking token of the Cometdesk devnet"),
  ];
  staking.params.bond_denom = STAKE_DENOM;
  if (slashing) Object.assign(slashing.params, DEVNET_SLASHING);
  if (gov?.params) {
    Object.assign(gov.params, structuredClone(DEVNET_GOV));
    for (const [field, value] of Object.entries(DEVNET_GOV_EXPEDITED)) {
      if (field in gov.params) gov.params[field] = structuredClone(value);
    }
  } else if (gov?.deposit_params && gov.voting_params) {
    gov.deposit_params.min_deposit = structuredClone(DEVNET_GOV.min_deposit);
    gov.voting_params.voting_period = DEVNET_GOV.voting_period;
  }
  if (mint) mint.params.mint_denom = STAKE_DENOM;
  if (crisis) crisis.constant_fee.denom = STAKE_DENOM;
  return `${JSON.stringify(genesis, null, 2)}\n`;
}

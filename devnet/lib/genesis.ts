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
 * Funds every key in a freshly initialised genesis file and names the denoms.
 * Editing JSON here is much faster than one `simd genesis add-genesis-account` per key.
 */
export function fundGenesis(genesisText: string, keys: readonly DevnetKey[]): string {
  const genesis = GenesisShape.parse(JSON.parse(genesisText));
  const { auth, bank, staking } = genesis.app_state;
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
  return `${JSON.stringify(genesis, null, 2)}\n`;
}

import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { ripemd160, Secp256k1, sha256 } from "@cosmjs/crypto";
import { toBase64, toBech32 } from "@cosmjs/encoding";
import { DirectSecp256k1Wallet, encodePubkey, makeAuthInfoBytes, makeSignDoc } from "@cosmjs/proto-signing";
import { ed25519 } from "@noble/curves/ed25519.js";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { MsgCreateValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { z } from "zod";
import { DevnetError } from "./errors.js";
import { BECH32_PREFIX, CHAIN_ID, FEE_DENOM, STAKE_DENOM } from "./layout.js";

/**
 * Validators of negligible power beside the signing ones, so every validator list of the app
 * crosses pages as on a real network (100 to 200 active, hundreds more waiting): `--extra-validators N`
 * bonds N of them, `--unbonded-validators M` adds M that never enter the set. None runs a node, so
 * none signs: their power (1 of the signers' 100,000 each) is far too small to stop consensus, and
 * the slashing window is made long enough that none is jailed during a test run.
 */
export interface ExtraValidators {
  readonly bonded: number;
  readonly unbonded: number;
}

export const NO_EXTRA_VALIDATORS: ExtraValidators = { bonded: 0, unbonded: 0 };
export const ExtraValidatorsSchema = z.object({ bonded: z.number().int().min(0), unbonded: z.number().int().min(0) });

/** Why `up` cannot give an existing chain the extra validators asked for (they are fixed at genesis), or undefined. */
export function extraMismatch(existing: ExtraValidators, asked: Partial<ExtraValidators> | undefined): string | undefined {
  const differs = (k: keyof ExtraValidators) => asked?.[k] !== undefined && asked[k] !== existing[k];
  if (!differs("bonded") && !differs("unbonded")) return undefined;
  return `the devnet was created with ${existing.bonded} extra and ${existing.unbonded} unbonded validator(s), not ${asked?.bonded ?? existing.bonded} and ${asked?.unbonded ?? existing.unbonded}`;
}
/** The CLI's bound: far beyond any test's need, and a start that stays a few seconds long. */
export const MAX_EXTRA_VALIDATORS = 1000;

/** A bonded extra validator's self-delegation: one STAKE, consensus power 1. */
export const EXTRA_BONDED_STAKE = "1000000";
/** An unbonded one's: half a STAKE, consensus power 0, so staking never bonds it. */
export const EXTRA_UNBONDED_STAKE = "500000";
/** What each extra operator account holds at genesis, a little more than it bonds. */
const EXTRA_BALANCE = "2000000";

/**
 * 100,000 blocks (about 14 hours at 500 ms): a validator is judged for downtime only once it has
 * been in the set a whole window, so the extras, which never sign, stay bonded through any test run.
 */
export const EXTRA_SIGNED_BLOCKS_WINDOW = "100000";

/** The moniker of extra validator `index`: bonded ones `extra-000`…, unbonded ones `standby-000`…. */
export function extraMoniker(index: number, bonded: boolean): string {
  return `${bonded ? "extra" : "standby"}-${String(index).padStart(3, "0")}`;
}

/** Checks the CLI's counts; undefined stays undefined (an existing chain keeps its own). */
export function parseExtraCount(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d{1,4}$/.test(value) || n > MAX_EXTRA_VALIDATORS) {
    throw new DevnetError(`--${flag} must be a whole number from 0 to ${MAX_EXTRA_VALIDATORS}, got "${value}"`);
  }
  return n;
}

interface ExtraKey {
  readonly moniker: string;
  readonly bonded: boolean;
  readonly privkey: Uint8Array;
  readonly pubkey: Uint8Array;
  readonly address: string;
  readonly operator: string;
  /** Its ed25519 consensus key (public half only: no node signs for it). */
  readonly consensusPubkey: Uint8Array;
}

/** Fixed keys, derived from the moniker, so every devnet names the same validators the same way. */
async function extraKey(moniker: string, bonded: boolean): Promise<ExtraKey> {
  const privkey = sha256(new TextEncoder().encode(`cometdesk devnet ${moniker} operator`));
  const pubkey = Secp256k1.compressPubkey((await Secp256k1.makeKeypair(privkey)).pubkey);
  const hash = ripemd160(sha256(pubkey));
  const consensusPubkey = ed25519.getPublicKey(sha256(new TextEncoder().encode(`cometdesk devnet ${moniker} consensus`)));
  return { moniker, bonded, privkey, pubkey, address: toBech32(BECH32_PREFIX, hash), operator: toBech32(`${BECH32_PREFIX}valoper`, hash), consensusPubkey };
}

/** A rate as the SDK's LegacyDec carries it in protobuf bytes: its value times 10^18, as an integer string. */
const atomics = (percent: number) => `${BigInt(percent) * 10n ** 16n}`;
/** The same rate as its JSON form writes it: 18 decimals. */
const decimal = (percent: number) => `0.${String(percent).padStart(2, "0")}0000000000000000`;

/**
 * One gentx of `key`: a MsgCreateValidator signed SIGN_MODE_DIRECT at account number 0, as every
 * gentx is (the ante handler reads account number 0 at height 0), in the protobuf JSON that
 * genutil decodes. The SDK encodes the decoded JSON again before checking the signature, so the
 * bytes signed here are exactly the encoding of what the JSON says.
 */
async function gentx(key: ExtraKey, index: number): Promise<unknown> {
  const percent = 5 + (index % 10); // a spread of commissions, 5 % to 14 %, as real sets have
  const stake = key.bonded ? EXTRA_BONDED_STAKE : EXTRA_UNBONDED_STAKE;
  const consensusAny = { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Ed25519PubKey.encode({ key: key.consensusPubkey }).finish() };
  const msg = MsgCreateValidator.fromPartial({
    description: { moniker: key.moniker },
    commission: { rate: atomics(percent), maxRate: atomics(20), maxChangeRate: atomics(1) },
    minSelfDelegation: "1",
    validatorAddress: key.operator,
    pubkey: consensusAny,
    value: { denom: STAKE_DENOM, amount: stake },
  });
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgCreateValidator", value: MsgCreateValidator.encode(msg).finish() }] })).finish();
  const authInfoBytes = makeAuthInfoBytes([{ pubkey: encodePubkey(encodeSecp256k1Pubkey(key.pubkey)), sequence: 0 }], [], 200_000, undefined, undefined);
  const wallet = await DirectSecp256k1Wallet.fromKey(key.privkey, BECH32_PREFIX);
  const { signature } = await wallet.signDirect(key.address, makeSignDoc(bodyBytes, authInfoBytes, CHAIN_ID, 0));
  return {
    body: {
      messages: [{
        "@type": "/cosmos.staking.v1beta1.MsgCreateValidator",
        description: { moniker: key.moniker, identity: "", website: "", security_contact: "", details: "" },
        commission: { rate: decimal(percent), max_rate: decimal(20), max_change_rate: decimal(1) },
        min_self_delegation: "1",
        delegator_address: "",
        validator_address: key.operator,
        pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: toBase64(key.consensusPubkey) },
        value: { denom: STAKE_DENOM, amount: stake },
      }],
      memo: "", timeout_height: "0", extension_options: [], non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: [{ public_key: { "@type": "/cosmos.crypto.secp256k1.PubKey", key: toBase64(key.pubkey) }, mode_info: { single: { mode: "SIGN_MODE_DIRECT" } }, sequence: "0" }],
      fee: { amount: [], gas_limit: "200000", payer: "", granter: "" },
    },
    signatures: [signature.signature],
  };
}

const Coin = z.object({ denom: z.string(), amount: z.string() });
const GenesisShape = z.looseObject({
  app_state: z.looseObject({
    auth: z.looseObject({ accounts: z.array(z.unknown()) }),
    bank: z.looseObject({ balances: z.array(z.looseObject({ address: z.string(), coins: z.array(Coin) })), supply: z.array(Coin) }),
    staking: z.looseObject({ params: z.looseObject({ max_validators: z.number().int() }) }),
    slashing: z.looseObject({ params: z.looseObject({ signed_blocks_window: z.string() }) }),
    genutil: z.looseObject({ gen_txs: z.array(z.unknown()) }),
  }),
});

/**
 * Adds the extra validators to a genesis file that `collect-gentxs` has written: their operator
 * accounts funded, one signed gentx each beside the signers' own, room for all of them in the
 * active set, and the long slashing window. Signing here takes milliseconds a validator, where
 * one `simd genesis gentx` each would take most of a second.
 */
export async function addExtraValidators(genesisText: string, extra: ExtraValidators): Promise<string> {
  if (extra.bonded + extra.unbonded === 0) return genesisText;
  const genesis = GenesisShape.parse(JSON.parse(genesisText));
  const { auth, bank, staking, slashing, genutil } = genesis.app_state;
  const keys = await Promise.all([
    ...Array.from({ length: extra.bonded }, (_, i) => extraKey(extraMoniker(i, true), true)),
    ...Array.from({ length: extra.unbonded }, (_, i) => extraKey(extraMoniker(i, false), false)),
  ]);
  const coins = [
    { denom: FEE_DENOM, amount: EXTRA_BALANCE },
    { denom: STAKE_DENOM, amount: EXTRA_BALANCE },
  ];
  const first = auth.accounts.length;
  keys.forEach((key, i) => {
    auth.accounts.push({ "@type": "/cosmos.auth.v1beta1.BaseAccount", address: key.address, pub_key: null, account_number: String(first + i), sequence: "0" });
    bank.balances.push({ address: key.address, coins });
  });
  const added = BigInt(EXTRA_BALANCE) * BigInt(keys.length);
  bank.supply = bank.supply.map((c) => (c.denom === FEE_DENOM || c.denom === STAKE_DENOM ? { denom: c.denom, amount: String(BigInt(c.amount) + added) } : c));
  staking.params.max_validators = Math.max(staking.params.max_validators, genutil.gen_txs.length + extra.bonded);
  slashing.params.signed_blocks_window = EXTRA_SIGNED_BLOCKS_WINDOW;
  genutil.gen_txs.push(...(await Promise.all(keys.map((key, i) => gentx(key, i)))));
  return `${JSON.stringify(genesis, null, 2)}\n`;
}

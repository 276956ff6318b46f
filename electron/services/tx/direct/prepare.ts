import type { StdSignDoc } from "@cosmjs/amino";
import { fromBech32, toBech32 } from "@cosmjs/encoding";
import type { Network } from "../../../../shared/contract/network.js";
import type { PrepareArgs, PreparedTx } from "../../../../shared/contract/tx.js";
import { DEFAULT_TIMEOUT_BLOCKS } from "../../../../shared/contract/tx-constants.js";
import { actionOf } from "../../../../shared/cosmos/actions.js";
import { addressProblem, describeAddressProblem } from "../../../../shared/wallet/bech32-check.js";
import { AppError } from "../../app-error.js";
import { type AccountSigner, modeFor } from "../../signers/account-signer.js";
import type { Outbox, StoredSend } from "../outbox.js";
import type { DirectChain } from "./direct-chain.js";
import { LIVE_HEADROOM, tierPrice } from "./fee-market.js";

export const DEFAULT_GAS_ADJUSTMENT = 1.3;

/** What main signs: the reviewed transaction and the bytes the sign doc is made of. */
export interface Prepared {
  readonly review: PreparedTx;
  readonly bodyBytes: Uint8Array;
  readonly authInfoBytes: Uint8Array;
  /** For LEGACY_AMINO_JSON (the review's `signMode`): the sign doc the account's key signs. */
  readonly aminoSignDoc?: StdSignDoc;
  readonly spend: ReadonlyArray<{ denom: string; amount: string }>;
  /** The sequence the chain has committed for the signer (the review's may be past it: sends in flight). */
  readonly chainSequence: bigint;
}

export interface PrepareDeps {
  readonly chain: DirectChain;
  readonly outbox: Outbox;
  /** The signer of one of the wallet's accounts on this network, whatever its kind (signers/signers.ts); throws `unknown_signer` for any other address. */
  readonly signerFor: (address: string) => AccountSigner;
  /**
   * The account number and sequence to sign with, when they are not the chain's and this app's
   * own direct sends': on a network with an access service, the service's view (its next nonce
   * counts the transactions it holds), read through its `GET /accounts/{address}`.
   */
  readonly heldAccount?: (address: string) => Promise<{ accountNumber: bigint; sequence: bigint }>;
}

/** The node's answer when a simulation's sequence is not the one its check state expects. */
const SEQUENCE_MISMATCH = /account sequence mismatch, expected (\d+), got (\d+)/;

/**
 * Builds exactly what main will sign for these messages: each message checked by its action's
 * schema (the contract did) and its addresses against the network's prefix, the signer found
 * from the actions' signer fields, account number and sequence read from the chain, gas by
 * simulation times the adjustment, the fee from the network's gas prices unless the user set it.
 */
export async function prepareDirect(deps: PrepareDeps, network: Network, args: PrepareArgs): Promise<Prepared> {
  const signer = signerOf(network, args);
  const signing = deps.signerFor(signer);
  // The account's kind decides the mode (a Ledger or a multisig signs amino JSON only), once, here.
  const signMode = modeFor(signing, args.signMode);
  const pubkeyAny = signing.pubKeyAny();
  const [{ cosmosRegistry }, { authInfoBytesOf, aminoSignDocOf }, { calculateFee, GasPrice }] = await Promise.all([
    import("../../../../shared/cosmos/signing.js"),
    import("./sign-modes.js"),
    import("@cosmjs/stargate"),
  ]);
  const [account, height, held] = await Promise.all([deps.chain.account(signer), deps.chain.latestHeight(), deps.heldAccount?.(signer)]);
  const accountNumber = held?.accountNumber ?? account.accountNumber;
  const sequence = held?.sequence ?? nextSequence(deps.outbox, network.id, signer, account.sequence, height);
  const timeoutHeight = args.timeoutHeight !== undefined ? BigInt(args.timeoutHeight) : height + BigInt(args.timeoutBlocks ?? DEFAULT_TIMEOUT_BLOCKS);
  const messages = args.messages.map((m) => {
    const action = actionOf(m.typeUrl)!;
    return { action, value: m.value as Record<string, unknown>, proto: action.toProto(m.value) };
  });
  const bodyBytes = cosmosRegistry.encodeTxBody({
    // The registry runs each codec's `fromPartial` on the value.
    messages: messages.map((m) => ({ typeUrl: m.action.typeUrl, value: m.proto })),
    memo: args.memo ?? "",
    timeoutHeight,
  });
  const modeInfo = signing.modeInfo?.(signMode);
  const authInfo = (fee: ReadonlyArray<{ denom: string; amount: string }>, gas: bigint, withSequence = sequence) =>
    authInfoBytesOf({ pubkey: pubkeyAny, sequence: withSequence, signMode, modeInfo }, fee, gas);

  const gasAdjustment = args.gasAdjustment ?? DEFAULT_GAS_ADJUSTMENT;
  let gasEstimate: bigint | undefined;
  let gas: bigint;
  if (args.gas !== undefined) gas = BigInt(args.gas);
  else {
    const { TxRaw } = await import("cosmjs-types/cosmos/tx/v1beta1/tx");
    // The chain skips signature checks when simulating, but the signer's key and sequence must be
    // there. A signature-sized placeholder and a fee in the fee denom make the simulation pay for
    // what the real one will: its bytes and the fee's transfer (about 15,000 gas left out otherwise).
    // It runs at the sequence the node's check state expects (the chain checks it even when
    // simulating): past the sends a node accepted into its mempool, not past those main still holds.
    const simulatedSequence = nextSequence(deps.outbox, network.id, signer, account.sequence, height, ["submitted"]);
    const feeDenom =
      args.fee !== undefined ? /^\d+(.*)$/.exec(args.fee)![1] || network.defaultDenom
      : args.gasPrice !== undefined ? /[a-zA-Z].*$/.exec(args.gasPrice)![0]
      : (network.gasPrices?.denom ?? network.defaultDenom);
    const probe = (withSequence: bigint) => TxRaw.encode({ bodyBytes, authInfoBytes: authInfo([{ denom: feeDenom, amount: "1" }], 0n, withSequence), signatures: [new Uint8Array(64)] }).finish();
    try {
      gasEstimate = await deps.chain.simulate(probe(simulatedSequence));
    } catch (error) {
      // A sequence past the node's (transactions an access service still holds, unbroadcast) is
      // refused by the simulation's ante handler; the gas is the same at the sequence it expects.
      const expected = error instanceof AppError ? SEQUENCE_MISMATCH.exec(error.message) : null;
      if (!expected || BigInt(expected[1]!) === simulatedSequence) throw error;
      gasEstimate = await deps.chain.simulate(probe(BigInt(expected[1]!)));
    }
    gas = BigInt(Math.ceil(Number(gasEstimate) * gasAdjustment));
  }
  const feeTier = args.fee === undefined && args.gasPrice === undefined ? (args.feeTier ?? "average") : undefined;
  let fee: Array<{ denom: string; amount: string }>;
  let gasPrice: string | undefined;
  let feeMarket: PreparedTx["feeMarket"];
  // Where the chain runs a fee market, its live price, read now (and again when the reviewed fee is signed).
  const live = await deps.chain.liveGasPrice(network.gasPrices?.denom ?? network.defaultDenom);
  if (args.fee !== undefined) {
    const match = /^(\d+)(.*)$/.exec(args.fee)!;
    fee = match[1] === "0" ? [] : [{ amount: match[1]!, denom: match[2] || network.defaultDenom }];
    const needed = live && BigInt(calculateFee(Number(gas), GasPrice.fromString(`${live.price}${live.denom}`)).amount[0]!.amount);
    const paid = BigInt(fee.find((c) => c.denom === live?.denom)?.amount ?? "0");
    if (live && needed !== undefined && paid < needed) {
      throw new AppError("insufficient_fee", `the chain's gas price is ${live.price}${live.denom} now: this fee of ${args.fee} pays less than the ${needed}${live.denom} its ${gas} gas needs. Prepare the transaction again at the price now`, {
        gasPriceNow: `${tierPrice(live.price, "average")}${live.denom}`,
      });
    }
  } else {
    if (args.gasPrice !== undefined) gasPrice = args.gasPrice;
    else if (live) {
      gasPrice = `${tierPrice(live.price, feeTier!)}${live.denom}`;
      feeMarket = { source: live.source, livePrice: `${live.price}${live.denom}`, headroom: LIVE_HEADROOM[feeTier!] };
    } else {
      if (!network.gasPrices) throw new AppError("no_gas_price", `${network.name} has no gas price set: give the fee, or set the network's gas prices`);
      gasPrice = `${network.gasPrices[feeTier!]}${network.gasPrices.denom}`;
    }
    fee = calculateFee(Number(gas), GasPrice.fromString(gasPrice)).amount.map((c) => ({ denom: c.denom, amount: c.amount }));
  }
  const aminoSignDoc = signMode === "SIGN_MODE_LEGACY_AMINO_JSON"
    ? aminoSignDocOf(bodyBytes, { fee: { amount: fee, gas }, chainId: network.chainId, accountNumber, sequence })
    : undefined;
  const review: PreparedTx = {
    signer,
    chainId: network.chainId,
    accountNumber: accountNumber.toString(),
    sequence: sequence.toString(),
    signMode,
    signerKind: signing.kind,
    ...(aminoSignDoc ? { aminoSignDoc: { ...aminoSignDoc, fee: { amount: [...aminoSignDoc.fee.amount], gas: aminoSignDoc.fee.gas }, msgs: aminoSignDoc.msgs.map((m) => ({ type: m.type, value: m.value as Record<string, unknown> })) } } : {}),
    messages: messages.map((m) => ({ typeUrl: m.action.typeUrl, title: m.action.title, value: m.value, review: m.action.review(m.value).map(([k, v]) => [k, v] as [string, string]) })),
    fee: { amount: fee, gas: gas.toString() },
    gasEstimate: gasEstimate?.toString(),
    gasAdjustment,
    gasPrice,
    feeTier,
    feeMarket,
    memo: args.memo ?? "",
    timeoutHeight: timeoutHeight.toString(),
  };
  return { review, bodyBytes, authInfoBytes: authInfo(fee, gas), aminoSignDoc, spend: messages.flatMap((m) => m.action.spend(m.value)), chainSequence: account.sequence };
}

/**
 * The one account that signs every message: each action names the field holding its signer
 * (an account, or for a validator's message the same key's operator address).
 */
export function signerOf(network: Network, args: Pick<PrepareArgs, "messages">): string {
  const signers = new Set<string>();
  for (const m of args.messages) {
    const action = actionOf(m.typeUrl);
    if (!action) throw new AppError("unregistered_message", `the wallet does not sign messages of type ${m.typeUrl}`);
    const value = m.value as Record<string, unknown>;
    for (const [field, text] of Object.entries(value)) {
      if (typeof text !== "string" || !/Address$|Addr$|^voter$/.test(field)) continue;
      const valoper = /^validator/.test(field);
      const problem = addressProblem(text, valoper ? `${network.bech32Prefix}valoper` : network.bech32Prefix);
      if (problem) throw new AppError("invalid_address", `${field}: ${describeAddressProblem(problem)}`);
    }
    const named = value[action.signer.field];
    if (typeof named !== "string") throw new AppError("invalid_args", `${m.typeUrl} names no signer in ${action.signer.field}`);
    signers.add(action.signer.kind === "validator" ? toBech32(network.bech32Prefix, fromBech32(named, 90).data) : named);
  }
  if (signers.size !== 1) throw new AppError("several_signers", "every message of one transaction must be signed by the same account");
  return [...signers][0]!;
}

/**
 * The sequence the next transaction of `address` takes: the chain's, or past the ones this app
 * signed and sent that the chain has not included yet (several sends in flight stay in order).
 * A send past its timeout height can never be included: a node that dropped it from its mempool
 * does not hold the sequences after it hostage.
 */
export function nextSequence(outbox: Outbox, networkId: string, address: string, onChain: bigint, height?: bigint, states: ReadonlyArray<StoredSend["state"]> = ["signed", "submitted"]): bigint {
  let next = onChain;
  for (const send of outbox.list()) {
    if (!send.direct || send.networkId !== networkId || send.from !== address || !states.includes(send.state)) continue;
    if (height !== undefined && BigInt(send.direct.timeoutHeight) < height) continue;
    const nonce = BigInt(send.nonce);
    if (nonce >= next) next = nonce + 1n;
  }
  return next;
}

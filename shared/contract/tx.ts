import { z } from "zod";
import { Bech32Address, CoinString, DecString, Hash32Hex, IsoTime, Memo, NoArgs } from "../primitives.js";
import { ActionMessage } from "../cosmos/actions.js";
import { method } from "./method.js";
import { MAX_TIMEOUT_BLOCKS, TX_STATUSES } from "./tx-constants.js";
import { ACCOUNT_KINDS, SIGN_MODES } from "../wallet/account-kinds.js";

export const TxStatus = z.enum(TX_STATUSES);
export type TxStatus = z.infer<typeof TxStatus>;

/** A transfer as the access service records it; fields not known yet are absent. */
export const Tx = z.object({
  txHash: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  status: TxStatus,
  source: z.enum(["submitted", "chain"]).optional(),
  nonce: z.string().optional(),
  memo: z.string().optional(),
  fee: z.string().optional(),
  gas: z.string().optional(),
  height: z.string().optional(),
  time: IsoTime.optional(),
  code: z.number().int().optional(),
  codespace: z.string().optional(),
  log: z.string().optional(),
  timeoutHeight: z.string().optional(),
  holdUntil: IsoTime.optional(),
  createdAt: IsoTime.optional(),
  /**
   * What the transaction does: "transfer" for a bank transfer in the access service's seed form
   * (or found on chain), otherwise its messages' titles ("Delegate, Withdraw rewards"). Direct
   * mode and older services may leave it out for a transfer.
   */
  kind: z.string().max(1000).optional(),
  /** A send this app signed that a node refused for its fee: the gas price the node asks for now (`tx.repriceRequest`). */
  gasPriceNow: z.string().max(160).optional(),
  history: z.array(z.object({ status: TxStatus, at: IsoTime, detail: z.string().optional() })).optional(),
});
export type Tx = z.infer<typeof Tx>;

const Coin = z.object({ denom: z.string(), amount: z.string() });
/**
 * One amino JSON message. Its module folder (shared/cosmos/<module>/amino.ts) reads its value;
 * the contract only carries it.
 */
export const AminoMsg = z.object({ type: z.string().max(128), value: z.record(z.string(), z.unknown()) });
/** The amino JSON StdSignDoc (CosmJS `makeSignDoc` shape); a transfer carries one cosmos-sdk/MsgSend. */
export const StdSignDoc = z.object({
  chain_id: z.string(),
  account_number: z.string(),
  sequence: z.string(),
  fee: z.object({ amount: z.array(Coin), gas: z.string() }),
  msgs: z.array(AminoMsg).length(1),
  memo: z.string(),
  timeout_height: z.string().optional(),
});
export type StdSignDoc = z.infer<typeof StdSignDoc>;
/** The amino JSON StdSignDoc of any prepared transaction (one or more registered messages), as a Ledger or `simd tx sign` signs it. */
export const AminoSignDoc = StdSignDoc.extend({ msgs: z.array(AminoMsg).min(1).max(16) });
export type AminoSignDoc = z.infer<typeof AminoSignDoc>;
/** A sign mode of cosmos.tx.signing.v1beta1 this app signs in. */
export const SignMode = z.enum(SIGN_MODES);
/** The answer of `POST /transactions/sign-doc`, and of `tx.signDoc`. */
export const SignDocAnswer = z.object({ signDoc: StdSignDoc });
/** A page of `GET /transactions`, and of `tx.list`. */
export const TxList = z.object({ transactions: z.array(Tx), nextCursor: z.string().optional() });

/** A transfer the user asks for; main fetches the sign doc, signs with the vault and submits. */
export const TransferArgs = z.strictObject({
  from: Bech32Address,
  to: Bech32Address,
  amount: CoinString,
  memo: Memo.optional(),
  fee: CoinString.optional(),
  gas: DecString.optional(),
  timeoutHeight: DecString.optional(),
});

export const AccessInfo = z.object({
  chainId: z.string(),
  bech32Prefix: z.string(),
  defaultDenom: z.string(),
  denoms: z.array(z.object({ base: z.string(), display: z.string(), exponent: z.number().int() })),
  defaultFee: z.string(),
  defaultGas: z.string(),
  holdWindowMs: z.number(),
  maxListLimit: z.number().int(),
  defaultListLimit: z.number().int(),
});

export const AccountState = z.object({ address: z.string(), accountNumber: z.string(), sequence: z.string(), nextNonce: z.string() });

const BaseCoin = z.object({ denom: z.string(), amount: DecString });
/**
 * What an account can spend now (shared/wallet/spendable.ts checks amount plus fee against
 * `available`): the bank's spendable balances read from the chain, less what its transactions
 * still pending at the service (queued or broadcast) will take, amount and fee.
 */
export const Funds = z.object({ spendable: z.array(BaseCoin), pending: z.array(BaseCoin), available: z.array(BaseCoin) });
export type Funds = z.infer<typeof Funds>;

/** Fee levels of a network's fee token (chain-registry's low / average / high gas prices). */
export const FeeTier = z.enum(["low", "average", "high"]);
export type FeeTier = z.infer<typeof FeeTier>;

/** A gas price as `tx.prepare` takes it ("0.05ucomet"). */
const GasPrice = z.string().max(160).regex(/^\d{1,20}(\.\d{1,18})?[a-zA-Z][a-zA-Z0-9/:._-]{1,127}$/, "expected a gas price like 0.025uatom");

/**
 * Messages the user asks main to sign, any registered action (shared/cosmos/actions.ts), all
 * with the same signer. Without `gas`, main simulates and multiplies by `gasAdjustment`
 * (default 1.3); without `fee`, it prices the gas at the network's `feeTier` (default average).
 */
export const PrepareArgs = z.strictObject({
  messages: z.array(ActionMessage).min(1).max(16),
  memo: Memo.optional(),
  gasAdjustment: z.number().min(1).max(5).optional(),
  feeTier: FeeTier.optional(),
  fee: CoinString.optional(),
  gas: z.string().regex(/^[1-9]\d{0,9}$/, "gas is a whole number above zero").optional(),
  timeoutHeight: DecString.optional(),
  /** The transaction's timeout as blocks past the chain's height now, when no `timeoutHeight` is given. */
  timeoutBlocks: z.number().int().min(1).max(MAX_TIMEOUT_BLOCKS).optional(),
  /** A gas price to price the fee at ("0.05ucomet"), e.g. the one a refusal for an insufficient fee named; instead of the tier. */
  gasPrice: GasPrice.optional(),
  /**
   * The mode to sign in, when the account's kind can sign in several (the vault: DIRECT, or
   * LEGACY_AMINO_JSON as a Ledger signs); absent, the kind's own (DIRECT for the vault, amino
   * JSON for a Ledger or a multisig). A mode the kind cannot sign in is refused in words.
   */
  signMode: SignMode.optional(),
});
export type PrepareArgs = z.infer<typeof PrepareArgs>;

/** Exactly what main will sign for `tx.prepare`'s arguments: the review screen shows all of it. */
export const PreparedTx = z.object({
  signer: z.string(),
  chainId: z.string(),
  accountNumber: DecString,
  sequence: DecString,
  signMode: SignMode,
  /** What kind of account signs (shared/wallet/account-kinds.ts): the review says "Confirm on your Ledger" for one. */
  signerKind: z.enum(ACCOUNT_KINDS).optional(),
  /** For LEGACY_AMINO_JSON: the exact sign doc the key (a device, a file) signs, keys sorted when serialized. */
  aminoSignDoc: AminoSignDoc.optional(),
  messages: z.array(z.object({
    typeUrl: z.string(),
    title: z.string(),
    value: z.record(z.string(), z.unknown()),
    review: z.array(z.tuple([z.string(), z.string()])),
  })),
  fee: z.object({ amount: z.array(Coin), gas: DecString }),
  /** The simulated gas, before the adjustment; absent when the gas was given. */
  gasEstimate: DecString.optional(),
  gasAdjustment: z.number(),
  /** The gas price the fee was computed from ("0.025uatom"); absent when the fee was given. */
  gasPrice: z.string().optional(),
  feeTier: FeeTier.optional(),
  /**
   * Where the chain runs a fee market that answered: its live gas price and the headroom the
   * tier bid above it (gasPrice = livePrice × headroom), read again before signing.
   */
  feeMarket: z.object({ source: z.enum(["feemarket", "osmosis-eip", "evm-feemarket"]), livePrice: z.string(), headroom: z.number() }).optional(),
  memo: z.string(),
  /** The last height at which the chain may include it; past it the transaction is void. */
  timeoutHeight: DecString,
});
export type PreparedTx = z.infer<typeof PreparedTx>;

/** A signed transfer kept in main before it is submitted, so a restart cannot lose or repeat it. */
export const OutboxEntry = z.object({
  requestId: z.string(),
  networkId: z.string(),
  txHash: Hash32Hex,
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  nonce: z.string(),
  /** signed: on disk, not yet accepted by a node or service; cancelled: held and never sent; abandoned: refused or void. */
  state: z.enum(["signed", "submitted", "abandoned", "cancelled"]),
  createdAt: IsoTime,
  /** Signed in main SIGN_MODE_DIRECT (to the nodes, or to an access service as `{txBytes}`): its titles ("Delegate"). */
  kind: z.string().optional(),
  problem: z.string().optional(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

/** `tx.*`: transfers through the selected network's Transaction Access Interface. */
export const txMethods = {
  list: method(
    z.strictObject({
      limit: z.number().int().min(1).max(1000).optional(),
      address: Bech32Address.optional(),
      status: TxStatus.optional(),
      cursor: z.string().max(512).optional(),
    }),
    TxList,
  ),
  get: method(z.strictObject({ id: Hash32Hex }), Tx),
  /** The exact sign doc main would sign for this transfer, for the user to review. */
  signDoc: method(TransferArgs.extend({ nonce: DecString.optional() }), SignDocAnswer),
  /**
   * Signs and submits. `requestId` makes it idempotent: the same id never sends a second
   * transfer (double click, retry, restart); `nonce` pins the sign doc the user reviewed.
   */
  submit: method(TransferArgs.extend({ requestId: z.uuid().optional(), nonce: DecString.optional() }), Tx),
  cancel: method(z.strictObject({ id: Hash32Hex }), Tx),
  info: method(NoArgs, AccessInfo),
  /** Writes the filtered list as CSV: a save dialog in the app; the text itself where there is none (browser mode). */
  exportCsv: method(
    z.strictObject({ address: Bech32Address.optional(), status: TxStatus.optional(), rows: z.number().int().min(1).max(100_000) }),
    z.object({ saved: z.boolean(), rows: z.number().int(), path: z.string().optional(), csv: z.string().optional(), filename: z.string() }),
  ),
  /** Sends this app has signed that the service has not yet confirmed (the outbox). */
  outbox: method(NoArgs, z.object({ entries: z.array(OutboxEntry) })),
  account: method(z.strictObject({ address: Bech32Address }), AccountState),
  /**
   * Exactly what main would sign for these messages (chain id, account number, sequence, fee,
   * gas, memo, timeout height, sign mode), read from the chain now: the review screen's content.
   */
  prepare: method(PrepareArgs, PreparedTx),
  /**
   * Signs in main (SIGN_MODE_DIRECT) and broadcasts to the network's nodes, or, on a network with
   * an access service, submits the signed bytes to it (`{txBytes}`: held, cancellable, followed
   * like a transfer). Pass back the
   * reviewed `fee`, `gas`, `timeoutHeight` and `sequence`: main refuses when the account moved
   * on meanwhile, so what is signed is what was reviewed. `requestId` makes it idempotent.
   */
  sendMessages: method(PrepareArgs.extend({ requestId: z.uuid().optional(), sequence: DecString.optional() }), Tx),
  /**
   * What to prepare again for a send this app signed that a node refused for its fee: its
   * messages as `tx.prepare` takes them (read from the signed bytes), its memo, and the gas price
   * the node asks for now. Refused in words for any other send.
   */
  repriceRequest: method(z.strictObject({ id: Hash32Hex }), z.object({ messages: z.array(ActionMessage).min(1).max(16), memo: Memo, gasPrice: GasPrice })),
  /** What an address can spend now, read from the chain at the call; main checks the same before signing. */
  funds: method(z.strictObject({ address: Bech32Address }), Funds),
};

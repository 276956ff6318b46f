import { fromBase64, toHex } from "@cosmjs/encoding";
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { DecCoin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { decFromAtomics, decToAtomics } from "../../../../shared/cosmos/dec.js";

/**
 * A chain's live gas price, where a fee market module answers over `abci_query`:
 * - Skip's x/feemarket (the Cosmos Hub): `/feemarket.feemarket.v1.Query/GasPrice` with a denom,
 *   answering a DecCoin (skip-mev/feemarket proto/feemarket/feemarket/v1/query.proto,
 *   GasPriceRequest{denom=1}, GasPriceResponse{price=1 DecCoin});
 * - Osmosis' EIP-1559 base fee: `/osmosis.txfees.v1beta1.Query/GetEipBaseFee`, answering a
 *   LegacyDec in the chain's base denom (osmosis proto/osmosis/txfees/v1beta1/query.proto,
 *   QueryEipBaseFeeResponse{base_fee=1});
 * - cosmos-evm's fee market: `/cosmos.evm.feemarket.v1.Query/BaseFee`, answering the base fee per
 *   gas in the EVM coin denom as a LegacyDec (cosmos/evm proto/cosmos/evm/feemarket/v1/query.proto
 *   at 262f7d4a, QueryBaseFeeResponse{base_fee=1}; ante/evm/fee_checker.go holds a Cosmos
 *   transaction's fee / gas to it). Older forks sent a math.Int there, which is not read.
 */
export type FeeMarketSource = "feemarket" | "osmosis-eip" | "evm-feemarket";

export interface LiveGasPrice {
  readonly source: FeeMarketSource;
  /** Per gas unit, as a decimal ("0.0123"). */
  readonly price: string;
  readonly denom: string;
}

/** How much above the live price each tier bids, so a price that rises a little before inclusion still gets in. */
export const LIVE_HEADROOM = { low: 1.0, average: 1.2, high: 1.5 } as const;

type AbciQuery = (q: { path: string; data?: string }) => Promise<{ code: number; value: string }>;

const PATHS = {
  feemarket: "/feemarket.feemarket.v1.Query/GasPrice",
  "osmosis-eip": "/osmosis.txfees.v1beta1.Query/GetEipBaseFee",
  "evm-feemarket": "/cosmos.evm.feemarket.v1.Query/BaseFee",
} as const satisfies Record<FeeMarketSource, string>;

/** Field 1 of a message as a string, or undefined when absent: the three answers all put their figure there. */
function stringField1(bytes: Uint8Array): string | undefined {
  const reader = new BinaryReader(bytes);
  let found: string | undefined;
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 1 && (tag & 7) === 2) found = reader.string();
    else reader.skipType(tag & 7);
  }
  return found;
}

/** Decodes one source's answer (base64 protobuf) into a price per gas in `denom`; undefined when it holds none. */
export function decodeLivePrice(source: FeeMarketSource, value: string, denom: string): LiveGasPrice | undefined {
  const bytes = fromBase64(value);
  if (source === "feemarket") {
    const reader = new BinaryReader(bytes);
    let coin: DecCoin | undefined;
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag >>> 3 === 1 && (tag & 7) === 2) coin = DecCoin.decode(reader, reader.uint32());
      else reader.skipType(tag & 7);
    }
    // A DecCoin's amount is a LegacyDec: on the wire, the decimal scaled by 10^18.
    if (!coin || !coin.denom || !/^\d{1,60}$/.test(coin.amount)) return undefined;
    return positive({ source, price: decFromAtomics(coin.amount), denom: coin.denom });
  }
  const figure = stringField1(bytes);
  if (!figure || !/^\d{1,60}$/.test(figure)) return undefined;
  // Both are LegacyDecs: the price per gas × 10^18.
  return positive({ source, price: decFromAtomics(figure), denom });
}

const positive = (p: LiveGasPrice) => (/^0(\.0*)?$/.test(p.price) ? undefined : p);

/**
 * The live gas price in `denom` from whichever fee market the chain runs, or undefined when none
 * answers (a chain without one refuses the paths as unknown). A query that fails is no answer.
 */
export async function readLiveGasPrice(abciQuery: AbciQuery, denom: string): Promise<LiveGasPrice | undefined> {
  const request = toHex(new BinaryWriter().uint32(10).string(denom).finish());
  const sources = Object.keys(PATHS) as FeeMarketSource[];
  const answers = await Promise.all(
    sources.map(async (source) => {
      const answer = await abciQuery({ path: PATHS[source], data: source === "feemarket" ? request : "" }).catch(() => undefined);
      if (!answer || answer.code !== 0 || !answer.value) return undefined;
      try {
        return decodeLivePrice(source, answer.value, denom);
      } catch {
        return undefined; // bytes that are not the module's answer
      }
    }),
  );
  return answers.find((a) => a !== undefined && a.denom === denom);
}

/** The price a tier bids: the live price times its headroom, at most 18 decimals. */
export function tierPrice(live: string, tier: keyof typeof LIVE_HEADROOM): string {
  return decFromAtomics(((decToAtomics(live) * BigInt(Math.round(LIVE_HEADROOM[tier] * 10))) / 10n).toString());
}

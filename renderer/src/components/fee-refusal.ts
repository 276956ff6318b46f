import type { PreparedTx } from "../../../shared/contract/tx.js";

const SOURCES: Record<NonNullable<PreparedTx["feeMarket"]>["source"], string> = {
  feemarket: "the chain's fee market (x/feemarket)",
  "osmosis-eip": "the chain's EIP-1559 base fee",
  "evm-feemarket": "the chain's EVM base fee",
};

/**
 * The gas price to prepare again at, when the failure is a fee the chain refused as too low
 * (main's `insufficient_fee`, which names the price now); undefined for any other failure.
 */
export function repriceOffer(failure: unknown): string | undefined {
  if (typeof failure !== "object" || failure === null) return undefined;
  const { code, gasPriceNow } = failure as { code?: unknown; gasPriceNow?: unknown };
  return code === "insufficient_fee" && typeof gasPriceNow === "string" && gasPriceNow.length > 0 ? gasPriceNow : undefined;
}

/** How the review words the gas price: the tier's, or the live price and the headroom bid above it. */
export function gasPriceWords(p: Pick<PreparedTx, "gasPrice" | "feeMarket" | "feeTier">): string | undefined {
  if (p.gasPrice === undefined) return undefined;
  if (p.feeMarket) {
    return `Gas price ${p.gasPrice}: the live ${p.feeMarket.livePrice} from ${SOURCES[p.feeMarket.source]} × ${p.feeMarket.headroom.toFixed(1)} headroom; read again before signing`;
  }
  return p.feeTier ? `Gas price ${p.gasPrice}` : `Gas price ${p.gasPrice}, as the node asked`;
}

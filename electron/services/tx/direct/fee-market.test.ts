import { describe, expect, it } from "vitest";
import { decodeLivePrice, readLiveGasPrice, tierPrice } from "./fee-market.js";
import { priceNowFromRefusal } from "./insufficient-fee.js";

/*
 * Answers in the shape each module sends over abci_query (the `value` of the answer, base64
 * protobuf), written byte by byte from the message definitions:
 * - skip-mev/feemarket proto/feemarket/feemarket/v1/query.proto (at e8c942d):
 *   GasPriceResponse { cosmos.base.v1beta1.DecCoin price = 1 }, DecCoin { string denom = 1;
 *   string amount = 2 (LegacyDec: the decimal × 10^18 as an integer string) }
 *   0a 19 | 0a 05 "uatom" | 12 10 "5000000000000000"  → 0.005uatom
 * - osmosis-labs/osmosis proto/osmosis/txfees/v1beta1/query.proto (at 9829d39c16):
 *   QueryEipBaseFeeResponse { string base_fee = 1 (LegacyDec) }
 *   0a 10 "2500000000000000"  → 0.0025 (in the chain's base denom, uosmo)
 * - cosmos/evm proto/cosmos/evm/feemarket/v1/query.proto (at 262f7d4a):
 *   QueryBaseFeeResponse { string base_fee = 1 (LegacyDec, per gas in the EVM coin denom) }
 *   0a 1c "1000000000000000000000000000"  → 1000000000aevmos (1 gwei)
 * A chain without the module answers the path with code 6, "unknown query path" (the SDK's
 * baseapp/abci.go handleQueryGRPC → sdkerrors.ErrUnknownRequest).
 */
const FEEMARKET = "ChkKBXVhdG9tEhA1MDAwMDAwMDAwMDAwMDAw";
const OSMOSIS = "ChAyNTAwMDAwMDAwMDAwMDAw";
const EVM = "ChwxMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAw";
const unknown = { code: 6, value: "" };

describe("a fee market's live gas price", () => {
  it("decodes each module's answer", () => {
    expect(decodeLivePrice("feemarket", FEEMARKET, "uatom")).toEqual({ source: "feemarket", price: "0.005", denom: "uatom" });
    expect(decodeLivePrice("osmosis-eip", OSMOSIS, "uosmo")).toEqual({ source: "osmosis-eip", price: "0.0025", denom: "uosmo" });
    expect(decodeLivePrice("evm-feemarket", EVM, "aevmos")).toEqual({ source: "evm-feemarket", price: "1000000000", denom: "aevmos" });
  });

  it("asks x/feemarket for the fee denom and takes whichever module answers", async () => {
    const asked: Array<{ path: string; data?: string }> = [];
    const onHub = async (q: { path: string; data?: string }) => (asked.push(q), q.path === "/feemarket.feemarket.v1.Query/GasPrice" ? { code: 0, value: FEEMARKET } : unknown);
    expect(await readLiveGasPrice(onHub, "uatom")).toEqual({ source: "feemarket", price: "0.005", denom: "uatom" });
    // GasPriceRequest { string denom = 1 }: 0a 05 "uatom"
    expect(asked.find((q) => q.path.startsWith("/feemarket"))?.data).toBe("0a057561746f6d");
    const onOsmosis = async (q: { path: string }) => (q.path === "/osmosis.txfees.v1beta1.Query/GetEipBaseFee" ? { code: 0, value: OSMOSIS } : unknown);
    expect(await readLiveGasPrice(onOsmosis, "uosmo")).toMatchObject({ source: "osmosis-eip", price: "0.0025" });
  });

  it("gives none where no module answers, the answer is not the module's, or names another denom", async () => {
    expect(await readLiveGasPrice(async () => unknown, "ucomet")).toBeUndefined();
    expect(await readLiveGasPrice(async () => ({ code: 0, value: "////" }), "ucomet")).toBeUndefined();
    expect(await readLiveGasPrice(async (q) => (q.path.startsWith("/feemarket") ? { code: 0, value: FEEMARKET } : unknown), "ustake")).toBeUndefined();
    expect(await readLiveGasPrice(async () => Promise.reject(new Error("node down")), "ucomet")).toBeUndefined();
  });

  it("bids each tier above the live price by its headroom: ×1.0, ×1.2, ×1.5", () => {
    expect(["low", "average", "high"].map((t) => tierPrice("0.005", t as "low"))).toEqual(["0.005", "0.006", "0.0075"]);
  });
});

describe("the gas price a refusal for an insufficient fee names", () => {
  it("reads the SDK's words: the shortest price whose fee for the transaction's gas is the required one", () => {
    // cosmos-sdk v0.50 x/auth/ante/validator_tx_fee.go: required = ceil(min gas price × gas limit)
    expect(priceNowFromRefusal("insufficient fees; got: 1000ucomet required: 10000ucomet: insufficient fee", 200_000n)).toBe("0.05ucomet");
    expect(priceNowFromRefusal("insufficient fees; got: 1000ucomet required: 10001ucomet: insufficient fee", 200_001n)).toBe("0.05ucomet");
    expect(priceNowFromRefusal("insufficient fees; got: 1ucomet required: 10ucomet: insufficient fee", 3n)).toBe("3.1ucomet"); // ceil(3.1 × 3) = 10; 3 would make 9
    expect(priceNowFromRefusal("insufficient fees; got: 1ucomet required: 7ucomet: insufficient fee", 1_000_000n)).toBe("0.000007ucomet");
  });
  it("reads cosmos-evm's words, which name the base fee itself", () => {
    // cosmos/evm ante/evm/fee_checker.go (at 262f7d4a, FeeChecker)
    expect(priceNowFromRefusal("gas prices too low, got: 0.500000000000000000aevmos required: 1000000000.000000000000000000aevmos. Please retry using a higher gas price or a higher fee: insufficient fee", 21_000n)).toBe("1000000000aevmos");
  });
  it("reads x/feemarket's words, which name the price", () => {
    // skip-mev/feemarket x/feemarket/ante/fee.go (at e8c942d, CheckTxFee)
    expect(priceNowFromRefusal("got: 1uatom required: 50uatom, minGasPrice: 0.005000000000000000uatom, gas: 10000: insufficient fee", 10_000n)).toBe("0.005uatom");
  });
  it("names none when the words carry no figure", () => {
    expect(priceNowFromRefusal("fee is too low", 10_000n)).toBeUndefined();
  });
});

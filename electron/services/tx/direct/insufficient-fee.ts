import { decFromAtomics } from "../../../../shared/cosmos/dec.js";

/** The SDK's ErrInsufficientFee (types/errors/errors.go: code 13 in the "sdk" codespace). */
export const INSUFFICIENT_FEE = 13;

/**
 * The gas price a node asks for now, read from its refusal of a fee, given the refused
 * transaction's gas limit. Two wordings carry it:
 * - the SDK's mempool check (x/auth/ante/validator_tx_fee.go): "insufficient fees; got: 100ucomet
 *   required: 2000ucomet: insufficient fee", the required fee being ceil(min gas price × gas limit);
 * - Skip's x/feemarket (x/feemarket/ante/fee.go): "got: 1uatom required: 50uatom, minGasPrice:
 *   0.005000000000000000uatom, gas: 10000: insufficient fee", which names the price itself;
 * - cosmos-evm's fee checker (ante/evm/fee_checker.go): "gas prices too low, got: 0.5aatom
 *   required: 1000000000.000000000000000000aatom. Please retry …", the base fee per gas.
 * Undefined when the words name neither. (A denom with a colon is not read: the words put one after the coin.)
 */
export function priceNowFromRefusal(log: string, gasLimit: bigint): string | undefined {
  const named = /(?:minGasPrices?: |gas prices too low, got: \S+ required: )(\d{1,40}(?:\.\d{1,18})?)([a-zA-Z][a-zA-Z0-9/_-]{1,127})/.exec(log);
  if (named) return `${named[1]!.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "")}${named[2]}`;
  const required = /required: (\d{1,40})([a-zA-Z][a-zA-Z0-9/._-]{1,127})/.exec(log);
  if (!required || gasLimit <= 0n) return undefined;
  // The node's price p makes ceil(p × gas) = required, so p lies in ((required − 1) / gas, required / gas]:
  // the shortest decimal in that range is the price it was set to (0.05, not 0.0500014…).
  const fee = BigInt(required[1]!);
  for (let digits = 0; digits <= 18; digits++) {
    const unit = 10n ** BigInt(digits);
    const atoms = ((fee - 1n) * unit) / gasLimit + 1n;
    if (atoms * gasLimit <= fee * unit) return `${decFromAtomics((atoms * 10n ** BigInt(18 - digits)).toString())}${required[2]}`;
  }
  return undefined;
}

/**
 * Which Ledger app signs for a network, and where on it an account's key lives. Plain code: the
 * renderer's review reads the app's name to say what the device will show.
 */

/** A Ledger app the wallet signs with: its name as the device reports it, and the oldest version that signs amino JSON as the app expects. */
export interface LedgerApp {
  readonly name: string;
  readonly minVersion: string;
}

/**
 * The Ledger apps by SLIP-44 coin type. The Cosmos app (Zondax) signs for coin type 118; chains
 * with a coin type of their own ship a variant of it under their name, with the same protocol
 * (Crypto.org's is named `Crypto`, as the device reports it in the recordings docs/ledger.md
 * describes). 1.5.3 is the Cosmos app version from which it signs amino JSON
 * with any HRP (the floor `@cosmjs/ledger-amino` asks for).
 */
export const LEDGER_APPS: Readonly<Record<number, LedgerApp>> = {
  118: { name: "Cosmos", minVersion: "1.5.3" },
  394: { name: "Crypto", minVersion: "1.5.3" },
};

/** The Ledger app for a coin type, or undefined when no Ledger app is known to sign for it. */
export function ledgerAppFor(coinType: number): LedgerApp | undefined {
  return Object.hasOwn(LEDGER_APPS, coinType) ? LEDGER_APPS[coinType] : undefined;
}

/** The highest account index the form offers (BIP32 non-hardened indexes go to 2^31 - 1; nobody needs that many). */
export const MAX_LEDGER_INDEX = 999;

/** The HD path of a Ledger account: m/44'/<coin type>'/0'/0/<index>, as the Cosmos app derives it. */
export function ledgerPath(coinType: number, index: number): string {
  if (!Number.isSafeInteger(coinType) || coinType < 0 || coinType >= 2 ** 31) throw new RangeError(`coin type ${coinType} is not a BIP44 coin type`);
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_LEDGER_INDEX) throw new RangeError(`account index ${index} is not between 0 and ${MAX_LEDGER_INDEX}`);
  return `m/44'/${coinType}'/0'/0/${index}`;
}

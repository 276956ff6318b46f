import type { KeyNotice } from "../../../shared/contract/wallet.js";

/**
 * The notice's words: the chain's coin type (and, for ethsecp256k1, its Ethereum-style keys), and
 * the address the wallet's first account has there, so the user knows why it is not the one shown
 * on another network for the same recovery phrase.
 */
export function keyNoticeText(notice: KeyNotice): string {
  const keys = notice.keyAlgo === "ethsecp256k1" ? ` and Ethereum-style keys (ethsecp256k1, Keccak-256 addresses)` : "";
  return `This chain uses coin type ${notice.coinType}${keys}: your address here is ${notice.address} (path ${notice.path}), not the one your accounts have on chains at coin type 118.`;
}

/**
 * The network whose key notice the Networks page shows after the add form's success: the one just
 * added, unless it is the selected one, whose notice the shell shows already (said once, not twice).
 */
export function addedKeyNotice(added: { readonly id: string } | undefined, selectedId: string | undefined): string | undefined {
  return added && added.id !== selectedId ? added.id : undefined;
}

import { ChainText } from "../../components/text/ChainText.js";
import type { MonikerMap } from "../validators/use-monikers.js";
import { Hash } from "../../links/links.js";

/**
 * A validator as the chain names it: its moniker (hostile text, shown through ChainText) beside
 * its address, or the address alone when no moniker is known.
 */
export function ValidatorName({ address, monikers }: { address: string; monikers: MonikerMap }) {
  const moniker = address ? monikers.get(address.toUpperCase())?.moniker : undefined;
  return (
    <span className="validator-name">
      {moniker !== undefined && <span data-testid="validator-moniker"><ChainText value={moniker} max={96} /></span>}
      <Hash value={address} />
    </span>
  );
}

import { arrayContentEquals as equals } from "@cosmjs/utils";
import { NotFoundError } from "../app-error.js";
import { type KeptExport, MAX_KEPT_EXPORTS } from "./export-store.js";
import { txFromSdkJson } from "./protojson.js";
import { parseTxFile } from "./tx-file.js";

/**
 * The kept export a signed file answers, when the caller names none (the app was restarted
 * since the export): the newest whose transaction body (messages, memo, timeout height) is the
 * file's, on the selected network if one is there. Only the body is matched here; the full check
 * (fee, sequence, signer, signatures) is `checkSignedFile`'s, which refuses the rest in words.
 */
export function exportAnswering(kept: readonly KeptExport[], text: string, selectedNetworkId: string): KeptExport {
  const { bodyBytes } = txFromSdkJson(parseTxFile(text));
  const same = kept.filter((e) => equals(e.prepared.bodyBytes, bodyBytes)).reverse();
  const found = same.find((e) => e.networkId === selectedNetworkId) ?? same[0];
  if (!found) {
    throw new NotFoundError(`this file answers none of the ${kept.length} exports kept here: it is another transaction, or its export was forgotten or pushed out by newer ones (the ${MAX_KEPT_EXPORTS} newest are kept). Export the transaction again`);
  }
  return found;
}

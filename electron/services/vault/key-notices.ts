import { join } from "node:path";
import { z } from "zod";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { Network } from "../../../shared/contract/network.js";
import { derivationCoinType, isDefaultKey } from "../../../shared/network/key-facts.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";
import type { Vault } from "./vault.js";

const NoticesFile = z.object({ version: z.literal(1), dismissed: z.array(z.string().max(64)).max(10_000) });

/** Which networks' key notices the user dismissed (key-notices.json): each is said once. */
export function openKeyNotices(dataDir: string, problems?: ProblemLog) {
  const path = join(dataDir, "key-notices.json");
  const read = readJsonFile(path, NoticesFile);
  // A damaged file is kept aside; the notices show again, which costs the user one more click.
  if (read.status === "corrupt") problems?.add({ file: path, keptAs: read.keptAs, reason: read.reason });
  const dismissed = new Set(read.status === "ok" ? read.value.dismissed : []);
  return {
    dismissed: (networkId: string) => dismissed.has(networkId),
    dismiss(networkId: string): void {
      if (dismissed.has(networkId)) return;
      writeFileAtomic(path, JSON.stringify({ version: 1, dismissed: [...dismissed, networkId] }));
      dismissed.add(networkId);
    },
  };
}
export type KeyNotices = ReturnType<typeof openKeyNotices>;

/**
 * `wallet.keyNotice` and `wallet.dismissKeyNotice`: a network whose keys are not the m/44'/118'/…
 * secp256k1 ones says so once, with the address the wallet's first account has there.
 */
export function registerKeyNoticeHandlers(deps: { vault: Pick<Vault, "signerFor">; network: (id: string) => Network; notices: KeyNotices }): Pick<NamespaceHandlers<"wallet">, "keyNotice" | "dismissKeyNotice"> {
  return {
    keyNotice: ({ networkId }) => {
      const network = deps.network(networkId);
      if (isDefaultKey(network) || deps.notices.dismissed(networkId)) return { notice: null };
      const signer = deps.vault.signerFor(network);
      const first = signer.accounts()[0];
      if (!first) return { notice: null }; // no wallet, or locked: nothing to show yet
      return { notice: { networkId, coinType: derivationCoinType(network), keyAlgo: signer.kind.algo, path: signer.kind.path(first.index), address: first.address } };
    },
    dismissKeyNotice: ({ networkId }) => {
      deps.network(networkId); // an unknown id is refused, not remembered
      deps.notices.dismiss(networkId);
      return { dismissed: true };
    },
  };
}

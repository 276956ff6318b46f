import { describe, expect, it } from "vitest";
import type { Network } from "../../../shared/contract/network.js";
import type { Tx } from "../../../shared/contract/tx.js";
import { createTxNotifier } from "./tx-notifier.js";

const network: Network = {
  id: "devnet", name: "Local devnet", chainId: "c", accessUrl: null, rpcUrls: [], bech32Prefix: "cosmos",
  denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }], defaultDenom: "ucomet", rpcVia: "direct", source: "devnet",
};
const tx = (patch: Partial<Tx>): Tx => ({ txHash: "A".repeat(64), from: "cosmos1from", to: "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3", amount: "1500000ucomet", status: "committed", ...patch });

describe("transfer notifications", () => {
  it("say when a transfer commits or fails, in display units, and stay quiet otherwise", () => {
    const shown: Array<[string, string]> = [];
    const onFinal = createTxNotifier({ notify: (t, b) => void shown.push([t, b]) }, () => network);
    onFinal("devnet", tx({ height: "42" }));
    onFinal("devnet", tx({ status: "failed", code: 5, log: "insufficient funds" }));
    onFinal("devnet", tx({ status: "cancelled" }));
    expect(shown).toEqual([
      ["Transfer committed", expect.stringMatching(/^1\.5 COMET to cosmos14wjvz.*block 42/)],
      ["Transfer failed", expect.stringContaining("insufficient funds")],
    ]);
  });
});

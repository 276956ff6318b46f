import { serializeSignDoc } from "@cosmjs/amino";
import { Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { describe, expect, it } from "vitest";
import { aminoSignDoc } from "../../../shared/cosmos/amino-sign-doc.js";
import { createLedgerDevice, type LedgerProgress } from "./ledger-device.js";
import { openUsbLedger } from "./ledger-usb.js";
import { REAL_LEDGER } from "./test/real-device.js";

// The same flow as the replayed transcripts, against a Ledger on USB: read the key, show the
// address (approve it on the device), sign a MsgSend to itself (approve it). Nothing is broadcast.
describe.skipIf(!REAL_LEDGER)("a real Ledger on USB (COMETDESK_LEDGER_DEVICE=1; skipped otherwise: no device here)", () => {
  const network = { coinType: 118, prefix: "cosmos" };

  it("reads, shows and signs with the Cosmos app, and the signature verifies against the device's key", { timeout: 180_000 }, async () => {
    const progress: LedgerProgress[] = [];
    const device = createLedgerDevice({ openTransport: openUsbLedger, onProgress: (p) => progress.push(p) });
    try {
      const [account] = await device.accounts(network, [0]);
      expect(account!.address).toMatch(/^cosmos1/);
      const shown = await device.showAddress(network, 0);
      expect(shown.address).toBe(account!.address);
      const doc = aminoSignDoc({
        messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: account!.address, toAddress: account!.address, amount: [{ denom: "ucomet", amount: "1" }] } }],
        fee: { amount: [{ denom: "ucomet", amount: "5000" }], gas: "200000" },
        memo: "cometdesk device test",
        chainId: "cometdesk-devnet",
        accountNumber: "0",
        sequence: "0",
      });
      const { signature, pubkey } = await device.signAmino(network, [0], account!.address, doc);
      expect(await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), sha256(serializeSignDoc(doc)), pubkey)).toBe(true);
      expect(progress.filter((p) => p.stage === "confirm").map((p) => p.operation)).toEqual(["show", "sign"]);
    } finally {
      await device.close();
    }
  });
});


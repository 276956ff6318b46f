import { serializeSignDoc } from "@cosmjs/amino";
import { describe, expect, it } from "vitest";
import { jsonTokenCount, ledgerSignDocProblem, sortedJson, withdrawSignDocJson } from "../../../shared/wallet/ledger-limits.js";
import { loadTranscripts, NO_TRANSCRIPTS, TRANSCRIPTS_DIR } from "./test/transcripts.js";

// The limits checked against what the device did: every sign doc it signed passes them, both it
// refused fail them for the reason it gave, and the withdraw estimate is never below the real doc.
const transcripts = [...loadTranscripts().values()].filter((t) => t.signDoc);

describe.skipIf(!TRANSCRIPTS_DIR)(TRANSCRIPTS_DIR ? "the Ledger limits against the recorded device answers" : `the Ledger limits: ${NO_TRANSCRIPTS}`, () => {
  it("take every sign doc the device signed or that the user rejected", () => {
    const taken = transcripts.filter((t) => !t.refused || t.refused.statusWord === "0x6986");
    expect(taken.length).toBe(16);
    for (const t of taken) expect(ledgerSignDocProblem(t.signDoc!.json), t.case).toBeUndefined();
  });

  it("refuse the two the device refused, each for the device's reason", () => {
    const byCase = new Map(transcripts.map((t) => [t.case, t]));
    const tooMany = byCase.get("15a-too-many-messages-json-tokens")!;
    const tooLarge = byCase.get("15b-too-large-buffer")!;
    expect([tooMany.refused!.statusWord, tooLarge.refused!.statusWord]).toEqual(["0x6984", "0x6983"]);
    expect(ledgerSignDocProblem(tooMany.signDoc!.json)).toBe("too_many_messages");
    expect(ledgerSignDocProblem(tooLarge.signDoc!.json)).toBe("too_large");
  });

  it("estimate a withdrawal's sign doc at or above the one the device signed", () => {
    const t = transcripts.find((x) => x.case === "06-msg-withdraw-delegation-reward-x2")!;
    expect(sortedJson(t.signDoc!.object)).toBe(t.signDoc!.json);
    expect(new TextDecoder().decode(serializeSignDoc(t.signDoc!.object))).toBe(t.signDoc!.json);
    const validators = t.signDoc!.object.msgs.map((m) => String(m.value.validator_address));
    const estimate = withdrawSignDocJson(t.address, validators, t.signDoc!.object.chain_id, "ucomet");
    expect(estimate.length).toBeGreaterThanOrEqual(t.signDoc!.byteLength);
    expect(jsonTokenCount(estimate)).toBeGreaterThanOrEqual(jsonTokenCount(t.signDoc!.json));
  });
});

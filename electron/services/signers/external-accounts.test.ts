import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createProblemLog } from "../storage/problems.js";
import { openExternalAccounts } from "./external-accounts.js";

const dir = () => mkdtempSync(join(tmpdir(), "cometdesk-external-"));
const ledger = { kind: "ledger" as const, networkId: "devnet", address: "cosmos1ledger", label: "Operator", pubKey: "A".repeat(44), ledger: { hdPath: "m/44'/118'/0'/0/0", coinType: 118 } };

describe("the accounts kept outside the vault", () => {
  it("are on disk after each change, with their kind-specific data, and read back at the next start", () => {
    const data = dir();
    const store = openExternalAccounts(data);
    store.add(ledger);
    store.add({ kind: "multisig", networkId: "devnet", address: "cosmos1multi", label: "Treasury", pubKey: "", multisig: { threshold: 2, members: [{ pubKey: "B".repeat(44) }, { pubKey: "C".repeat(44) }, { pubKey: "D".repeat(44) }] } });
    store.add({ kind: "watch", networkId: "other", address: "cosmos1watch", label: "Watched", pubKey: "" });
    const again = openExternalAccounts(data);
    expect(again.onNetwork("devnet").map((a) => [a.kind, a.slot, a.label])).toEqual([["ledger", 0, "Operator"], ["multisig", 1, "Treasury"]]);
    expect(again.onNetwork("devnet")[0]!.ledger).toEqual({ hdPath: "m/44'/118'/0'/0/0", coinType: 118 });
    expect(again.onNetwork("devnet")[1]!.multisig!.threshold).toBe(2);
    expect(again.onNetwork("other")).toHaveLength(1);
    // Written through the temporary file and a rename: no temporary file is left beside it.
    expect(readdirSync(data)).toEqual(["external-accounts.json"]);
  });

  it("refuses the same address twice on one network, in words, and a slot is never given twice", () => {
    const store = openExternalAccounts(dir());
    store.add(ledger);
    expect(() => store.add({ ...ledger, label: "Again" })).toThrow(/already in the wallet on this network, as "Operator" \(ledger\)/);
    store.add({ ...ledger, address: "cosmos1second" });
    store.remove("devnet", "cosmos1ledger");
    expect(store.add({ ...ledger, address: "cosmos1third" }).slot).toBe(2);
  });

  it("keeps a file that does not parse aside, reports it, and starts empty", () => {
    const data = dir();
    writeFileSync(join(data, "external-accounts.json"), JSON.stringify({ version: 1, accounts: [{ kind: "ledger", address: 7 }] }));
    const problems = createProblemLog();
    const store = openExternalAccounts(data, problems);
    expect(store.list()).toEqual([]);
    const [problem] = problems.list();
    expect(problem).toMatchObject({ file: "external-accounts.json", reason: expect.stringMatching(/unexpected contents at accounts\.0/) });
    expect(existsSync(problem!.keptAs)).toBe(true);
    expect(readFileSync(problem!.keptAs, "utf8")).toContain("\"address\":7");
  });
});

import { describe, expect, it } from "vitest";
import { describeFindings, scanForSecrets, type Secret } from "./secret-scan.js";

const phrase = "voyage taxi dilemma float soda invest special ankle innocent bird roast enroll";
const token = "tok_3f9a0c7e1b2d4a5f";
const key = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
const secrets: Secret[] = [
  { label: "test token", kind: "token", value: token },
  { label: "test phrase", kind: "mnemonic", value: phrase },
  { label: "test key", kind: "private key", value: key },
];

describe("secret scan", () => {
  it("finds a planted token, phrase and key, naming where but never printing them", () => {
    const report = scanForSecrets([
      { where: "frame 1", text: JSON.stringify({ type: "event", payload: { note: `bearer ${token}` } }) },
      { where: "DOM", text: `<ol>${phrase.split(" ").map((w) => `<li>${w}</li>`).join("")}</ol>` },
      { where: "localStorage", text: JSON.stringify({ k: key.toUpperCase() }) },
      { where: "frame 2", text: JSON.stringify({ k: Buffer.from(key, "hex").toString("base64") }) },
    ], secrets);
    expect(report.findings).toEqual([
      { label: "test token", where: "frame 1" },
      { label: "test phrase", where: "DOM" },
      { label: "test key", where: "localStorage" },
      { label: "test key", where: "frame 2" },
    ]);
    const message = describeFindings(report.findings);
    expect(message).toContain("test phrase found in DOM");
    for (const s of secrets) expect(message).not.toContain(s.value);
    expect(report.bytes).toBeGreaterThan(0);
  });

  it("catches part of a phrase (five words in a row), not single words of it", () => {
    const part = phrase.split(" ").slice(3, 8).join("\n");
    expect(scanForSecrets([{ where: "a", text: part }], secrets).findings).toHaveLength(1);
    expect(scanForSecrets([{ where: "b", text: "voyage taxi dilemma float, and then soda" }], secrets).findings).toEqual([]);
  });

  it("allows a phrase only where the material says so, and a token never by a phrase allowance", () => {
    const answer = JSON.stringify({ type: "result", result: { ok: true, value: { mnemonic: phrase, note: token } } });
    expect(scanForSecrets([{ where: "answer to wallet.reveal", text: answer, allowed: ["mnemonic"] }], secrets).findings).toEqual([{ label: "test token", where: "answer to wallet.reveal" }]);
    expect(scanForSecrets([{ where: "answer to chain.status", text: answer }], secrets).findings.map((f) => f.label)).toEqual(["test token", "test phrase"]);
  });

  it("allows a bridge secret nowhere, a URL included, whatever a material allows", () => {
    const bridge: Secret = { label: "the bridge's secret", kind: "bridge secret", value: "b".repeat(64) };
    const report = scanForSecrets([
      { where: "page 1, the URL it navigated to (#1)", text: `http://127.0.0.1:5173/index.html?bridge=ws%3A%2F%2F127.0.0.1%3A7%2F&secret=${"b".repeat(64)}` },
      { where: "page 1, frame sent #1 (call wallet.import)", text: `{"note":"${"b".repeat(64)}"}`, allowed: ["mnemonic", "token"] },
      { where: "page 1, the WebSocket URL #1", text: "ws://127.0.0.1:7/" },
    ], [bridge]);
    expect(report.findings.map((f) => f.where)).toEqual(["page 1, the URL it navigated to (#1)", "page 1, frame sent #1 (call wallet.import)"]);
  });
});

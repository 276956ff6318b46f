import { expect, it } from "vitest";
import { recordedMaterial } from "../support/bridge-recorder.js";
import { type RunSecretSources, runSecrets } from "../support/run-secrets.js";
import { describeFindings, scanForSecrets } from "../support/secret-scan.js";

/**
 * The suite's last test: every bridge frame its pages sent or received, every URL they loaded,
 * navigated to or opened a WebSocket on, and each open page's DOM and storage hold no access
 * token, recovery phrase, private key or bridge secret (a page gets a one-time ticket in its
 * link, never the bridge's secret), except a phrase in
 * the answer of `wallet.create` / `wallet.reveal` and what the user typed into
 * `wallet.import` / `network.setToken`.
 */
export function secretScanSpec(sources: () => RunSecretSources): void {
  it("no token, recovery phrase, private key or bridge secret in any bridge frame, URL, the DOM or storage of this suite", async () => {
    const secrets = await runSecrets(sources());
    expect(secrets.some((s) => s.kind === "token"), "the run has an access token to look for").toBe(true);
    expect(secrets.some((s) => s.kind === "bridge secret"), "the run has a bridge secret to look for").toBe(true);
    const { materials, frames, snapshots, unreadable } = await recordedMaterial();
    const report = scanForSecrets(materials, secrets);
    // The same scan without the by-design allowances: where a secret legitimately crossed, which
    // shows the recorder saw it and the scan would have flagged it anywhere else.
    const byDesign = scanForSecrets(materials.filter((m) => m.allowed).map(({ where, text }) => ({ where, text })), secrets).findings;
    console.log(`secret scan: ${secrets.length} secrets in ${frames} bridge frames and ${snapshots} page snapshots, ${report.bytes} bytes; allowed by design: ${describeFindings(byDesign).replaceAll("\n", "; ") || "none"}`);
    expect(frames, "the recorder saw the suite's bridge traffic").toBeGreaterThan(0);
    // A page that did not answer could not be read, so its DOM and storage were not scanned.
    expect(unreadable, "pages whose DOM and storage could not be read").toEqual([]);
    expect(materials.some((m) => m.where.includes("answer to chain.")), "the recorder saw the services' answers").toBe(true);
    expect(materials.some((m) => m.where.includes("WebSocket URL")) && materials.some((m) => m.where.includes("navigated to")), "the recorder saw the pages' URLs").toBe(true);
    expect(report.findings, describeFindings(report.findings)).toEqual([]);
    // The scan reads every frame of the suite for every secret (tens of megabytes): its time grows
    // with the suite and the machine's load, and it is not what this test is about.
  }, 300_000);
}

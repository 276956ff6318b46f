import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createProblemLog } from "../../../storage/problems.js";
import { createMemoryTokenStore } from "../tokens/token-store.js";
import { openWatchConnections } from "./watch-connections.js";

const record = { url: "http://127.0.0.1:7000", serviceNetworkId: "devnet", cursor: "abcdefgh.4", told: ["fired:a1"] };

describe("the remote watch connections", () => {
  it("survive a reopen, and hand the token out only for the origin it was given for", async () => {
    const dir = mkdtempSync(join(tmpdir(), "watch-connections-"));
    const tokens = createMemoryTokenStore();
    const first = openWatchConnections({ dataDir: dir, problems: createProblemLog(), tokens });
    await first.set("net-a", record, "the-token-0123456789");
    first.advance("net-a", "abcdefgh.9", ["fired:a1", "cleared:a1"]);
    const again = openWatchConnections({ dataDir: dir, problems: createProblemLog(), tokens });
    expect(again.get("net-a")).toEqual({ ...record, cursor: "abcdefgh.9", told: ["fired:a1", "cleared:a1"] });
    expect(await again.token("net-a", "http://127.0.0.1:7000/")).toBe("the-token-0123456789");
    // An edited file pointing the URL elsewhere gets no token.
    expect(await again.token("net-a", "http://127.0.0.1:7001")).toBeUndefined();
    await again.remove("net-a");
    expect(again.get("net-a")).toBeUndefined();
    expect(await tokens.has("watch-service:net-a")).toBe(false);
  });

  it("refuses to send a token in clear to another machine, and keeps a damaged file aside", async () => {
    const dir = mkdtempSync(join(tmpdir(), "watch-connections-"));
    const c = openWatchConnections({ dataDir: dir, problems: createProblemLog(), tokens: createMemoryTokenStore() });
    await expect(c.set("net-a", { ...record, url: "http://watch.example.org" }, "t")).rejects.toThrow(/unencrypted/);
    expect(c.get("net-a")).toBeUndefined();
    writeFileSync(join(dir, "watch-connections.json"), JSON.stringify({ version: 1, networks: { "net-a": { ...record, cursor: "../etc" } } }));
    const problems = createProblemLog();
    const reopened = openWatchConnections({ dataDir: dir, problems, tokens: createMemoryTokenStore() });
    expect(reopened.ids()).toEqual([]);
    expect(problems.list().map((p) => p.file)).toEqual(["watch-connections.json"]);
    expect(readdirSync(dir).some((f) => f.startsWith("watch-connections.json.") || f.includes("corrupt"))).toBe(true);
  });
});

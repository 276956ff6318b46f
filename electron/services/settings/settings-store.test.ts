import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../shared/contract/settings.js";
import { createProblemLog } from "../storage/problems.js";
import { openSettingsStore } from "./settings-store.js";

describe("settings", () => {
  it("start from the defaults, keep updates across restarts, and refuse invalid values", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-settings-"));
    const store = openSettingsStore(dir, createProblemLog());
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    store.update({ autoLockMinutes: 3, rpcMethod: "GET" });
    expect(openSettingsStore(dir, createProblemLog()).get()).toMatchObject({ autoLockMinutes: 3, rpcMethod: "GET" });
    expect(() => store.update({ pollIntervalMs: 1 })).toThrow();
  });

  it("report a corrupt file instead of silently resetting it", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-settings-"));
    writeFileSync(join(dir, "settings.json"), "not json");
    const problems = createProblemLog();
    expect(openSettingsStore(dir, problems).get()).toEqual(DEFAULT_SETTINGS);
    expect(problems.list()[0]).toMatchObject({ reason: "not valid JSON" });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode } from "@jridgewell/sourcemap-codec";
import { afterAll, describe, expect, it } from "vitest";
import { selfTimeByOwner, sourceMapLookup } from "./cpu-profile.js";

const dist = mkdtempSync(join(tmpdir(), "cpu-profile-"));
mkdirSync(join(dist, "assets"));
// One built line: columns 0-9 come from react-dom, 10 on from the renderer's explorer folder.
writeFileSync(
  join(dist, "assets", "app-x1.js.map"),
  JSON.stringify({ version: 3, sources: ["../../node_modules/react-dom/cjs/react-dom-client.production.js", "../../renderer/src/explorer/pages/Page.tsx"], mappings: encode([[[0, 0, 0, 0], [10, 1, 0, 0]]]) }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const frame = (functionName: string, url = "", lineNumber = 0, columnNumber = 0) => ({ functionName, url, lineNumber, columnNumber });
const app = "http://127.0.0.1:4173/assets/app-x1.js";

describe("sourceMapLookup", () => {
  it("finds a built position's source through the map beside the script", () => {
    const sourceOf = sourceMapLookup(dist);
    expect(sourceOf(app, 0, 3)).toContain("react-dom");
    expect(sourceOf(app, 0, 12)).toContain("renderer/src/explorer");
  });

  it("knows nothing of other scripts, missing maps, lines past the map, or paths outside the assets", () => {
    const sourceOf = sourceMapLookup(dist);
    expect(sourceOf(app, 5, 0)).toBeUndefined();
    expect(sourceOf("http://127.0.0.1:4173/assets/missing-x2.js", 0, 0)).toBeUndefined();
    expect(sourceOf("http://127.0.0.1:4173/assets/../../etc/passwd.js", 0, 0)).toBeUndefined();
    expect(sourceOf("not a url", 0, 0)).toBeUndefined();
  });
});

describe("selfTimeByOwner", () => {
  it("gives each sample the time until the next one, to its source's package or folder or to V8's own bucket", () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame("(root)") },
        { id: 2, callFrame: frame("(program)") },
        { id: 3, callFrame: frame("render", app, 0, 2) },
        { id: 4, callFrame: frame("Page", app, 0, 11) },
        { id: 5, callFrame: frame("injected", "http://127.0.0.1:4173/other.js") },
        { id: 6, callFrame: frame("appendChild") },
      ],
      samples: [2, 3, 3, 4, 5, 6, 2],
      timeDeltas: [0, 1000, 500, 2500, 4000, 100, 300],
    };
    const owners = selfTimeByOwner(profile, sourceMapLookup(dist));
    expect(Object.fromEntries(owners)).toEqual({ "(program)": 1, "react-dom": 3, "renderer/explorer": 4, "(other scripts)": 0.1, "(native)": 0.3 });
  });

  it("refuses a profile that is not one", () => {
    expect(() => selfTimeByOwner({ nodes: [{ id: "1" }] }, () => undefined)).toThrow();
    expect(() => selfTimeByOwner(null, () => undefined)).toThrow();
  });
});

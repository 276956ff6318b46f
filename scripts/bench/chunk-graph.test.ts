import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dynamicImports, loadUnits, staticImports, unitsLoading } from "./chunk-graph.js";

describe("staticImports and dynamicImports", () => {
  it("tells the imports a chunk loads with it from the ones it loads on demand, in Rollup's minified forms", () => {
    const code = `import{a as b}from"./react-dom-AAAAAAAA.js";import"./side-BBBBBBBB.js";export{c as d}from"./re-CCCCCCCC.js";const p=()=>import("./Page-DDDDDDDD.js"),q=import( "./Other-EEEEEEEE.js" );`;
    expect(staticImports(code)).toEqual(["react-dom-AAAAAAAA.js", "side-BBBBBBBB.js", "re-CCCCCCCC.js"]);
    expect(dynamicImports(code)).toEqual(["Page-DDDDDDDD.js", "Other-EEEEEEEE.js"]);
  });
});

describe("loadUnits and unitsLoading", () => {
  // A small build: the entry loads a page on demand and the bridge client on demand; only the
  // bridge client's schemas chunk carries zod, and the page reaches the shared chunk statically.
  const dist = mkdtempSync(join(tmpdir(), "cometdesk-chunk-graph-"));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), `<script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>`);
  const chunk = (file: string, code: string, sources: string[]) => {
    writeFileSync(join(dist, "assets", file), code);
    writeFileSync(join(dist, "assets", `${file}.map`), JSON.stringify({ version: 3, sources, mappings: "" }));
  };
  chunk("index-AAAAAAAA.js", `import"./react-dom-BBBBBBBB.js";()=>import("./Page-CCCCCCCC.js");()=>import("./bridge-api-DDDDDDDD.js");`, ["../../renderer/src/main.tsx"]);
  chunk("react-dom-BBBBBBBB.js", ``, ["../../node_modules/react-dom/index.js"]);
  chunk("Page-CCCCCCCC.js", `import"./shared-EEEEEEEE.js";`, ["../../renderer/src/Page.tsx"]);
  chunk("shared-EEEEEEEE.js", ``, ["../../shared/contract/tx-constants.ts"]);
  chunk("bridge-api-DDDDDDDD.js", `import"./schemas-FFFFFFFF.js";import"./shared-EEEEEEEE.js";`, ["../../renderer/src/api/bridge-api.ts"]);
  chunk("schemas-FFFFFFFF.js", ``, ["../../node_modules/zod/v4/core/core.js"]);

  it("lists the window's first scripts and each import() with what it brings", () => {
    expect(loadUnits(dist)).toEqual([
      { name: "initial", files: ["index-AAAAAAAA.js", "react-dom-BBBBBBBB.js"] },
      { name: "Page", files: ["Page-CCCCCCCC.js", "shared-EEEEEEEE.js"] },
      { name: "bridge-api", files: ["bridge-api-DDDDDDDD.js", "schemas-FFFFFFFF.js", "shared-EEEEEEEE.js"] },
    ]);
  });

  it("names the units that bring a package, through the chunks they import", () => {
    expect(unitsLoading(dist, "zod")).toEqual(["bridge-api"]);
    expect(unitsLoading(dist, "react-dom")).toEqual(["initial"]);
    expect(unitsLoading(dist, "react")).toEqual([]);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { furnitureDiff, normalizeFurniture, picturesProblems, readPagesFile, writePagesFile } from "./furniture.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-furniture-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("a page's furniture", () => {
  it("keeps the words, and replaces the chain's data by placeholders", () => {
    expect(normalizeFurniture(["  Delegations\n (3) ", "Review withdraw address", "Copy cosmos1l233jnl2f0m9fury5as589jlhp9jyn8mtp9gwvu", "Block 5E2A9C00D1F3B6A7C8D9E0F1A2B3C4D5", ""])).toEqual([
      "Delegations (#)", "Review withdraw address", "Copy ‹address›", "Block ‹hex›",
    ]);
  });

  it("counts a line once, so the number of like rows does not matter", () => {
    expect(normalizeFurniture(["Height", "Block 12", "Block 13", "Height"])).toEqual(["Height", "Block #"]);
  });

  it("says what was added and what is gone", () => {
    expect(furnitureDiff(["Staking", "Validator", "Amount (STAKE)"], ["Staking", "Amount (STAKE)", "From validator"])).toEqual({ added: ["From validator"], gone: ["Validator"] });
    expect(furnitureDiff(["a"], ["a"])).toEqual({ added: [], gone: [] });
  });
});

describe("the pages file", () => {
  const png = (dir: string, name: string, bytes: string) => {
    writeFileSync(join(dir, name), bytes);
    return join(dir, name);
  };

  it("is written with the pictures and read back", () => {
    const dir = tempDir();
    const paths = [png(dir, "staking-light.png", "one"), png(dir, "staking-dark.png", "two")];
    writePagesFile(dir, { "staking-light": ["Staking"], "staking-dark": ["Staking"] }, paths);
    const file = readPagesFile(dir);
    expect(file.pages["staking-light"]).toEqual(["Staking"]);
    expect(picturesProblems(dir, file, ["staking-light.png", "staking-dark.png"])).toEqual([]);
  });

  it("finds a picture changed by hand, one missing, and one never listed", () => {
    const dir = tempDir();
    const paths = [png(dir, "staking-light.png", "one"), png(dir, "watch-light.png", "two")];
    writePagesFile(dir, { "staking-light": ["Staking"], "watch-light": ["Watch"] }, paths);
    png(dir, "staking-light.png", "edited");
    rmSync(join(dir, "watch-light.png"));
    expect(picturesProblems(dir, readPagesFile(dir), ["staking-light.png", "watch-light.png", "block-light.png"])).toEqual([
      "staking-light.png is not the picture pages.json was written with: run `npm run screenshots` rather than editing a picture by hand",
      `watch-light.png is missing from ${dir}`,
      "block-light.png is not in pages.json: run `npm run screenshots`",
      "block-light.png's page furniture is not in pages.json",
    ]);
  });

  it("refuses, in words, a file that is missing, not JSON, or not a pages file", () => {
    const dir = tempDir();
    expect(() => readPagesFile(dir)).toThrow(/pages\.json is missing: run `npm run screenshots`/);
    writeFileSync(join(dir, "pages.json"), "{");
    expect(() => readPagesFile(dir)).toThrow(/pages\.json is not JSON/);
    writeFileSync(join(dir, "pages.json"), JSON.stringify({ about: "x", pages: { "Staking!": [] }, pngs: {} }));
    expect(() => readPagesFile(dir)).toThrow(/is not a pages file: pages\.Staking!/);
  });
});

import { describe, expect, it } from "vitest";
import { buildWarnings } from "./bundle.js";

describe("buildWarnings", () => {
  it("keeps Vite's and Rollup's warnings and drops the build's own progress line", () => {
    const output = `built dist/renderer\n\n(!) Some chunks are larger than 256 kB after minification. Consider:\n- Using dynamic import() to code-split the application\n`;
    expect(buildWarnings(output)).toEqual(["(!) Some chunks are larger than 256 kB after minification. Consider:", "- Using dynamic import() to code-split the application"]);
    expect(buildWarnings("built dist/renderer\n")).toEqual([]);
  });
});

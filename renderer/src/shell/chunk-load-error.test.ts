import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "./chunk-load-error.js";

describe("isChunkLoadError", () => {
  it("recognises a page chunk that could not be fetched, as each engine and Vite word it", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: app://cometdesk/assets/ConsolePage-Bx1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: http://127.0.0.1:5173/assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/WalletPage-a1.css"))).toBe(true);
  });

  it("leaves every other error to the generic message", () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'height')"))).toBe(false);
    expect(isChunkLoadError(new Error("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(new Error(""))).toBe(false);
  });

  it("reads a thrown string and ignores anything without a message", () => {
    expect(isChunkLoadError("Failed to fetch dynamically imported module: /assets/a.js")).toBe(true);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ message: "Failed to fetch dynamically imported module" })).toBe(false);
  });
});

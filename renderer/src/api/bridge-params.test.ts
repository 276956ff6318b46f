import { describe, expect, it } from "vitest";
import { parseBridgeParams } from "./bridge-params.js";

describe("bridge parameters", () => {
  it("reads a loopback bridge URL and its secret from the query string", () => {
    expect(parseBridgeParams("?bridge=ws%3A%2F%2F127.0.0.1%3A7123%2F&secret=abc")).toEqual({ url: "ws://127.0.0.1:7123/", secret: "abc" });
  });

  it("refuses remote hosts, other schemes and missing secrets", () => {
    expect(parseBridgeParams("?bridge=ws%3A%2F%2Fevil.example%3A7123%2F&secret=abc")).toBeUndefined();
    expect(parseBridgeParams("?bridge=wss%3A%2F%2F127.0.0.1%2F&secret=abc")).toBeUndefined();
    expect(parseBridgeParams("?bridge=ws%3A%2F%2F127.0.0.1%3A7123%2F")).toBeUndefined();
    expect(parseBridgeParams("#/networks")).toBeUndefined();
  });
});

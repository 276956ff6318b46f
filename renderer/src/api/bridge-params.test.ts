import { describe, expect, it } from "vitest";
import { parseBridgeParams, withoutCredentials } from "./bridge-params.js";

const T = "ab".repeat(32);

describe("bridge parameters", () => {
  it("reads a loopback bridge URL and its one-time ticket from the query string", () => {
    expect(parseBridgeParams(`?bridge=ws%3A%2F%2F127.0.0.1%3A7123%2F&ticket=${T}`)).toEqual({ url: "ws://127.0.0.1:7123/", ticket: T });
    expect(parseBridgeParams("?bridge=ws%3A%2F%2F127.0.0.1%3A7123%2F")).toEqual({ url: "ws://127.0.0.1:7123/" });
  });

  it("refuses remote hosts and other schemes, and ignores a malformed ticket", () => {
    expect(parseBridgeParams(`?bridge=ws%3A%2F%2Fevil.example%3A7123%2F&ticket=${T}`)).toBeUndefined();
    expect(parseBridgeParams(`?bridge=wss%3A%2F%2F127.0.0.1%2F&ticket=${T}`)).toBeUndefined();
    expect(parseBridgeParams("?bridge=ws%3A%2F%2F127.0.0.1%3A7123%2F&ticket=x%22")).toEqual({ url: "ws://127.0.0.1:7123/" });
    expect(parseBridgeParams("#/networks")).toBeUndefined();
  });

  it("takes the ticket out of the address and keeps the bridge and the route", () => {
    expect(withoutCredentials(`http://127.0.0.1:5173/index.html?bridge=ws%3A%2F%2F127.0.0.1%3A7123%2F&ticket=${T}#/node`))
      .toBe("http://127.0.0.1:5173/index.html?bridge=ws%3A%2F%2F127.0.0.1%3A7123%2F#/node");
  });
});

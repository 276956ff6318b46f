import { describe, expect, it } from "vitest";
import { isLoopbackHost, tokenOrigin, tokenTravelsInClear } from "./token-transport.js";

describe("where a token may travel", () => {
  it("counts only localhost, 127.0.0.0/8 and ::1 as loopback", () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "[::1]"]) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["10.0.0.1", "localhost.example.com", "127.0.0.1.nip.io", "[::2]", "0.0.0.0"]) expect(isLoopbackHost(host), host).toBe(false);
  });

  it("flags plain http to another machine, never https or loopback", () => {
    expect(tokenTravelsInClear("http://access.example.com:26650")).toBe(true);
    expect(tokenTravelsInClear("http://192.168.1.5/")).toBe(true);
    expect(tokenTravelsInClear("https://access.example.com")).toBe(false);
    expect(tokenTravelsInClear("http://127.0.0.1:26650")).toBe(false);
    expect(tokenTravelsInClear("http://[::1]:26650")).toBe(false);
  });

  it("binds to scheme, host and port, not to the path", () => {
    expect(tokenOrigin("https://access.example.com/v1/")).toBe(tokenOrigin("https://access.example.com/other"));
    expect(tokenOrigin("https://access.example.com")).not.toBe(tokenOrigin("http://access.example.com"));
    expect(tokenOrigin("https://access.example.com")).not.toBe(tokenOrigin("https://access.example.com:8443"));
  });
});

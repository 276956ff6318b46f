import { describe, expect, it } from "vitest";
import { bindRefusal, isLoopback } from "./bind-check.js";

describe("where the watch service's API may listen", () => {
  it("knows the loopback addresses in each spelling, and nothing else", () => {
    for (const host of ["127.0.0.1", "127.8.9.10", "localhost", "LOCALHOST", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"]) expect(isLoopback(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "192.168.1.2", "::ffff:10.0.0.1", "example.com", "127.example.com", "fe80::1"]) expect(isLoopback(host), host).toBe(false);
  });

  it("lets a public address listen only with a token and TLS, or a token and the explicit flag", () => {
    expect(bindRefusal({ host: "127.0.0.1", token: false, tls: false, insecurePublic: false })).toBeUndefined();
    expect(bindRefusal({ host: "0.0.0.0", token: false, tls: true, insecurePublic: true })).toContain('the config has no "token"');
    expect(bindRefusal({ host: "0.0.0.0", token: true, tls: false, insecurePublic: false })).toContain("without TLS");
    expect(bindRefusal({ host: "0.0.0.0", token: true, tls: true, insecurePublic: false })).toBeUndefined();
    expect(bindRefusal({ host: "10.0.0.5", token: true, tls: false, insecurePublic: true })).toBeUndefined();
  });
});

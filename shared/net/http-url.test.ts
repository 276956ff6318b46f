import { describe, expect, it } from "vitest";
import { HttpUrl } from "../primitives.js";
import { isHttpUrl } from "./http-url.js";

describe("isHttpUrl", () => {
  it("takes exactly the addresses the contract's HttpUrl takes", () => {
    const variants = [
      "http://127.0.0.1:26657", "https://rpc.example.org", "HTTP://EXAMPLE.ORG", "  http://a:1  ", "http://[::1]:26657", "http://a\tb:1", "https://x/hook?a=1#b",
      "", " ", "tcp://127.0.0.1:26657", "localhost:26657", "1.2.3.4:26657", "rpc.example.org", "ws://127.0.0.1:26657/websocket", "wss://x", "ftp://x", "mailto:a@b.org",
      "javascript:alert(1)", "file:///etc/passwd", "http:example.com", "https:/x", "http://", "http://a b", "https://%zz", "http://x:99999",
      `http://x/${"a".repeat(2039)}`, `http://x/${"a".repeat(2040)}`, `http://x/${"a".repeat(2039)}\t`, `http://x/\t${"a".repeat(2039)}`,
    ];
    for (const text of variants) expect(isHttpUrl(text), JSON.stringify(text)).toBe(HttpUrl.safeParse(text).success);
  });
});

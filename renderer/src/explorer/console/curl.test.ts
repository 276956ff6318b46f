import { describe, expect, it } from "vitest";
import { buildCurl, shellQuote } from "./curl.js";

describe("buildCurl", () => {
  it("writes the URI form for GET, values percent-encoded", () => {
    expect(buildCurl({ endpoint: "http://127.0.0.1:26657/", route: "tx_search", method: "GET", params: { query: "\"tx.height=5\"", per_page: 2 }, viaAccess: false })).toBe(
      "curl -s 'http://127.0.0.1:26657/tx_search?query=%22tx.height%3D5%22&per_page=2'",
    );
  });

  it("writes a JSON-RPC body for POST, quoted for the shell", () => {
    expect(buildCurl({ endpoint: "http://n", route: "block", method: "POST", params: { height: "5" }, viaAccess: false })).toBe(
      `curl -s -X POST -H 'content-type: application/json' --data '{"jsonrpc":"2.0","id":1,"method":"block","params":{"height":"5"}}' 'http://n'`,
    );
  });

  it("names the access token as a variable under /rpc, never its value", () => {
    const cmd = buildCurl({ endpoint: "http://a:26650", route: "status", method: "GET", params: {}, viaAccess: true });
    expect(cmd).toBe(`curl -s -H "Authorization: Bearer $COMETDESK_TOKEN" 'http://a:26650/rpc/status'`);
  });

  it("cannot be broken out of by a quote in a value", () => {
    expect(shellQuote("a'; rm -rf ~; '")).toBe(`'a'\\''; rm -rf ~; '\\'''`);
  });
});

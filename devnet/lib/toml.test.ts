import { describe, expect, it } from "vitest";
import { setTomlValue, tomlString } from "./toml.js";

const sample = `# top comment
moniker = "old"
proxy_app = "tcp://127.0.0.1:26658"

[rpc]
laddr = "tcp://127.0.0.1:26657"
cors_allowed_origins = []

[p2p]
laddr = "tcp://0.0.0.0:26656"
`;

describe("setTomlValue", () => {
  it("sets a key in the named section only", () => {
    const out = setTomlValue(sample, "p2p", "laddr", tomlString("tcp://127.0.0.1:1"));
    expect(out).toContain('[p2p]\nladdr = "tcp://127.0.0.1:1"');
    expect(out).toContain('[rpc]\nladdr = "tcp://127.0.0.1:26657"');
  });

  it("sets a top-level key before the first section", () => {
    expect(setTomlValue(sample, null, "moniker", tomlString("node0"))).toContain('moniker = "node0"');
  });

  it("fails loudly on a key the file does not have, rather than appending it blindly", () => {
    expect(() => setTomlValue(sample, "rpc", "no_such_key", "1")).toThrow(/no_such_key.*\[rpc\]/);
    expect(() => setTomlValue(sample, "consensus", "laddr", "1")).toThrow(/consensus/);
  });

  it("quotes strings so a value cannot break out of its line", () => {
    expect(tomlString('a"b\nc')).toBe('"a\\"b\\nc"');
  });
});

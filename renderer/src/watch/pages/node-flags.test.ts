import { describe, expect, it } from "vitest";
import { flagWords, nodeRowKind } from "./node-flags.js";

describe("Watch → a node's flags", () => {
  it("says a node refusing for load is rate-limited, a wait, never down or a fault", () => {
    expect(flagWords(["rate_limited"])).toBe("rate-limited");
    expect(nodeRowKind(["rate_limited"])).toBe("wait");
    expect(nodeRowKind(["catching_up"])).toBe("wait");
  });

  it("marks a node that is down, stopped or forked as a fault, and a node with no flag as ok", () => {
    expect(flagWords(["down"])).toBe("down");
    expect(nodeRowKind(["down"])).toBe("fault");
    expect(flagWords(["lagging", "app_hash_mismatch"])).toBe("lagging, app hash mismatch");
    expect(nodeRowKind(["catching_up", "lagging"])).toBe("fault");
    expect(flagWords([])).toBe("ok");
    expect(nodeRowKind([])).toBeUndefined();
  });
});

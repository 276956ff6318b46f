import { describe, expect, it } from "vitest";
import { busyPortError } from "./devnet.js";
import { ephemeralPortRange } from "./processes.js";

describe("ephemeralPortRange", () => {
  it("reads Linux's range as the kernel writes it", () => {
    expect(ephemeralPortRange(() => "32768\t60999\n")).toEqual([32768, 60999]);
  });

  it("says nothing for a missing file or text that is not a range", () => {
    const missing = () => {
      throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
    };
    expect(ephemeralPortRange(missing)).toBeUndefined();
    for (const text of ["", "32768", "60999 32768", "0 100", "1 70000", "a b", "32768 60999 1"]) expect(ephemeralPortRange(() => text)).toBeUndefined();
  });
});

describe("busyPortError", () => {
  it("tells to move the ports below the range when the taken port lies in it", () => {
    const error = busyPortError(54158, [32768, 60999]);
    expect(error.message).toBe("port 54158 on 127.0.0.1 is already in use");
    expect(error.hint).toContain("ephemeral port range (32768–60999)");
    expect(error.hint).toContain("below 32768");
  });

  it("points at another devnet otherwise, or when the range is not known", () => {
    for (const error of [busyPortError(26657, [32768, 60999]), busyPortError(54158, undefined)]) {
      expect(error.hint).toContain("npm run devnet -- down");
      expect(error.hint).not.toContain("ephemeral");
    }
  });
});

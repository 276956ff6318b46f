import { describe, expect, it } from "vitest";
import { readableUtc } from "./chain-time.js";

describe("readableUtc", () => {
  it("reads a block's nanosecond time as UTC to the millisecond, cut rather than rounded, and names the zone", () => {
    expect(readableUtc("2026-11-26T17:08:58.688761182Z")).toBe("2026-11-26 17:08:58.688 UTC");
    expect(readableUtc("2026-11-26T23:59:59.999999999Z")).toBe("2026-11-26 23:59:59.999 UTC");
  });

  it("gives every time three fraction digits, so a column of times lines up", () => {
    expect(readableUtc("2026-11-26T17:11:51.841Z")).toBe("2026-11-26 17:11:51.841 UTC");
    expect(readableUtc("2026-11-26T17:11:51.5Z")).toBe("2026-11-26 17:11:51.500 UTC");
    expect(readableUtc("2026-11-26T17:11:51Z")).toBe("2026-11-26 17:11:51.000 UTC");
  });

  it("moves a time with an offset to UTC, across a day, a month and a year", () => {
    expect(readableUtc("2026-11-26T18:08:58.688+01:00")).toBe("2026-11-26 17:08:58.688 UTC");
    expect(readableUtc("2026-12-31T22:30:00-01:45")).toBe("2027-01-01 00:15:00.000 UTC");
    expect(readableUtc("2026-03-01T00:10:00.1+00:20")).toBe("2026-02-28 23:50:00.100 UTC");
  });

  it("keeps the years Go and RFC 3339 allow, a leap day and a leap second", () => {
    expect(readableUtc("0001-01-01T00:00:00Z")).toBe("0001-01-01 00:00:00.000 UTC");
    expect(readableUtc("2028-02-29T12:00:00Z")).toBe("2028-02-29 12:00:00.000 UTC");
    expect(readableUtc("2016-12-31T23:59:60.5Z")).toBe("2016-12-31 23:59:60.500 UTC");
  });

  it("refuses anything that is not an RFC 3339 time, so the caller shows it as it came", () => {
    for (const value of [
      "",
      "yesterday",
      "2026-11-26",
      "2026-11-26 17:08:58Z",
      "2026-11-26T17:08:58",
      "2026-11-26T17:08:58.Z",
      "2026-11-26T17:08:58.1234567890Z",
      "2026-13-01T00:00:00Z",
      "2026-02-29T00:00:00Z",
      "2026-04-31T00:00:00Z",
      "2026-11-00T00:00:00Z",
      "2026-11-26T24:00:00Z",
      "2026-11-26T17:60:00Z",
      "2026-11-26T17:08:61Z",
      "2026-11-26T17:08:58+24:00",
      "2026-11-26T17:08:58Z\u202E",
      " 2026-11-26T17:08:58Z",
      "0000-01-01T00:00:00+01:00",
      "+12026-11-26T17:08:58Z",
    ]) expect(readableUtc(value), JSON.stringify(value)).toBeUndefined();
  });
});

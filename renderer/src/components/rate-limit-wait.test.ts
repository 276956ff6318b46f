import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RateLimitWait } from "./RateLimitWait.js";
import { createRateLimitWaits, rateLimitWaits, secondsLeft } from "../api/rate-limit-wait.js";
import { Loading } from "./states.js";

const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

describe("a read waiting for a node's rate limit", () => {
  it("keeps the longest of the user's waits, and none of the background's", () => {
    const waits = createRateLimitWaits();
    let told = 0;
    waits.subscribe(() => told++);
    waits.note({ priority: "background", seconds: 30 }, 1_000);
    expect(waits.until()).toBe(0);
    waits.note({ priority: "user", seconds: 2 }, 1_000);
    waits.note({ priority: "user", seconds: 1 }, 1_500); // ends sooner: the longer one stands
    expect(waits.until()).toBe(3_000);
    expect(told).toBe(1);
  });

  it("counts down in whole seconds and is over when its time is", () => {
    expect(secondsLeft(3_000, 1_000)).toBe(2);
    expect(secondsLeft(3_000, 1_001)).toBe(2);
    expect(secondsLeft(3_000, 2_100)).toBe(1);
    expect(secondsLeft(3_000, 3_000)).toBeUndefined();
  });

  it("is said beside what is being read, and nothing is said when no read waits", () => {
    const waits = createRateLimitWaits();
    expect(renderToStaticMarkup(createElement(RateLimitWait, { waits }))).toBe("");
    waits.note({ priority: "user", seconds: 2 });
    expect(text(renderToStaticMarkup(createElement(RateLimitWait, { waits })))).toBe(" waiting for the node's rate limit (2 s)");
  });

  it("stands in the shared loading line while the user's read waits", () => {
    expect(text(renderToStaticMarkup(createElement(Loading, { what: "peers" })))).toBe(" Loading peers…");
    rateLimitWaits.note({ priority: "user", seconds: 4 });
    expect(text(renderToStaticMarkup(createElement(Loading, { what: "peers" })))).toBe(" Loading peers… waiting for the node's rate limit (4 s)");
  });
});

import { expect, it } from "vitest";
import { parsePromText } from "./prom-text.js";

it("reads the text format and refuses what a Prometheus server would not", () => {
  const ok = parsePromText('# HELP up 1 when up\n# TYPE up gauge\nup{node="a\\"b",n="x\\\\y"} 1\nup{node="c"} +Inf\n# TYPE sent_total counter\nsent_total 3 1700000000000\n');
  expect(ok.get("up")!.samples).toEqual([{ name: "up", labels: { node: 'a"b', n: "x\\y" }, value: 1 }, { name: "up", labels: { node: "c" }, value: Infinity }]);
  expect(ok.get("sent_total")!.samples[0]!.value).toBe(3);
  for (const bad of ["up 1\n", "# TYPE up gauge\nup{node=a} 1\n", "# TYPE up gauge\nup{node=\"a\"} one\n", "# TYPE up gauge\nup 1\nup 2\n", "# TYPE up gauge\nup 1", "# TYPE up sometimes\n", "# TYPE up gauge\nup{node=\"a\\x\"} 1\n"]) {
    expect(() => parsePromText(bad), bad).toThrow();
  }
});

/**
 * A strict reader of the Prometheus text exposition format 0.0.4 (prometheus.io/docs/instrumenting/exposition_formats/),
 * for tests: every line must be a HELP, a TYPE or a sample of a family whose TYPE came first,
 * names and labels well formed, label values correctly escaped, and no series twice. Anything
 * else throws, naming the line.
 */
export interface PromFamily {
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help: string | undefined;
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function parseValue(text: string, line: number): number {
  if (text === "NaN") return Number.NaN;
  if (text === "+Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`line ${line}: "${text}" is not a sample value`);
  return Number(text);
}

/** Reads `{a="x",b="y"}` from `text` at `at` (the "{"); returns the labels and where they end. */
function parseLabels(text: string, at: number, line: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  while (text[i] !== "}") {
    const eq = text.indexOf("=", i);
    if (eq < 0) throw new Error(`line ${line}: a label without "="`);
    const name = text.slice(i, eq);
    if (!LABEL.test(name)) throw new Error(`line ${line}: "${name}" is not a label name`);
    if (name in labels) throw new Error(`line ${line}: label "${name}" twice`);
    if (text[eq + 1] !== '"') throw new Error(`line ${line}: label "${name}"'s value is not quoted`);
    let value = "";
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === "\\") {
        const next = text[++j];
        if (next === "n") value += "\n";
        else if (next === "\\" || next === '"') value += next;
        else throw new Error(`line ${line}: bad escape \\${next ?? ""} in label "${name}"`);
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`line ${line}: label "${name}"'s value is not closed`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ",") i++;
    else if (text[i] !== "}") throw new Error(`line ${line}: expected "," or "}" after label "${name}"`);
  }
  return { labels, end: i + 1 };
}

export function parsePromText(text: string): Map<string, PromFamily> {
  const families = new Map<string, PromFamily>();
  const seen = new Set<string>();
  if (!text.endsWith("\n")) throw new Error("the exposition does not end with a line feed");
  const lines = text.split("\n");
  lines.pop();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw === "") return;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(raw);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, "HELP" | "TYPE", string, string];
      if (!NAME.test(name)) throw new Error(`line ${line}: "${name}" is not a metric name`);
      const family = families.get(name);
      if (kind === "TYPE") {
        if (family?.samples.length) throw new Error(`line ${line}: TYPE of ${name} after its samples`);
        if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest)) throw new Error(`line ${line}: "${rest}" is not a metric type`);
        families.set(name, { type: rest as PromFamily["type"], help: family?.help, samples: [] });
      } else if (family) family.help = rest;
      else families.set(name, { type: "untyped", help: rest, samples: [] });
      return;
    }
    if (raw.startsWith("#")) return; // a comment
    const nameEnd = raw.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`line ${line}: not a sample: ${raw}`);
    const name = raw.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`line ${line}: "${name}" is not a metric name`);
    const { labels, end } = raw[nameEnd] === "{" ? parseLabels(raw, nameEnd, line) : { labels: {}, end: nameEnd };
    const rest = raw.slice(end).trim().split(" ");
    if (rest.length < 1 || rest.length > 2 || raw[end] !== " ") throw new Error(`line ${line}: expected " value [timestamp]" after the labels`);
    const value = parseValue(rest[0]!, line);
    const familyName = [name, name.replace(/_(total|bucket|count|sum|created)$/, "")].find((n) => families.has(n));
    if (!familyName) throw new Error(`line ${line}: sample ${name} has no TYPE before it`);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`line ${line}: the series ${key} twice`);
    seen.add(key);
    families.get(familyName)!.samples.push({ name, labels, value });
  });
  return families;
}

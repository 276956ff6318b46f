import { existsSync } from "node:fs";
import { join } from "node:path";

/** One instruction of a Dockerfile, its continuation lines joined. */
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
  readonly line: number;
}

/** The instructions the Dockerfile reference documents (docs.docker.com/reference/dockerfile/); MAINTAINER is deprecated there. */
const KNOWN = new Set(["FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL"]);

/** Splits a Dockerfile into instructions: comments and blank lines dropped, lines ending in `\` joined. */
export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split("\n").forEach((raw, i) => {
    const line = raw.trimEnd();
    if (!pending && (line.trim() === "" || line.trimStart().startsWith("#"))) return;
    if (pending && line.trimStart().startsWith("#")) return; // a comment inside a continuation
    const part = line.endsWith("\\") ? line.slice(0, -1) : line;
    pending = pending ? { text: `${pending.text} ${part.trim()}`, line: pending.line } : { text: part.trim(), line: i + 1 };
    if (line.endsWith("\\")) return;
    const match = /^(\S+)\s*(.*)$/.exec(pending.text)!;
    out.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: pending.line });
    pending = undefined;
  });
  return out;
}

/** The arguments of an exec-form instruction (a JSON array of strings), or undefined for the shell form. */
export function execForm(args: string): string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(args);
    return Array.isArray(parsed) && parsed.length > 0 && parsed.every((a) => typeof a === "string") ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The stages, each with its instructions (FROM first). */
export function stagesOf(instructions: readonly Instruction[]): Instruction[][] {
  const stages: Instruction[][] = [];
  for (const i of instructions) {
    if (i.keyword === "FROM") stages.push([i]);
    else stages.at(-1)?.push(i);
  }
  return stages;
}

/**
 * What is wrong with a Dockerfile for the watch service, in words (empty when nothing is): only
 * known instructions; every base image pinned by digest or by an explicit x.y.z version; a
 * final stage that runs as a user other than root, checks `/health`, exposes the service's
 * default port, and starts in exec form; every file copied from the context present in it.
 */
export function checkDockerfile(text: string, o: { readonly port: number; readonly context: string }): string[] {
  const problems: string[] = [];
  const all = parseDockerfile(text);
  for (const i of all) if (!KNOWN.has(i.keyword)) problems.push(`line ${i.line}: unknown instruction ${i.keyword}`);
  const first = all.find((i) => i.keyword !== "ARG");
  if (first?.keyword !== "FROM") problems.push("the first instruction (after ARG) must be FROM");
  const stages = stagesOf(all);
  const names: string[] = [];
  for (const [from] of stages) {
    const words = from!.args.split(/\s+/).filter((w) => !w.startsWith("--"));
    const image = words[0] ?? "";
    if (words[1]?.toUpperCase() === "AS" && words[2]) names.push(words[2]);
    if (image === "scratch" || names.includes(image)) continue; // an earlier stage of this file
    if (image.includes("$")) problems.push(`line ${from!.line}: the base image ${image} is a variable: pin it`);
    else if (!/@sha256:[0-9a-f]{64}$/.test(image) && !/:[^:/@]*\d+\.\d+\.\d+[^:/@]*$/.test(image)) problems.push(`line ${from!.line}: the base image ${image} is not pinned by digest or by an explicit x.y.z version`);
  }
  const final = stages.at(-1) ?? [];
  const last = (keyword: string) => final.filter((i) => i.keyword === keyword).at(-1);
  const user = last("USER")?.args.split(":")[0]?.trim();
  if (!user) problems.push("the final stage sets no USER: it would run as root");
  else if (user === "root" || user === "0") problems.push(`the final stage runs as ${user}`);
  const health = last("HEALTHCHECK");
  if (!health || /^NONE$/i.test(health.args.trim())) problems.push("the final stage has no HEALTHCHECK");
  else if (!health.args.includes("/health")) problems.push("the HEALTHCHECK does not ask /health");
  const exposed = final.filter((i) => i.keyword === "EXPOSE").flatMap((i) => i.args.split(/\s+/)).map((p) => Number(p.split("/")[0]));
  if (!exposed.includes(o.port)) problems.push(`the final stage does not EXPOSE the service's default port ${o.port}`);
  const entry = last("ENTRYPOINT");
  if (!entry) problems.push("the final stage has no ENTRYPOINT");
  else if (!execForm(entry.args)) problems.push(`line ${entry.line}: ENTRYPOINT is not in exec form (a JSON array)`);
  const cmd = last("CMD");
  if (cmd && !execForm(cmd.args)) problems.push(`line ${cmd.line}: CMD is not in exec form (a JSON array)`);
  for (const i of all.filter((x) => x.keyword === "COPY" || x.keyword === "ADD")) {
    if (/--from=/.test(i.args)) continue;
    const words = i.args.split(/\s+/).filter((w) => !w.startsWith("--"));
    for (const source of words.slice(0, -1)) if (!existsSync(join(o.context, source))) problems.push(`line ${i.line}: ${source} is not in the build context`);
  }
  return problems;
}

/**
 * Where a page's main thread went, from a CPU profile (CDP `Profiler`): self time per owner, the
 * npm package or app folder a built script's function comes from (through the build's source
 * maps), or one of V8's own buckets: `(program)` (the browser's work outside JavaScript:
 * parsing, compiling, style, layout), `(garbage collector)`, `(idle)`.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { decode, type SourceMapMappings } from "@jridgewell/sourcemap-codec";
import { z } from "zod";
import { ownerOf, SourceMap } from "./chunk-contents.js";

const CallFrame = z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number().int(), columnNumber: z.number().int() });
const CpuProfile = z.object({
  startTime: z.number().default(0),
  nodes: z.array(z.object({ id: z.number().int(), callFrame: CallFrame })),
  samples: z.array(z.number().int()).default([]),
  timeDeltas: z.array(z.number()).default([]),
});

/** The original source of a position in a script the page loaded (0-based line and column), if known. */
export type SourceOf = (url: string, line: number, column: number) => string | undefined;

/**
 * Self time in ms per owner. A sample lasts until the next one (the last one, not at all); a
 * frame of a built script is owned by its source's package or folder, another script's is
 * `(other scripts)`, and V8's own nodes keep their names.
 */
export function selfTimeByOwner(profileJson: unknown, sourceOf: SourceOf): Map<string, number> {
  const owners = new Map<string, number>();
  for (const s of ownedSamples(profileJson, sourceOf)) owners.set(s.owner, (owners.get(s.owner) ?? 0) + s.ms);
  return owners;
}

/** One sample: when it was taken (ms on the profiler's clock, Chromium's monotonic one), how long it lasted, and its owner. */
export interface OwnedSample {
  readonly at: number;
  readonly ms: number;
  readonly owner: string;
}

/** Every sample with its owner, as `selfTimeByOwner` counts them, in the order taken. */
export function ownedSamples(profileJson: unknown, sourceOf: SourceOf): OwnedSample[] {
  const profile = CpuProfile.parse(profileJson);
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const out: OwnedSample[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const frame = frames.get(id);
    if (!frame || ms <= 0) return;
    let owner: string;
    if (!frame.url) owner = frame.functionName.startsWith("(") ? frame.functionName : "(native)";
    else {
      const source = sourceOf(frame.url, frame.lineNumber, frame.columnNumber);
      owner = source ? ownerOf(source) : "(other scripts)";
    }
    out.push({ at: at / 1000, ms, owner });
  });
  return out;
}

/** Looks positions up in the source maps beside the built scripts of `dist` (`assets/<file>.js.map`). */
export function sourceMapLookup(dist: string): SourceOf {
  const maps = new Map<string, { sources: string[]; lines: SourceMapMappings } | undefined>();
  const load = (file: string) => {
    if (!maps.has(file)) {
      try {
        const map = SourceMap.parse(JSON.parse(readFileSync(join(dist, "assets", `${file}.map`), "utf8")));
        maps.set(file, { sources: map.sources, lines: decode(map.mappings) });
      } catch {
        maps.set(file, undefined);
      }
    }
    return maps.get(file);
  };
  return (url, line, column) => {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return undefined;
    }
    if (!/^\/assets\/[\w.-]+\.js$/.test(path)) return undefined;
    const map = load(basename(path));
    const segments = map?.lines[line];
    if (!map || !segments) return undefined;
    let found: (typeof segments)[number] | undefined;
    for (const s of segments) {
      if (s[0] > column) break;
      found = s;
    }
    return found && found.length > 1 ? map.sources[found[1]!] : undefined;
  };
}

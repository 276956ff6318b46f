import type { BenchWorld } from "./world.js";

/** A goal and whether this run met it. */
export interface Goal {
  readonly goal: string;
  readonly measured: string;
  readonly met: boolean;
  /** A budget rather than an aim: `npm run bench` exits non-zero when one is missed. */
  readonly check?: boolean;
}

/** What one benchmark section hands back: its part of docs/benchmarks.md and its goals. */
export interface SectionResult {
  /** The text under the section's heading (the runner adds the heading and the run facts). */
  readonly body: string;
  readonly goals: readonly Goal[];
}

export interface SectionContext {
  /** Runs per figure; each figure is the median over them. */
  readonly runs: number;
  /** The command line that reproduces this section alone. */
  readonly command: string;
  /** The shared devnet and access service, started on first use. */
  world(): Promise<BenchWorld>;
}

export interface Section {
  /** The `--only` name. */
  readonly id: string;
  /** The top-level heading in docs/benchmarks.md. */
  readonly heading: string;
  run(ctx: SectionContext): Promise<SectionResult>;
}

/**
 * The road to the first actionable screen, step by step: each step's time is how long it held
 * the road after the steps before it were done (a step done earlier, in parallel, holds it for
 * 0 ms), so one load's steps add up to its time to the screen.
 */
import type { PageNotes } from "./firstscreen-observe.js";
import { median } from "./stats.js";

/** Whether Electron's preload path has the step too, or only the browser mode's bridge. */
export type Road = "browser mode only" | "shared with Electron" | "both";

export interface Step {
  readonly what: string;
  readonly road: Road;
  /** When the step was done in one load, ms since navigation start; NaN when it did not happen. */
  readonly at: (n: PageNotes) => number;
}

const resourceEnd = (n: PageNotes, stem: string) => n.resources.find((r) => r.path.startsWith(`/assets/${stem}-`) && r.path.endsWith(".js"))?.end ?? Number.NaN;
const frameIn = (n: PageNotes, method: string) => {
  const sent = n.frames.find((f) => f.dir === "out" && f.what === method);
  return n.frames.find((f) => f.dir === "in" && f.what === "result" && sent && f.id === sent.id)?.t ?? Number.NaN;
};

/** The entry script (index.html's first script) and the stylesheet: both before the first paint. */
export const firstFiles = (n: PageNotes) => {
  const js = n.resources.find((r) => r.path.endsWith(".js"));
  const css = n.resources.find((r) => r.path.endsWith(".css"));
  return Math.max(js?.end ?? Number.NaN, css?.end ?? 0);
};

/** The session frame: the bridge traded the link's ticket for this tab's session secret. */
export const sessionAt = (n: PageNotes) => n.frames.find((f) => f.dir === "in" && f.what === "session")?.t ?? Number.NaN;

/** The vault's status read, as main answered the early `wallet.status` call. */
export const walletStatusAt = (n: PageNotes) => frameIn(n, "wallet.status");

/** `wallet.status` from the frame sent to its answer received: main's read plus the loopback. */
export const walletStatusTrip = (n: PageNotes) => walletStatusAt(n) - (n.frames.find((f) => f.dir === "out" && f.what === "wallet.status")?.t ?? Number.NaN);

/** The steps of the first-run or lock screen's road, in the order they usually finish. */
export function roadTo(screen: "welcome" | "lock form"): Step[] {
  return [
    { what: "`index.html` received", road: "shared with Electron", at: (n) => n.html },
    { what: "stylesheet and entry script received", road: "shared with Electron", at: firstFiles },
    { what: "entry script run (DOMContentLoaded)", road: "shared with Electron", at: (n) => n.domContentLoaded },
    { what: "socket chunk (`first-socket`) received", road: "browser mode only", at: (n) => resourceEnd(n, "first-socket") },
    { what: "bridge socket made (`first-socket` run: the main thread was free for it)", road: "browser mode only", at: (n) => n.wsCreated },
    { what: "bridge socket open (handshake with the ticket)", road: "browser mode only", at: (n) => n.wsOpen },
    { what: "session frame (ticket traded for a session)", road: "browser mode only", at: sessionAt },
    { what: "vault status read (`wallet.status` answered)", road: "shared with Electron", at: walletStatusAt },
    { what: "bridge client chunk (`bridge-api`: zod, the contract's schemas) received", road: "browser mode only", at: (n) => resourceEnd(n, "bridge-api") },
    { what: "first React render (client chunk run, held frames parsed, App and Gate rendered)", road: "both", at: (n) => n.firstRender },
    ...(screen === "welcome" ? [{ what: "first-run chunk (`FirstRun`) received", road: "shared with Electron" as Road, at: (n: PageNotes) => resourceEnd(n, "FirstRun") }] : []),
    { what: `**${screen} on screen**`, road: "shared with Electron", at: (n) => (screen === "welcome" ? n.welcome : n.lockForm) },
  ];
}

/** When each step was done on the road in one load: its own time, or the step before's if that was later. */
export function doneAt(steps: readonly Step[], n: PageNotes): number[] {
  let done = 0;
  return steps.map((s) => {
    const at = s.at(n);
    done = Number.isNaN(at) ? done : Math.max(done, at);
    return done;
  });
}

/** How long each step held the road in one load (ms; they add up to the last step's time). */
export function heldFor(steps: readonly Step[], n: PageNotes): number[] {
  return doneAt(steps, n).map((done, i, all) => done - (i === 0 ? 0 : all[i - 1]!));
}

/** A profiled load: its notes, and its CPU samples with their times in ms since navigation start. */
export interface ProfiledLoad {
  readonly notes: PageNotes;
  readonly samples: ReadonlyArray<{ readonly at: number; readonly ms: number; readonly owner: string }>;
}

/**
 * Per step, what the page's main thread did while the step held the road (median ms per
 * profiled load, the largest owners first), so a step that waited can be told from one that worked.
 */
export function ownersByStep(steps: readonly Step[], loads: readonly ProfiledLoad[], top = 3): string {
  const perLoad = loads.map((l) => {
    const done = doneAt(steps, l.notes);
    const owners = steps.map(() => new Map<string, number>());
    for (const s of l.samples) {
      const i = done.findIndex((d) => s.at < d);
      if (i === -1 || s.at < 0) continue;
      owners[i]!.set(s.owner, (owners[i]!.get(s.owner) ?? 0) + s.ms);
    }
    return { held: heldFor(steps, l.notes), owners };
  });
  const rows = steps.map((step, i) => {
    const names = new Set(perLoad.flatMap((l) => [...l.owners[i]!.keys()]));
    const med = (owner: string) => median(perLoad.map((l) => l.owners[i]!.get(owner) ?? 0));
    const busiest = [...names].map((o) => [o, med(o)] as const).filter(([, t]) => t >= 0.5).sort((a, b) => b[1] - a[1]).slice(0, top);
    return `| ${step.what} | ${median(perLoad.map((l) => l.held[i]!)).toFixed(0)} | ${busiest.map(([o, t]) => `${o} ${t.toFixed(0)}`).join(", ") || "—"} |`;
  });
  return ["| step | held the road (ms) | main thread meanwhile (median ms) |", "|---|---:|---|", ...rows].join("\n");
}

/** Per step: its median time reached, the median time it held the road, and that as a share of the median screen time. */
export function roadTable(steps: readonly Step[], loads: readonly PageNotes[]): string {
  const held = loads.map((n) => heldFor(steps, n));
  const total = median(loads.map((n) => steps[steps.length - 1]!.at(n)));
  const ms = (x: number) => (Number.isNaN(x) ? "—" : x.toFixed(0));
  const rows = steps.map((s, i) => {
    const h = median(held.map((run) => run[i]!));
    return `| ${s.what} | ${ms(median(loads.map((n) => s.at(n)).filter((x) => !Number.isNaN(x))))} | ${ms(h)} | ${((100 * h) / total).toFixed(0)} % | ${s.road} |`;
  });
  return ["| step | reached at (ms) | held the road (ms) | share | road |", "|---|---:|---:|---:|---|", ...rows].join("\n");
}

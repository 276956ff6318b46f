/**
 * What the first-screen bench notes inside the page, in ms since navigation start: scripts run
 * by the browser's automation before the page's own (the app's CSP does not apply to them), so
 * the app itself is measured unchanged. Strings, not functions: the bench runs under tsx, whose
 * name-keeping helper (`__name`) does not exist in the page.
 */

/** One bridge frame as it crossed the page's socket: sent (`out`) or received (`in`). */
export interface FrameNote {
  readonly dir: "out" | "in";
  readonly t: number;
  readonly id?: number;
  /** A call's method (sent) or a frame's type (received: result, event, session). */
  readonly what: string;
  readonly bytes: number;
}

/** A script or stylesheet the page fetched, from Resource Timing. */
export interface ResourceNote {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

/** Everything one load noted; a marker not reached is NaN. */
export interface PageNotes {
  readonly html: number;
  readonly domContentLoaded: number;
  readonly firstContentfulPaint: number;
  readonly resources: readonly ResourceNote[];
  readonly wsCreated: number;
  readonly wsOpen: number;
  readonly frames: readonly FrameNote[];
  /** React's first commit: the static loading screen of index.html left the DOM. */
  readonly firstRender: number;
  readonly welcome: number;
  readonly lockForm: number;
  readonly shell: number;
  readonly floorHeight: number;
  readonly height: number;
  readonly click: number;
  readonly submit: number;
}

/**
 * Wraps the page's WebSocket to note when it is made, when it opens and when each frame crosses
 * (a frame's id and kind read from its first bytes, not parsed: the page's own work stays as it
 * is), and watches the DOM for the markers. With `clickExplore`, it presses "Explore without a
 * wallet" in the first frame after the welcome painted, as the quickest user would.
 */
export function observeScript(o: { readonly clickExplore: boolean }): string {
  return `(() => {
  const b = (window.__cdBench = { frames: [] });
  const Native = window.WebSocket;
  const head = (text) => (typeof text === "string" ? text.slice(0, 96) : "");
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      b.wsCreated ??= performance.now();
      this.addEventListener("open", () => { b.wsOpen ??= performance.now(); });
      this.addEventListener("message", (ev) => {
        const h = head(ev.data);
        const id = /"id":(\\d+)/.exec(h);
        b.frames.push({ dir: "in", t: performance.now(), id: id ? Number(id[1]) : undefined, what: (/"type":"(\\w+)"/.exec(h) || [])[1] || "?", bytes: typeof ev.data === "string" ? ev.data.length : 0 });
      });
    }
    send(data) {
      const h = head(data);
      const id = /"id":(\\d+)/.exec(h);
      b.frames.push({ dir: "out", t: performance.now(), id: id ? Number(id[1]) : undefined, what: (/"method":"([\\w.]+)"/.exec(h) || [])[1] || "?", bytes: typeof data === "string" ? data.length : 0 });
      return super.send(data);
    }
  };
  document.addEventListener("submit", () => { b.submit ??= performance.now(); }, true);
  const clickExplore = ${o.clickExplore ? "true" : "false"};
  let staticScreen;
  new MutationObserver(() => {
    const now = performance.now();
    if (staticScreen === undefined) staticScreen = document.querySelector("#root > main") ?? undefined;
    if (b.firstRender === undefined && staticScreen && !staticScreen.isConnected) b.firstRender = now;
    if (b.welcome === undefined && document.getElementById("first-run-title")) {
      const explore = [...document.querySelectorAll("main button")].find((x) => x.textContent.trim() === "Explore without a wallet");
      if (explore) {
        b.welcome = now;
        if (clickExplore) requestAnimationFrame(() => setTimeout(() => { b.click = performance.now(); explore.click(); }, 0));
      }
    }
    if (b.lockForm === undefined && document.getElementById("unlock-password")) b.lockForm = now;
    if (b.shell === undefined && document.querySelector(".shell")) b.shell = now;
    const f = document.getElementById("floor-height");
    if (b.floorHeight === undefined && f && /^\\s*\\d+\\s*$/.test(f.textContent)) b.floorHeight = now;
    const h = document.querySelector('[data-testid="dashboard-facts"] [data-fact="Height"]');
    if (b.height === undefined && h && /^\\s*\\d+\\s*$/.test(h.textContent)) b.height = now;
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;
}

/** The notes, read back from the page (an expression for `page.evaluate`). */
export const COLLECT = `(() => {
  const b = window.__cdBench;
  const nav = performance.getEntriesByType("navigation")[0];
  const n = (x) => (typeof x === "number" ? x : NaN);
  return {
    html: nav.responseEnd,
    domContentLoaded: nav.domContentLoadedEventEnd,
    firstContentfulPaint: n(performance.getEntriesByName("first-contentful-paint")[0]?.startTime),
    resources: performance.getEntriesByType("resource").map((r) => ({ path: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd })),
    wsCreated: n(b.wsCreated), wsOpen: n(b.wsOpen), frames: b.frames,
    firstRender: n(b.firstRender), welcome: n(b.welcome), lockForm: n(b.lockForm), shell: n(b.shell),
    floorHeight: n(b.floorHeight), height: n(b.height), click: n(b.click), submit: n(b.submit),
  };
})()`;

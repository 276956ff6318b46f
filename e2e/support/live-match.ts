import WebSocket from "ws";

/**
 * Matches the heights a node announced (its `NewBlock` events, as an independent subscriber saw
 * them) with the moments a page showed them: the delay of each, and the blocks never shown.
 */
export interface LiveMatch {
  /** ms from the node's event to the page, per height the page showed, in height order. */
  readonly delays: readonly number[];
  /** Heights the node announced and the page never showed (it jumped past them). */
  readonly skipped: readonly bigint[];
  /** Heights compared: announced after the page had shown its first height, up to the last one announced in time. */
  readonly compared: number;
}

/**
 * `announced` and `shown` map a height (decimal string) to a wall-clock time in ms. Only heights
 * after the first the page showed count (earlier ones predate the page), and only up to `last`.
 */
export function matchLive(announced: ReadonlyMap<string, number>, shown: ReadonlyMap<string, number>, last: bigint): LiveMatch {
  const shownHeights = [...shown.keys()].map(BigInt);
  if (shownHeights.length === 0) return { delays: [], skipped: [...announced.keys()].map(BigInt).filter((h) => h <= last), compared: 0 };
  const first = shownHeights.reduce((a, b) => (b < a ? b : a));
  const heights = [...announced.keys()].map(BigInt).filter((h) => h > first && h <= last).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const delays: number[] = [];
  const skipped: bigint[] = [];
  for (const h of heights) {
    const at = shown.get(h.toString());
    if (at === undefined) skipped.push(h);
    else delays.push(at - announced.get(h.toString())!);
  }
  return { delays, skipped, compared: heights.length };
}

/**
 * A script to inject before the app's own: notes in `window.__cdLive` the wall-clock time each
 * height first reaches the DOM (`select`, the height in `attribute` or the text) and the next
 * animation frame after it, the frame that paints it.
 */
export function liveObserverScript(select: string, attribute?: string): string {
  return `(() => {
  const seen = (window.__cdLive = {});
  const now = () => performance.timeOrigin + performance.now();
  const note = () => {
    for (const el of document.querySelectorAll(${JSON.stringify(select)})) {
      const h = ${attribute ? `el.getAttribute(${JSON.stringify(attribute)})` : "el.textContent"}?.trim();
      if (!h || !/^\\d+$/.test(h) || seen[h]) continue;
      const entry = (seen[h] = { dom: now(), frame: 0 });
      requestAnimationFrame(() => { entry.frame = now(); });
    }
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;
}

/** Where the dashboard and the blocks page show new heights. */
export const LIVE_PAGES = [
  { id: "dashboard", route: "dashboard", what: "dashboard (the *Height* fact)", select: '[data-testid="dashboard-facts"] [data-fact="Height"]', attribute: undefined },
  { id: "blocks", route: "blocks", what: "blocks page (a new row)", select: "[data-testid=blocks-list] [data-height]", attribute: "data-height" },
] as const;

/**
 * An outside subscriber to the node's `query` events: for each frame `keyOf` names (a height, a
 * transaction id), the wall-clock ms it first arrived.
 */
export async function subscribeEvents(rpc: string, query: string, keyOf: (text: string) => string | undefined): Promise<{ readonly announced: ReadonlyMap<string, number>; close(): void }> {
  const announced = new Map<string, number>();
  const ws = new WebSocket(`${rpc.replace(/^http/, "ws")}/websocket`);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.on("message", (data: Buffer) => {
    const at = performance.timeOrigin + performance.now();
    const key = keyOf(data.toString("utf8"));
    if (key !== undefined && !announced.has(key)) announced.set(key, at);
  });
  ws.send(JSON.stringify({ jsonrpc: "2.0", method: "subscribe", id: "live", params: { query } }));
  return { announced, close: () => ws.close() };
}

/** The node's NewBlock events as an outside subscriber receives them: height → wall-clock ms. */
export function subscribeNewBlocks(rpc: string): ReturnType<typeof subscribeEvents> {
  return subscribeEvents(rpc, "tm.event='NewBlock'", (text) => /"height":"(\d+)"/.exec(text)?.[1]);
}

/** Waits until the subscriber has seen `blocks` heights after its first; the last of them. */
export async function awaitBlocks(announced: ReadonlyMap<string, number>, blocks: number, timeoutMs: number): Promise<bigint> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const heights = [...announced.keys()].map(BigInt);
    if (heights.length > 0 && heights.some((h) => h >= heights[0]! + BigInt(blocks))) return heights[0]! + BigInt(blocks);
    if (Date.now() > deadline) throw new Error(`fewer than ${blocks} blocks in ${timeoutMs} ms: is the devnet producing blocks?`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What the page noted (see liveObserverScript): height → time in the DOM and time of the frame after. */
export function readLiveNotes(notes: Record<string, { dom: number; frame: number }>): { dom: Map<string, number>; frame: Map<string, number> } {
  return {
    dom: new Map(Object.entries(notes).map(([h, s]) => [h, s.dom])),
    frame: new Map(Object.entries(notes).filter(([, s]) => s.frame > 0).map(([h, s]) => [h, s.frame])),
  };
}

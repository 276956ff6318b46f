/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
/**
 * Records what the renderer sees, for the secret scan at the end of each e2e suite: every
 * bridge frame in both directions on every page of every context of every browser this spec
 * file launches (pages that helpers open included), every URL those pages request, navigate
 * to or open a WebSocket on (where a secret would reach history, logs and other processes),
 * and at the end a snapshot of each open page's DOM, form values and storage. Frames are taken from Chromium's own WebSocket events,
 * so nothing in the app has to cooperate for them to be seen.
 */
import type { Browser, Page } from "playwright-core";
import type { Material, SecretKind } from "./secret-scan.js";

interface Frame {
  readonly where: string;
  readonly text: string;
  readonly allowed?: readonly SecretKind[];
}

/** Calls whose answer may carry a recovery phrase by design (the backup view and the reveal). */
const PHRASE_ANSWERS = new Set(["wallet.create", "wallet.reveal"]);
/** Calls that carry what the user typed to main: a phrase to import, a token to store. */
const TYPED_CALLS: Readonly<Record<string, SecretKind>> = { "wallet.import": "mnemonic", "network.setToken": "token", "wallet.importCliKey": "private key" };

const frames: Frame[] = [];
const pages: Page[] = [];
/** Snapshots of pages, taken as their test closed them (so a closed page is still scanned) or at the end. */
const retired: Material[] = [];
/** Pages whose snapshot could not be taken (a hung or crashed page). */
const unreadable: string[] = [];
let pageCount = 0;
/** How long a snapshot may take before the page is counted as unreadable. */
const SNAPSHOT_MS = 15_000;

function parse(text: string): { type?: unknown; id?: unknown; method?: unknown; event?: unknown } {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}

function watchPage(page: Page): void {
  const n = ++pageCount;
  pages.push(page);
  // A URL is recorded as material, never in `where`: a finding must not print what it found.
  let requests = 0;
  let navigations = 0;
  let sockets = 0;
  page.on("request", (request) => frames.push({ where: `page ${n}, the URL of request #${++requests}`, text: request.url() }));
  page.on("framenavigated", (frame) => frames.push({ where: `page ${n}, the URL it navigated to (#${++navigations})`, text: frame.url() }));
  page.on("websocket", (ws) => {
    frames.push({ where: `page ${n}, the WebSocket URL #${++sockets}`, text: ws.url() });
    const methods = new Map<unknown, string>(); // call id → method, to name each answer
    let sent = 0;
    let received = 0;
    ws.on("framesent", ({ payload }) => {
      const text = typeof payload === "string" ? payload : payload.toString("utf8");
      const f = parse(text);
      const method = typeof f.method === "string" ? f.method : "?";
      if (f.type === "call") methods.set(f.id, method);
      const typed = TYPED_CALLS[method];
      frames.push({ where: `page ${n}, frame sent #${++sent} (call ${method})`, text, allowed: typed ? [typed] : undefined });
    });
    ws.on("framereceived", ({ payload }) => {
      const text = typeof payload === "string" ? payload : payload.toString("utf8");
      const f = parse(text);
      const what = f.type === "event" ? `event ${String(f.event)}` : `answer to ${methods.get(f.id) ?? "?"}`;
      const allowed: SecretKind[] | undefined = f.type === "result" && PHRASE_ANSWERS.has(methods.get(f.id) ?? "") ? ["mnemonic"] : undefined;
      frames.push({ where: `page ${n}, frame received #${++received} (${what})`, text, allowed });
    });
  });
}

/** Starts recording every page that `browser` opens from now on. */
export function recordBrowser(browser: Browser): void {
  browser.on("context", (context) => context.on("page", watchPage));
}

/** Everything a page holds that a script in it could read: markup, text, form values, storage. */
async function pageSnapshot(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const values = [...document.querySelectorAll("input, textarea, select")].map((e) => (e as HTMLInputElement).value);
    const idb: unknown[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const all = db.transaction(store, "readonly").objectStore(store).getAll();
        idb.push(await new Promise((resolve) => (all.onsuccess = () => resolve(all.result))));
      }
      db.close();
    }
    return JSON.stringify({
      html: document.documentElement.outerHTML,
      text: document.body?.innerText ?? "",
      values,
      localStorage: { ...localStorage },
      sessionStorage: { ...sessionStorage },
      indexedDB: idb,
    });
  });
}

/** What `page` holds right now, as material for the scan: for a spec that checks one moment of its own. */
export async function pageMaterial(page: Page, where: string): Promise<Material> {
  return { where, text: await pageSnapshot(page) };
}

/** The snapshot of `page`, or undefined when the page does not answer in time. */
async function snapshotWithin(page: Page): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), SNAPSHOT_MS)));
  try {
    return await Promise.race([pageSnapshot(page), late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

const pageName = (page: Page, when: string) => `page ${pages.indexOf(page) + 1} ${when} (${page.url().replace(/[?#].*$/, "")})`;

/** Keeps what each recorded, still open page of `from` holds, as the scan will read it, or names the page as unreadable. */
async function takeSnapshots(from: readonly Page[], when: string): Promise<void> {
  for (const page of from) {
    if (page.isClosed() || !pages.includes(page)) continue;
    const text = await snapshotWithin(page);
    if (text === undefined) unreadable.push(pageName(page, when));
    else retired.push({ where: `${pageName(page, when)}: DOM, form values and storage`, text });
  }
}

/**
 * Takes the snapshot the scan will read of each recorded page in `closing` that is still open, so
 * the test that opened them can close them: open pages keep their live feeds, and a file's dozens of them
 * starve the machine the later tests run on.
 */
export const retirePages = (closing: readonly Page[]): Promise<void> => takeSnapshots(closing, "as its test closed it");

/**
 * The recorded frames plus a snapshot of every page, taken as its test closed it or now if it is
 * still open, as material for the scan; `unreadable` names the pages no snapshot could be taken of.
 */
export async function recordedMaterial(): Promise<{ materials: Material[]; frames: number; snapshots: number; unreadable: readonly string[] }> {
  await takeSnapshots(pages, "at the end");
  return { materials: [...frames, ...retired], frames: frames.length, snapshots: retired.length, unreadable: [...unreadable] };
}

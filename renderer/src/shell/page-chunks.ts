import { type ComponentType, createElement, type ReactElement } from "react";
import { type Page, page, type Preloadable } from "../components/lazy-page.js";
import { type Detail, detailShape, fragmentPath, parseDetail } from "../links/routes.js";
import { type PageShortcut, shortcutList } from "../links/shortcuts.js";

/**
 * Every page is its own chunk, loaded when first shown: the window's first script carries only
 * the shell, so it parses sooner, and a page's libraries (decoders, QR codes, the virtual list,
 * the contract's schemas) load with the first page that needs them.
 */
const chunk = {
  blockDetail: page(() => import("../explorer/pages/block/BlockDetailPage.js").then((m) => m.BlockDetailPage)),
  txDetail: page(() => import("../explorer/pages/TxDetailPage.js").then((m) => m.TxDetailPage)),
  account: page(() => import("../explorer/pages/search/AccountPage.js").then((m) => m.AccountPage)),
  node: page(() => import("../explorer/pages/node/NodePage.js").then((m) => m.NodePage)),
  nodeNetwork: page(() => import("../explorer/pages/node/NodeNetwork.js").then((m) => m.NodeNetwork)),
  unreadable: page(() => import("./UnreadableLink.js").then((m) => m.UnreadableLink)),
  unknownPage: page(() => import("./UnreadableLink.js").then((m) => m.UnknownPage)),
};

/** What the shell knows when it shows a page. */
export interface PageContext {
  readonly walletUnlocked: boolean;
}

interface PageEntry {
  /** The route: its fragment is `#/<id>`. */
  readonly id: string;
  /** The page's title and its entry in the navigation. */
  readonly label: string;
  /** Mod plus this key opens the page. */
  readonly shortcut?: string;
  /** The chunks the page renders, in order, each in its own Suspense boundary. */
  readonly chunks: readonly Page<object>[];
  /** The page's elements; without it, each chunk renders with no props. */
  readonly view?: (context: PageContext) => readonly ReactElement[];
}

/** A page with no props of its own, in one chunk. */
function plain(load: () => Promise<ComponentType>): readonly Page<object>[] {
  return [page(load)];
}

/**
 * THE page table: a navigation page's route, title, shortcut and chunk are declared here and
 * nowhere else. The navigation, the fragments, the shortcuts, the Settings page's list of them
 * and the chunk preloading all read it. Order is the navigation's order.
 */
export const PAGES = [
  { id: "dashboard", label: "Dashboard", chunks: plain(() => import("../explorer/pages/dashboard/DashboardPage.js").then((m) => m.DashboardPage)) },
  { id: "blocks", label: "Blocks", chunks: plain(() => import("../explorer/pages/block/BlocksPage.js").then((m) => m.BlocksPage)) },
  { id: "validators", label: "Validators", chunks: plain(() => import("../explorer/pages/validators/ValidatorsPage.js").then((m) => m.ValidatorsPage)) },
  { id: "mempool", label: "Mempool", chunks: plain(() => import("../explorer/pages/mempool/MempoolPage.js").then((m) => m.MempoolPage)) },
  { id: "consensus", label: "Consensus", chunks: plain(() => import("../explorer/pages/consensus/ConsensusPage.js").then((m) => m.ConsensusPage)) },
  { id: "genesis", label: "Genesis", chunks: plain(() => import("../explorer/pages/genesis/GenesisPage.js").then((m) => m.GenesisPage)) },
  { id: "search", label: "Search", chunks: plain(() => import("../explorer/pages/search/SearchPage.js").then((m) => m.SearchPage)) },
  { id: "console", label: "ABCI & RPC", chunks: plain(() => import("../explorer/pages/console/ConsolePage.js").then((m) => m.ConsolePage)) },
  { id: "node", label: "Node", shortcut: "1", chunks: [chunk.node, chunk.nodeNetwork] },
  { id: "watch", label: "Watch", chunks: plain(() => import("../watch/pages/WatchPage.js").then((m) => m.WatchPage)) },
  { id: "wallet", label: "Wallet", shortcut: "3", ...withProps(page(() => import("../wallet/pages/wallet/WalletPage.js").then((m) => m.WalletPage)), (c) => ({ unlocked: c.walletUnlocked })) },
  { id: "send", label: "Send", shortcut: "4", chunks: plain(() => import("../wallet/pages/send/SendPage.js").then((m) => m.SendPage)) },
  { id: "staking", label: "Staking", shortcut: "6", chunks: plain(() => import("../staking/pages/StakingPage.js").then((m) => m.StakingPage)) },
  { id: "governance", label: "Governance", shortcut: "7", chunks: plain(() => import("../governance/pages/GovernancePage.js").then((m) => m.GovernancePage)) },
  { id: "operator", label: "My validator", chunks: plain(() => import("../staking/pages/OperatorPage.js").then((m) => m.OperatorPage)) },
  { id: "transactions", label: "Transactions", shortcut: "5", chunks: plain(() => import("../wallet/pages/transactions/TransactionsPage.js").then((m) => m.TransactionsPage)) },
  { id: "networks", label: "Networks", shortcut: "2", chunks: plain(() => import("../networks/pages/NetworksPage.js").then((m) => m.NetworksPage)) },
  { id: "settings", label: "Settings", shortcut: ",", ...withProps(page(() => import("../settings/pages/SettingsPage.js").then((m) => m.SettingsPage)), () => ({ shortcuts: SHORTCUT_LIST })) },
] as const satisfies readonly PageEntry[];

/** A page whose component takes props that the shell fills from its context. */
function withProps<P extends object>(component: Page<P>, props: (context: PageContext) => P): Pick<PageEntry, "chunks" | "view"> {
  return { chunks: [component as Page<object>], view: (context) => [createElement(component, props(context))] };
}

export type RouteId = (typeof PAGES)[number]["id"];
export const DEFAULT_ROUTE: RouteId = "node";

const ENTRIES: readonly PageEntry[] = PAGES;

/** The page of a route. */
export function pageEntry(id: RouteId): PageEntry {
  return ENTRIES.find((p) => p.id === id)!;
}

/** The pages' shortcuts, in the order Mod+1, Mod+2 … then the others. */
export const PAGE_SHORTCUTS: ReadonlyArray<PageShortcut<RouteId>> = ENTRIES.flatMap((p) =>
  p.shortcut === undefined ? [] : [{ key: p.shortcut, route: p.id as RouteId, label: p.label }],
).sort((a, b) => shortcutOrder(a.key) - shortcutOrder(b.key));

function shortcutOrder(key: string): number {
  return /^\d$/.test(key) ? Number(key) : 10;
}

/** Every shortcut with its keys, as the Settings page lists them. */
export const SHORTCUT_LIST = shortcutList(PAGE_SHORTCUTS);

/** The elements a navigation page renders. */
export function pageElements(id: RouteId, context: PageContext): readonly ReactElement[] {
  const entry = pageEntry(id);
  return entry.view ? entry.view(context) : entry.chunks.map((c) => createElement(c));
}

/** The element of a detail page (a block, a transaction, an account). */
export function detailElement(d: Detail): ReactElement {
  if (d.kind === "block" || d.kind === "blockHash") return createElement(chunk.blockDetail, { key: d.kind === "block" ? d.height : d.hash, detail: d });
  if (d.kind === "tx") return createElement(chunk.txDetail, { key: d.hash, hash: d.hash });
  return createElement(chunk.account, { key: d.address, address: d.address });
}

/** What the default page says above itself when the fragment names no page. */
export function unknownPageElement(path: string): ReactElement {
  return createElement(chunk.unknownPage, { key: path, path, shown: pageEntry(DEFAULT_ROUTE).label });
}

/** What the page says of a detail link whose parameter names nothing. */
export function unreadableElement(u: NonNullable<Location["unreadable"]>): ReactElement {
  return createElement(chunk.unreadable, { key: u.hash, hash: u.hash });
}

/** The navigation page a detail counts as. */
const DETAIL_PARENT: Record<Detail["kind"], RouteId> = { block: "blocks", blockHash: "blocks", tx: "blocks", account: "search" };

/** Where the fragment points: a page of the navigation, and the thing it shows if any. */
export interface Location {
  readonly route: RouteId;
  readonly detail?: Detail;
  /** A detail link whose parameter names nothing: its page says why (`unreadableElement`), instead of another page. */
  readonly unreadable?: { readonly kind: "block" | "tx" | "account"; readonly hash: string };
  /** A fragment that names no page (a mistyped or an old link): the default page is shown, and says so. */
  readonly unknownPage?: string;
}

/** The page and detail a fragment names; anything unknown shows the default page, which says it was not found. */
export function parseLocation(hash: string): Location {
  const detail = parseDetail(hash);
  if (detail) return { route: DETAIL_PARENT[detail.kind], detail };
  const shape = detailShape(hash);
  if (shape) return { route: shape === "account" ? "search" : "blocks", unreadable: { kind: shape, hash } };
  const path = fragmentPath(hash);
  const found = ENTRIES.find((p) => routeHash(p.id as RouteId) === path);
  if (found) return { route: found.id as RouteId };
  // No fragment at all is the start; anything else was meant to be a page.
  return /^#?\/?$/.test(path) ? { route: DEFAULT_ROUTE } : { route: DEFAULT_ROUTE, unknownPage: path };
}

/** The navigation page a fragment names (details count as their parent page). */
export function parseRoute(hash: string): RouteId {
  return parseLocation(hash).route;
}

export function routeHash(id: RouteId): string {
  return `#/${id}`;
}

/** The chunks the page at `location` renders. */
function chunksFor(location: Location): readonly Preloadable[] {
  const d = location.detail;
  if (d?.kind === "block" || d?.kind === "blockHash") return [chunk.blockDetail];
  if (d?.kind === "tx") return [chunk.txDetail];
  if (d?.kind === "account") return [chunk.account];
  return pageEntry(location.route).chunks;
}

/**
 * Starts fetching the opening page's chunks at once, while the window still connects to main,
 * instead of after the shell first renders; a page whose chunk is in renders without suspending.
 */
export function preloadPage(location: Location): void {
  for (const c of chunksFor(location)) c.preload().catch(() => undefined);
}

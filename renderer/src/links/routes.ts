/** The shell's pages, addressed by the URL fragment so reloads and the menu can name them. */
export const ROUTES = [
  { id: "dashboard", label: "Dashboard", hash: "#/dashboard" },
  { id: "blocks", label: "Blocks", hash: "#/blocks" },
  { id: "validators", label: "Validators", hash: "#/validators" },
  { id: "mempool", label: "Mempool", hash: "#/mempool" },
  { id: "consensus", label: "Consensus", hash: "#/consensus" },
  { id: "genesis", label: "Genesis", hash: "#/genesis" },
  { id: "search", label: "Search", hash: "#/search" },
  { id: "console", label: "ABCI & RPC", hash: "#/console" },
  { id: "node", label: "Node", hash: "#/node" },
  { id: "wallet", label: "Wallet", hash: "#/wallet" },
  { id: "send", label: "Send", hash: "#/send" },
  { id: "transactions", label: "Transactions", hash: "#/transactions" },
  { id: "networks", label: "Networks", hash: "#/networks" },
  { id: "settings", label: "Settings", hash: "#/settings" },
] as const;

export type RouteId = (typeof ROUTES)[number]["id"];
export const DEFAULT_ROUTE: RouteId = "node";

/** A page that shows one thing: a block by height or hash, a transaction, an account. */
export type Detail =
  | { readonly kind: "block"; readonly height: string }
  | { readonly kind: "blockHash"; readonly hash: string }
  | { readonly kind: "tx"; readonly hash: string }
  | { readonly kind: "account"; readonly address: string };

/** Where the fragment points: a page of the navigation, and the thing it shows if any. */
export interface Location {
  readonly route: RouteId;
  readonly detail?: Detail;
}

const DETAILS: ReadonlyArray<{ re: RegExp; route: RouteId; make: (m: string) => Detail }> = [
  { re: /^#\/block\/([1-9]\d{0,19})$/, route: "blocks", make: (height) => ({ kind: "block", height }) },
  { re: /^#\/block\/hash\/([0-9A-Fa-f]{64})$/, route: "blocks", make: (h) => ({ kind: "blockHash", hash: h.toUpperCase() }) },
  { re: /^#\/tx\/([0-9A-Fa-f]{64})$/, route: "blocks", make: (h) => ({ kind: "tx", hash: h.toUpperCase() }) },
  { re: /^#\/account\/([a-z0-9]{8,128})$/, route: "search", make: (address) => ({ kind: "account", address }) },
];

/** The page and detail a fragment names; anything unknown shows the default page. */
export function parseLocation(hash: string): Location {
  const path = hash.split("?")[0] ?? "";
  for (const d of DETAILS) {
    const m = d.re.exec(path);
    if (m) return { route: d.route, detail: d.make(m[1]!) };
  }
  const found = ROUTES.find((r) => r.hash === path);
  return { route: found ? found.id : DEFAULT_ROUTE };
}

/** The navigation page a fragment names (details count as their parent page). */
export function parseRoute(hash: string): RouteId {
  return parseLocation(hash).route;
}

export function routeHash(id: RouteId): string {
  return ROUTES.find((r) => r.id === id)!.hash;
}

/** The fragment of a detail page: `#/tx/<HASH>` is the transaction route every hash links to. */
export function detailHash(detail: Detail): string {
  switch (detail.kind) {
    case "block":
      return `#/block/${detail.height}`;
    case "blockHash":
      return `#/block/hash/${detail.hash.toUpperCase()}`;
    case "tx":
      return `#/tx/${detail.hash.toUpperCase()}`;
    case "account":
      return `#/account/${detail.address}`;
  }
}

/** Where a transaction's hash links to: the explorer's transaction detail page. */
export function txDetailHash(txHash: string): string {
  return detailHash({ kind: "tx", hash: txHash });
}

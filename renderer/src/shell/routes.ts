/** The shell's pages, addressed by the URL fragment so reloads and the menu can name them. */
export const ROUTES = [
  { id: "node", label: "Node", hash: "#/node" },
  { id: "wallet", label: "Wallet", hash: "#/wallet" },
  { id: "send", label: "Send", hash: "#/send" },
  { id: "transactions", label: "Transactions", hash: "#/transactions" },
  { id: "networks", label: "Networks", hash: "#/networks" },
  { id: "settings", label: "Settings", hash: "#/settings" },
] as const;

export type RouteId = (typeof ROUTES)[number]["id"];
export const DEFAULT_ROUTE: RouteId = "node";

/** The page a fragment names; anything unknown shows the default page. */
export function parseRoute(hash: string): RouteId {
  const found = ROUTES.find((r) => r.hash === hash.split("?")[0]);
  return found ? found.id : DEFAULT_ROUTE;
}

export function routeHash(id: RouteId): string {
  return ROUTES.find((r) => r.id === id)!.hash;
}

/** Where a transaction's hash links to: the explorer's transaction detail page. */
export function txDetailHash(txHash: string): string {
  return `#/tx/${encodeURIComponent(txHash.toUpperCase())}`;
}

import type { Location } from "./routes.js";

/**
 * Every page is its own chunk, loaded when first shown: the window's first script carries only
 * the shell, so it parses sooner, and a page's libraries (decoders, QR codes, the virtual list,
 * the contract's schemas) load with the first page that needs them.
 */
export const pageChunks = {
  blockDetail: () => import("../explorer/pages/block/BlockDetailPage.js").then((m) => ({ default: m.BlockDetailPage })),
  blocks: () => import("../explorer/pages/block/BlocksPage.js").then((m) => ({ default: m.BlocksPage })),
  consensus: () => import("../explorer/pages/consensus/ConsensusPage.js").then((m) => ({ default: m.ConsensusPage })),
  console: () => import("../explorer/pages/console/ConsolePage.js").then((m) => ({ default: m.ConsolePage })),
  dashboard: () => import("../explorer/pages/dashboard/DashboardPage.js").then((m) => ({ default: m.DashboardPage })),
  genesis: () => import("../explorer/pages/genesis/GenesisPage.js").then((m) => ({ default: m.GenesisPage })),
  mempool: () => import("../explorer/pages/mempool/MempoolPage.js").then((m) => ({ default: m.MempoolPage })),
  nodeNetwork: () => import("../explorer/pages/node/NodeNetwork.js").then((m) => ({ default: m.NodeNetwork })),
  account: () => import("../explorer/pages/search/AccountPage.js").then((m) => ({ default: m.AccountPage })),
  search: () => import("../explorer/pages/search/SearchPage.js").then((m) => ({ default: m.SearchPage })),
  txDetail: () => import("../explorer/pages/TxDetailPage.js").then((m) => ({ default: m.TxDetailPage })),
  validators: () => import("../explorer/pages/validators/ValidatorsPage.js").then((m) => ({ default: m.ValidatorsPage })),
  node: () => import("../pages/NodePage.js").then((m) => ({ default: m.NodePage })),
  wallet: () => import("../pages/wallet/WalletPage.js").then((m) => ({ default: m.WalletPage })),
  send: () => import("../pages/send/SendPage.js").then((m) => ({ default: m.SendPage })),
  transactions: () => import("../pages/transactions/TransactionsPage.js").then((m) => ({ default: m.TransactionsPage })),
  networks: () => import("../pages/networks/NetworksPage.js").then((m) => ({ default: m.NetworksPage })),
  settings: () => import("../pages/SettingsPage.js").then((m) => ({ default: m.SettingsPage })),
};

/** The chunks the page at `location` renders. */
function chunksFor(location: Location): Array<() => Promise<unknown>> {
  const d = location.detail;
  if (d?.kind === "block" || d?.kind === "blockHash") return [pageChunks.blockDetail];
  if (d?.kind === "tx") return [pageChunks.txDetail];
  if (d?.kind === "account") return [pageChunks.account];
  if (location.route === "node") return [pageChunks.node, pageChunks.nodeNetwork];
  return [pageChunks[location.route]];
}

/**
 * Starts fetching the opening page's chunks at once, while the window still connects to main,
 * instead of after the shell first renders; React's `lazy` then finds them in the module cache.
 */
export function preloadPage(location: Location): void {
  for (const load of chunksFor(location)) load().catch(() => undefined);
}

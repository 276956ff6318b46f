import { type ComponentType, createElement, lazy, type ReactElement } from "react";
import type { Location } from "../links/routes.js";

/** A page component whose chunk can be fetched before it first renders. */
export type Page<P extends object> = ((props: P) => ReactElement) & Preloadable;

interface Preloadable {
  readonly preload: () => Promise<unknown>;
}

/**
 * A lazily loaded page that renders at once when its chunk is already in. A plain `lazy` component
 * suspends on its first render even then, and React holds the revealed Suspense content back for
 * up to 300 ms: on the opening page that delay was half the time to the first chain data.
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>): Page<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => ((loaded = component), { default: component }),
      (error: unknown) => {
        pending = undefined; // a failed fetch (the app was rebuilt, say) may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Loaded = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Loaded, { preload });
}

/**
 * Every page is its own chunk, loaded when first shown: the window's first script carries only
 * the shell, so it parses sooner, and a page's libraries (decoders, QR codes, the virtual list,
 * the contract's schemas) load with the first page that needs them.
 */
export const pages = {
  blockDetail: page(() => import("../explorer/pages/block/BlockDetailPage.js").then((m) => m.BlockDetailPage)),
  blocks: page(() => import("../explorer/pages/block/BlocksPage.js").then((m) => m.BlocksPage)),
  consensus: page(() => import("../explorer/pages/consensus/ConsensusPage.js").then((m) => m.ConsensusPage)),
  console: page(() => import("../explorer/pages/console/ConsolePage.js").then((m) => m.ConsolePage)),
  dashboard: page(() => import("../explorer/pages/dashboard/DashboardPage.js").then((m) => m.DashboardPage)),
  genesis: page(() => import("../explorer/pages/genesis/GenesisPage.js").then((m) => m.GenesisPage)),
  mempool: page(() => import("../explorer/pages/mempool/MempoolPage.js").then((m) => m.MempoolPage)),
  nodeNetwork: page(() => import("../explorer/pages/node/NodeNetwork.js").then((m) => m.NodeNetwork)),
  account: page(() => import("../explorer/pages/search/AccountPage.js").then((m) => m.AccountPage)),
  search: page(() => import("../explorer/pages/search/SearchPage.js").then((m) => m.SearchPage)),
  txDetail: page(() => import("../explorer/pages/TxDetailPage.js").then((m) => m.TxDetailPage)),
  validators: page(() => import("../explorer/pages/validators/ValidatorsPage.js").then((m) => m.ValidatorsPage)),
  node: page(() => import("../explorer/pages/node/NodePage.js").then((m) => m.NodePage)),
  wallet: page(() => import("../wallet/pages/wallet/WalletPage.js").then((m) => m.WalletPage)),
  send: page(() => import("../wallet/pages/send/SendPage.js").then((m) => m.SendPage)),
  transactions: page(() => import("../wallet/pages/transactions/TransactionsPage.js").then((m) => m.TransactionsPage)),
  networks: page(() => import("../networks/pages/NetworksPage.js").then((m) => m.NetworksPage)),
  settings: page(() => import("../settings/pages/SettingsPage.js").then((m) => m.SettingsPage)),
};

/** The chunks the page at `location` renders. */
function chunksFor(location: Location): Preloadable[] {
  const d = location.detail;
  if (d?.kind === "block" || d?.kind === "blockHash") return [pages.blockDetail];
  if (d?.kind === "tx") return [pages.txDetail];
  if (d?.kind === "account") return [pages.account];
  if (location.route === "node") return [pages.node, pages.nodeNetwork];
  return [pages[location.route]];
}

/**
 * Starts fetching the opening page's chunks at once, while the window still connects to main,
 * instead of after the shell first renders; a page whose chunk is in renders without suspending.
 */
export function preloadPage(location: Location): void {
  for (const chunk of chunksFor(location)) chunk.preload().catch(() => undefined);
}

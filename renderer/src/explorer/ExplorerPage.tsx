import { lazy, Suspense } from "react";
import type { Location } from "../shell/routes.js";
import { Loading } from "./components/states.js";

// Each page is its own chunk: the decoders (cosmjs-types) load with the first page that needs
// them, not with the window.
const BlockDetailPage = lazy(() => import("./pages/block/BlockDetailPage.js").then((m) => ({ default: m.BlockDetailPage })));
const BlocksPage = lazy(() => import("./pages/block/BlocksPage.js").then((m) => ({ default: m.BlocksPage })));
const ConsensusPage = lazy(() => import("./pages/consensus/ConsensusPage.js").then((m) => ({ default: m.ConsensusPage })));
const ConsolePage = lazy(() => import("./pages/console/ConsolePage.js").then((m) => ({ default: m.ConsolePage })));
const DashboardPage = lazy(() => import("./pages/dashboard/DashboardPage.js").then((m) => ({ default: m.DashboardPage })));
const GenesisPage = lazy(() => import("./pages/genesis/GenesisPage.js").then((m) => ({ default: m.GenesisPage })));
const MempoolPage = lazy(() => import("./pages/mempool/MempoolPage.js").then((m) => ({ default: m.MempoolPage })));
const NodeNetwork = lazy(() => import("./pages/node/NodeNetwork.js").then((m) => ({ default: m.NodeNetwork })));
const AccountPage = lazy(() => import("./pages/search/AccountPage.js").then((m) => ({ default: m.AccountPage })));
const SearchPage = lazy(() => import("./pages/search/SearchPage.js").then((m) => ({ default: m.SearchPage })));
const TxDetailPage = lazy(() => import("./pages/TxDetailPage.js").then((m) => ({ default: m.TxDetailPage })));
const ValidatorsPage = lazy(() => import("./pages/validators/ValidatorsPage.js").then((m) => ({ default: m.ValidatorsPage })));

/** The explorer's page for a location: a detail (block, tx, account) or one of its sections. */
export function ExplorerPage({ location }: { location: Location }) {
  return <Suspense fallback={<Loading what="the page" />}>{page(location)}</Suspense>;
}

function page(location: Location) {
  const d = location.detail;
  if (d?.kind === "block" || d?.kind === "blockHash") return <BlockDetailPage key={d.kind === "block" ? d.height : d.hash} detail={d} />;
  if (d?.kind === "tx") return <TxDetailPage key={d.hash} hash={d.hash} />;
  if (d?.kind === "account") return <AccountPage key={d.address} address={d.address} />;
  switch (location.route) {
    case "dashboard":
      return <DashboardPage />;
    case "blocks":
      return <BlocksPage />;
    case "validators":
      return <ValidatorsPage />;
    case "mempool":
      return <MempoolPage />;
    case "consensus":
      return <ConsensusPage />;
    case "genesis":
      return <GenesisPage />;
    case "search":
      return <SearchPage />;
    case "console":
      return <ConsolePage />;
    case "node":
      return <NodeNetwork />;
    default:
      return null;
  }
}

import type { Location } from "../shell/routes.js";
import { BlockDetailPage } from "./pages/block/BlockDetailPage.js";
import { BlocksPage } from "./pages/block/BlocksPage.js";
import { ConsensusPage } from "./pages/consensus/ConsensusPage.js";
import { ConsolePage } from "./pages/console/ConsolePage.js";
import { DashboardPage } from "./pages/dashboard/DashboardPage.js";
import { GenesisPage } from "./pages/genesis/GenesisPage.js";
import { MempoolPage } from "./pages/mempool/MempoolPage.js";
import { NodeNetwork } from "./pages/node/NodeNetwork.js";
import { AccountPage } from "./pages/search/AccountPage.js";
import { SearchPage } from "./pages/search/SearchPage.js";
import { TxDetailPage } from "./pages/TxDetailPage.js";
import { ValidatorsPage } from "./pages/validators/ValidatorsPage.js";

/** The explorer's page for a location: a detail (block, tx, account) or one of its sections. */
export function ExplorerPage({ location }: { location: Location }) {
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

import { Suspense } from "react";
import { pageChunks } from "../shell/page-chunks.js";
import type { Location } from "../shell/routes.js";
import { Loading } from "./components/states.js";

const BlockDetailPage = pageChunks.blockDetail;
const BlocksPage = pageChunks.blocks;
const ConsensusPage = pageChunks.consensus;
const ConsolePage = pageChunks.console;
const DashboardPage = pageChunks.dashboard;
const GenesisPage = pageChunks.genesis;
const MempoolPage = pageChunks.mempool;
const NodeNetwork = pageChunks.nodeNetwork;
const AccountPage = pageChunks.account;
const SearchPage = pageChunks.search;
const TxDetailPage = pageChunks.txDetail;
const ValidatorsPage = pageChunks.validators;

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

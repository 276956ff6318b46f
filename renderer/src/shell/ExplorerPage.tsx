import { Suspense } from "react";
import { pages } from "./page-chunks.js";
import type { Location } from "../links/routes.js";
import { Loading } from "../components/states.js";

/** The explorer's page for a location: a detail (block, tx, account) or one of its sections. */
export function ExplorerPage({ location }: { location: Location }) {
  return <Suspense fallback={<Loading what="the page" />}>{page(location)}</Suspense>;
}

function page(location: Location) {
  const d = location.detail;
  if (d?.kind === "block" || d?.kind === "blockHash") return <pages.blockDetail key={d.kind === "block" ? d.height : d.hash} detail={d} />;
  if (d?.kind === "tx") return <pages.txDetail key={d.hash} hash={d.hash} />;
  if (d?.kind === "account") return <pages.account key={d.address} address={d.address} />;
  switch (location.route) {
    case "dashboard":
      return <pages.dashboard />;
    case "blocks":
      return <pages.blocks />;
    case "validators":
      return <pages.validators />;
    case "mempool":
      return <pages.mempool />;
    case "consensus":
      return <pages.consensus />;
    case "genesis":
      return <pages.genesis />;
    case "search":
      return <pages.search />;
    case "console":
      return <pages.console />;
    case "node":
      return <pages.nodeNetwork />;
    default:
      return null;
  }
}

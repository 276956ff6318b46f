import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { Loading } from "../components/states.js";
import { walletKeys } from "../queries/wallet-queries.js";
import { useThemeState } from "../theme/ThemeProvider.js";
import { NetworkSwitcher } from "./NetworkSwitcher.js";
import { detailElement, PAGES, pageElements, pageEntry, routeHash, unknownPageElement, unreadableElement } from "./page-chunks.js";
import { KeyNoticeBanner } from "../networks/KeyNoticeBanner.js";
import { useSelectedNetwork } from "../queries/use-selected-network.js";
import { ProblemsBanner } from "./ProblemsBanner.js";
import { StatusBar } from "./StatusBar.js";
import { ThemeToggle } from "./ThemeToggle.js";
import { useRoute } from "./use-route.js";
import { useShortcuts } from "./use-shortcuts.js";
import { useActivity } from "./use-activity.js";

// The search box (and its bech32 and hash parsing) loads when first opened.
const SearchDialog = lazy(() => import("../explorer/search/SearchDialog.js").then((m) => ({ default: m.SearchDialog })));

/** The window's frame: header, navigation, the current page and the node status bar. */
/**
 * `arrived`: the app replaces a screen the user acted on (first run, lock, a failed read), so its
 * first page takes the keyboard too; a window that opens straight onto the app leaves it alone.
 */
export function AppShell({ walletUnlocked, arrived = false }: { walletUnlocked: boolean; arrived?: boolean }) {
  const api = useApi();
  const client = useQueryClient();
  const theme = useThemeState();
  const [route, go, location, moving] = useRoute();
  const [searching, setSearching] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const lock = async () => client.setQueryData(walletKeys.status(), await unwrap(api.wallet.lock({})));
  useActivity(walletUnlocked);
  const { network: selectedNetwork } = useSelectedNetwork();
  useShortcuts((action) => {
    if (action.type === "go") go(action.route);
    else if (action.type === "toggleTheme") theme.toggle();
    else if (action.type === "search") setSearching(true);
    else if (walletUnlocked) void lock();
  });
  // A page change moves focus to its heading, so keyboard and screen-reader users land on it.
  const first = useRef(true);
  useEffect(() => {
    // `arrived` matters on the first run only: it says how the shell came to be mounted.
    if (!first.current || arrived) heading.current?.focus();
    first.current = false;
  }, [route, location.detail, location.unreadable, location.unknownPage]);
  const page = pageEntry(route);
  const shown = location.unreadable ? [unreadableElement(location.unreadable)] : location.detail ? [detailElement(location.detail)] : pageElements(route, { walletUnlocked });
  const elements = location.unknownPage ? [unknownPageElement(location.unknownPage), ...shown] : shown;
  return (
    <div className="shell">
      <a className="skip-link" href="#content" onClick={(e) => { e.preventDefault(); heading.current?.focus(); }}>Skip to content</a>
      <header className="topbar">
        <span className="brand">Cometdesk</span>
        <NetworkSwitcher />
        <div className="topbar-actions">
          <button type="button" className="secondary" onClick={() => setSearching(true)} title="Search (Mod+K)" data-testid="open-search">
            Search…
          </button>
          <ThemeToggle />
          {walletUnlocked && <button type="button" onClick={() => void lock()} title="Lock the wallet (Mod+Shift+L)">Lock</button>}
        </div>
      </header>
      <nav className="sidenav" aria-label="Main">
        <ul>
          {PAGES.map((r) => (
            <li key={r.id}>
              <a href={routeHash(r.id)} aria-current={r.id === route ? "page" : undefined}>{r.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="content" className="content" aria-labelledby="page-title" aria-busy={moving || undefined} data-testid="page-content">
        <h1 id="page-title" ref={heading} tabIndex={-1}>{page.label}</h1>
        <ProblemsBanner />
        {walletUnlocked && <KeyNoticeBanner networkId={selectedNetwork?.id} />}
        {elements.map((element, i) => (
          <Suspense key={i} fallback={<Loading what="the page" />}>{element}</Suspense>
        ))}
      </main>
      <StatusBar />
      {searching && <Suspense fallback={null}><SearchDialog onClose={() => setSearching(false)} /></Suspense>}
    </div>
  );
}

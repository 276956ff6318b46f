import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useRef, useState } from "react";
import { useApi } from "../api/api-context.js";
import { errorMessage } from "../api/unwrap.js";
import { useMainEvents } from "../events/use-main-events.js";
import { walletQueries } from "../queries/wallet-queries.js";
import { AppShell } from "./AppShell.js";
import { LockScreen } from "../lock/LockScreen.js";
import { Loading } from "../components/states.js";
import { page } from "../components/lazy-page.js";

// Shown once per install, so its code loads when it is needed rather than with every start's first script.
const FirstRun = page(() => import("../lock/FirstRun.js").then((m) => m.FirstRun));

/**
 * What the window shows first: the first-run flow without a vault, the lock screen while the
 * vault is locked, the app once unlocked (or when the user explores without a wallet).
 */
export function Gate() {
  const api = useApi();
  useMainEvents();
  const status = useQuery(walletQueries.status(api));
  const [explore, setExplore] = useState(false);
  // Creating a vault unlocks it at once; the first-run flow stays up until the user has seen
  // (and confirmed) the new recovery phrase, instead of giving way to the app mid-step.
  const [firstRun, setFirstRun] = useState(false);
  // Set once a screen before the app has been shown (first run, lock, a failed read): the app
  // that replaces it takes the keyboard to its page's heading, since the button pressed is gone.
  const gated = useRef(false);
  useEffect(() => {
    if (status.data && !status.data.exists) setFirstRun(true);
  }, [status.data]);
  // The first-run chunk is fetched before the flow is rendered, not by a Suspense boundary: React
  // holds content revealed after a fallback back for up to 300 ms, a third of the way to the
  // welcome. A failed fetch is rendered too, so the boundary's lazy load tries again and fails in words.
  const [firstRunLoaded, setFirstRunLoaded] = useState(false);
  const needsFirstRun = status.data?.exists === false && !explore;
  useEffect(() => {
    if (!needsFirstRun || firstRunLoaded) return;
    let live = true;
    const settle = () => void (live && setFirstRunLoaded(true));
    FirstRun.preload().then(settle, settle);
    return () => {
      live = false;
    };
  }, [needsFirstRun, firstRunLoaded]);
  if (status.isPending) return <main className="centered" aria-busy="true"><p>Loading…</p></main>;
  if (explore && !status.data?.exists) return <AppShell walletUnlocked={false} arrived={gated.current} />;
  if (status.isError) {
    gated.current = true;
    return (
      <main className="centered">
        <div className="card" role="alert">
          <h1>The wallet could not be read</h1>
          <p>{errorMessage(status.error)}</p>
          <div className="row">
            <button type="button" onClick={() => void status.refetch()}>Try again</button>
            <button type="button" onClick={() => setExplore(true)}>Explore without a wallet</button>
          </div>
        </div>
      </main>
    );
  }
  const wallet = status.data;
  if (wallet.exists && wallet.locked) {
    gated.current = true;
    return <LockScreen />;
  }
  if ((firstRun || !wallet.exists) && !explore) {
    gated.current = true;
    const loading = <main className="centered" aria-busy="true"><Loading what="the first steps" /></main>;
    if (!firstRunLoaded) return loading;
    return (
      <Suspense fallback={loading}>
        <FirstRun onExplore={() => setExplore(true)} onFinished={() => setFirstRun(false)} />
      </Suspense>
    );
  }
  return <AppShell walletUnlocked={wallet.exists && !wallet.locked} arrived={gated.current} />;
}

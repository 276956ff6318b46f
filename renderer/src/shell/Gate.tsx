import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useApi } from "../api/api-context.js";
import { errorMessage } from "../api/unwrap.js";
import { useMainEvents } from "../events/use-main-events.js";
import { walletQueries } from "../queries/wallet-queries.js";
import { AppShell } from "./AppShell.js";
import { LockScreen } from "../lock/LockScreen.js";
import { Loading } from "../components/states.js";

// Shown once per install, so its code loads when it is needed rather than with every start's first script.
const FirstRun = lazy(() => import("../lock/FirstRun.js").then((m) => ({ default: m.FirstRun })));

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
    return (
      <Suspense fallback={<main className="centered" aria-busy="true"><Loading what="the first steps" /></main>}>
        <FirstRun onExplore={() => setExplore(true)} onFinished={() => setFirstRun(false)} />
      </Suspense>
    );
  }
  return <AppShell walletUnlocked={wallet.exists && !wallet.locked} arrived={gated.current} />;
}

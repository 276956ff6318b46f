import { useCallback, useEffect, useState, useTransition } from "react";
import { type Location, parseLocation, type RouteId, routeHash } from "./page-chunks.js";

/**
 * The current page from the URL fragment; the Electron menu navigates by setting it too.
 *
 * A move to another page is a transition: while the new page's chunk loads, the page shown stays
 * on screen, and the new one is shown as soon as its chunk is in. Outside a transition its
 * Suspense boundary would show "Loading the page" instead, and React holds content revealed after
 * a fallback back for up to 300 ms: the block page asked for its block 300 ms after it was opened.
 * The fourth value says a move is under way (the shell marks the page busy).
 */
export function useRoute(): [RouteId, (id: RouteId) => void, Location, boolean] {
  const [location, setLocation] = useState<Location>(() => parseLocation(window.location.hash));
  const [moving, startMove] = useTransition();
  useEffect(() => {
    const onHash = () => startMove(() => setLocation(parseLocation(window.location.hash)));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const go = useCallback((id: RouteId) => {
    window.location.hash = routeHash(id);
  }, []);
  // `moving`: a page was asked for and its chunk is still loading.
  return [location.route, go, location, moving];
}

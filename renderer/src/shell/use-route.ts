import { useCallback, useEffect, useState } from "react";
import { parseRoute, type RouteId, routeHash } from "./routes.js";

/** The current page from the URL fragment; the Electron menu navigates by setting it too. */
export function useRoute(): [RouteId, (id: RouteId) => void] {
  const [route, setRoute] = useState<RouteId>(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const go = useCallback((id: RouteId) => {
    window.location.hash = routeHash(id);
  }, []);
  return [route, go];
}

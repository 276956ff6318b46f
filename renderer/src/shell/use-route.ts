import { useCallback, useEffect, useState } from "react";
import { type Location, parseLocation, type RouteId, routeHash } from "./page-chunks.js";

/** The current page from the URL fragment; the Electron menu navigates by setting it too. */
export function useRoute(): [RouteId, (id: RouteId) => void, Location] {
  const [location, setLocation] = useState<Location>(() => parseLocation(window.location.hash));
  useEffect(() => {
    const onHash = () => setLocation(parseLocation(window.location.hash));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const go = useCallback((id: RouteId) => {
    window.location.hash = routeHash(id);
  }, []);
  return [location.route, go, location];
}

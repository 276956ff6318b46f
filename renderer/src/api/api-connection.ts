import { connectApi } from "./connect-api.js";

/**
 * The window's connection to main, started by the first module the entry runs: the bridge's
 * socket opens and its client's chunk is asked for before React and the app's modules are
 * evaluated (docs/benchmarks.md, Investigations, "First paint"). main.tsx renders with it.
 */
export const apiConnection = connectApi();

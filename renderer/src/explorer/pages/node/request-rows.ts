import type { EndpointRequestRate, Network } from "../../../../../shared/contract/network.js";

/** One row of the Node page's "Requests to this network's nodes", in words. */
export interface RequestRow {
  readonly endpoint: string;
  readonly perMinute: number;
  readonly refusedPerMinute: number;
  /** "8/s of 8/s": the rate main asks at now (lowered after a refusal), and the one set. */
  readonly rate: string;
  /** "resting 12 s" while the node asked for a rest, "3 waiting" while reads wait for a slot, else "". */
  readonly resting: string;
}

const bare = (url: string) => url.replace(/\/+$/, "");
const perSecond = (rate: number) => `${Number(rate.toFixed(1))}/s`;

/** Main's counts (network.requestRates) of the endpoints `network` reads from: its nodes and its access service. */
export function requestRows(network: Pick<Network, "rpcUrls" | "accessUrl">, endpoints: readonly EndpointRequestRate[]): RequestRow[] {
  const own = new Set([...network.rpcUrls, ...(network.accessUrl ? [network.accessUrl] : [])].map(bare));
  return endpoints
    .filter((e) => own.has(bare(e.endpoint)))
    .map((e) => ({
      endpoint: e.endpoint,
      perMinute: e.perMinute,
      refusedPerMinute: e.refusedPerMinute,
      rate: `${perSecond(e.ratePerSecond)} of ${perSecond(e.configuredRatePerSecond)}`,
      resting: e.restSeconds > 0 ? `resting ${e.restSeconds} s` : e.waiting > 0 ? `${e.waiting} waiting` : "",
    }));
}

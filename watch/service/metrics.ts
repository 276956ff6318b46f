import { Counter, Gauge, Registry } from "prom-client";
import type { WatchHost } from "./watch-host.js";

/**
 * The watch's figures in the Prometheus text format (docs/watch-service.md, "Metrics"), read from
 * the watch's status at each scrape, so a scrape always tells what the API would.
 */
export function createWatchMetrics(host: WatchHost) {
  const registry = new Registry();
  const all: Array<Gauge | Counter> = [];
  const g = (name: string, help: string, labelNames: string[]) => {
    const gauge = new Gauge({ name, help, labelNames, registers: [registry] });
    all.push(gauge);
    return gauge;
  };
  const v = ["network", "validator", "label", "moniker"];
  const validatorMissed = g("cometdesk_validator_missed_blocks", "Blocks the validator missed in the watch's uptime window", v);
  const validatorWindowMissed = g("cometdesk_validator_window_missed_blocks", "Blocks missed in x/slashing's signing window, as x/slashing counts them", v);
  const validatorUptime = g("cometdesk_validator_uptime_ratio", "Signed blocks over blocks seen in the watch's uptime window", v);
  const validatorJailed = g("cometdesk_validator_jailed", "1 when the validator is jailed", v);
  const validatorTombstoned = g("cometdesk_validator_tombstoned", "1 when the validator is tombstoned", v);
  const validatorPower = g("cometdesk_validator_voting_power", "The validator's voting power in the CometBFT set", v);
  const signingWindow = g("cometdesk_signing_window_blocks", "x/slashing's signed_blocks_window", ["network"]);
  const maxMissed = g("cometdesk_signing_window_max_missed_blocks", "Blocks a validator may miss in the window before it is jailed", ["network"]);
  const n = ["network", "node"];
  const nodeUp = g("cometdesk_node_up", "1 when the node answered its last probe, if only to refuse for load (then it is rate-limited, not down)", n);
  const nodeRateLimited = g("cometdesk_node_rate_limited", "1 while the node refuses the watch's status reads for load", n);
  const nodeHeight = g("cometdesk_node_height", "The node's latest block height", n);
  const nodeLag = g("cometdesk_node_lag_blocks", "Blocks the node is behind the highest node of its network", n);
  const nodePeers = g("cometdesk_node_peers", "The node's peers", n);
  const nodeLatency = g("cometdesk_node_latency_seconds", "How long the node's status took to answer", n);
  const chainHeight = g("cometdesk_chain_height", "The latest block the watch followed", ["network"]);
  const chainLastBlock = g("cometdesk_chain_last_block_time_seconds", "The latest followed block's header time (Unix seconds)", ["network"]);
  const chainStalled = g("cometdesk_chain_stalled", "1 while a chain-stalled alert is open", ["network"]);
  const openAlerts = g("cometdesk_alerts_open", "Open alert episodes", ["network"]);
  const r = ["route", "type"];
  const c = (name: string, help: string) => {
    const counter = new Counter({ name, help, labelNames: r, registers: [registry] });
    all.push(counter);
    return counter;
  };
  const routeDelivered = c("cometdesk_route_deliveries_total", "Messages the route's provider accepted");
  const routeFailures = c("cometdesk_route_failures_total", "Delivery attempts that failed");
  const routeGivenUp = c("cometdesk_route_given_up_total", "Messages given up (refused for good or out of attempts)");
  const routeDropped = c("cometdesk_route_dropped_total", "Messages dropped because the backlog was full");
  const routePending = g("cometdesk_route_backlog", "Messages waiting", r);

  function collect(): void {
    // Each scrape tells the present: a validator or node taken off the list leaves no stale series.
    for (const m of all) m.reset();
    const open = host.history.all().filter((a) => a.clearedAt === null);
    for (const id of host.networkIds()) {
      const s = host.watch.status(id);
      const network = { network: id };
      if (s.slashing) {
        signingWindow.set(network, Number(s.slashing.signedBlocksWindow));
        maxMissed.set(network, s.slashing.maxMissed);
      }
      for (const x of s.validators) {
        const labels = { network: id, validator: x.address, label: x.label, moniker: x.moniker ?? "" };
        validatorMissed.set(labels, x.missed);
        if (x.windowMissed !== null) validatorWindowMissed.set(labels, x.windowMissed);
        if (x.uptime !== null) validatorUptime.set(labels, x.uptime);
        validatorJailed.set(labels, x.jailed ? 1 : 0);
        validatorTombstoned.set(labels, x.tombstoned ? 1 : 0);
        if (x.votingPower !== null) validatorPower.set(labels, Number(x.votingPower));
      }
      const top = Math.max(0, ...s.nodes.map((x) => Number(x.height ?? 0)));
      for (const x of s.nodes) {
        const labels = { network: id, node: x.url };
        nodeUp.set(labels, x.up ? 1 : 0);
        nodeRateLimited.set(labels, x.flags.includes("rate_limited") ? 1 : 0);
        if (x.height !== null) {
          nodeHeight.set(labels, Number(x.height));
          nodeLag.set(labels, top - Number(x.height));
        }
        if (x.peers !== null) nodePeers.set(labels, x.peers);
        if (x.latencyMs !== null) nodeLatency.set(labels, x.latencyMs / 1000);
      }
      if (s.height !== null) chainHeight.set(network, Number(s.height));
      const last = host.lastBlockTime(id);
      if (last !== null) chainLastBlock.set(network, last / 1000);
      chainStalled.set(network, open.some((a) => a.networkId === id && a.kind === "chain_stalled") ? 1 : 0);
      openAlerts.set(network, open.filter((a) => a.networkId === id).length);
    }
    for (const x of host.routes.stats()) {
      const labels = { route: x.name, type: x.type };
      routeDelivered.inc(labels, x.delivered);
      routeFailures.inc(labels, x.failures);
      routeGivenUp.inc(labels, x.givenUp);
      routeDropped.inc(labels, x.dropped);
      routePending.set(labels, x.pending);
    }
  }

  return {
    contentType: registry.contentType,
    async text(): Promise<string> {
      collect();
      return registry.metrics();
    },
  };
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { ErrorState, Loading } from "../../components/states.js";
import { ChainText } from "../../components/text/ChainText.js";
import { FieldProblem, tiedTo } from "../../components/FieldProblem.js";
import { operatorAddressOf } from "../../../../shared/cosmos/staking/operator-address.js";
import { chainQueries } from "../../queries/chain-queries.js";
import { useSelectedNetwork } from "../../queries/use-selected-network.js";
import { walletQueries } from "../../queries/wallet-queries.js";
import { watchKeys, watchQueries } from "../../queries/watch-queries.js";
import { AlertHistory } from "./AlertHistory.js";
import { ChainSection } from "./ChainSection.js";
import { NodesTable } from "./NodesTable.js";
import { RulesForm } from "./RulesForm.js";
import { SetUptime } from "./SetUptime.js";
import { validatorRefProblem } from "./watch-checks.js";
import { WatchList } from "./WatchList.js";
import { WatchSource } from "./WatchSource.js";
import { BusyButton } from "../../components/BusyButton.js";

/** The operator's watch of the selected network: watched validators, the set's uptime, its nodes side by side, and the alerts. */
export function WatchPage() {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const status = useQuery({ ...watchQueries.status(api, network?.id ?? ""), enabled: network !== undefined });
  if (!network || status.isPending) return <Loading what="the watch" />;
  if (status.isError) return <ErrorState what="the watch" error={status.error} retry={() => void status.refetch()} />;
  const s = status.data;
  return (
    <>
      <p className="muted" data-testid="watch-summary">
        {s.following ? `Following ${network.name} at height ${s.height ?? "…"}` : `${network.name} is not followed now`}
        {s.blockTimeMs !== null && `, a block every ${(s.blockTimeMs / 1000).toFixed(1)} s`}
        {s.slashing && `; the chain jails a validator that misses more than ${s.slashing.maxMissed} of ${s.slashing.signedBlocksWindow} blocks`}
        {s.webhookError && <span role="alert"> Webhook: {s.webhookError}</span>}
      </p>
      {s.skippedBlocks > 0 && (
        <p className="field-warning" role="status" data-testid="watch-skipped">
          The watch let {s.skippedBlocks === 1 ? "1 block" : `${s.skippedBlocks.toLocaleString()} blocks`} of {network.name} go unread (its node answered slower than blocks came, or refused to give their commits): their signatures are not counted below, neither as signed nor as missed.
        </p>
      )}
      <WatchSource networkId={network.id} connection={s.connection} />
      <WatchedNetworks />
      <AllowNotifications />
      <OwnValidators networkId={network.id} bech32Prefix={network.bech32Prefix} watched={s.validators.map((v) => v.address)} />
      <AddValidator networkId={network.id} />
      <WatchList networkId={network.id} status={s} />
      <NodesTable networkId={network.id} nodes={s.nodes} />
      <AlertHistory networkId={network.id} rules={s.config.rules} pace={s} />
      <ChainSection status={s} />
      <RulesForm key={network.id} networkId={network.id} config={s.config} pace={s} />
      <SetUptime status={s} />
    </>
  );
}

/** Every network the watch follows, the selected one and those watched in the background, with their open alerts. */
function WatchedNetworks() {
  const api = useApi();
  const list = useQuery(watchQueries.networks(api));
  const others = list.data?.networks.filter((n) => !n.selected) ?? [];
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="watched-networks-title">
      <h2 id="watched-networks-title">Also watched</h2>
      <p className="muted">These networks are watched while another is selected; their alerts notify as this one&apos;s do.</p>
      <ul data-testid="watch-networks">
        {others.map((n) => (
          <li key={n.networkId} data-network={n.networkId}>
            {n.name}: height {n.height ?? "…"}, {n.openAlerts === 1 ? "1 open alert" : `${n.openAlerts} open alerts`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The validators the wallet's own accounts operate on this network and the watch does not follow
 * yet, each one click from being watched: what an operator who opened the app with their key
 * wants watched first.
 */
function OwnValidators({ networkId, bech32Prefix, watched }: { networkId: string; bech32Prefix: string; watched: readonly string[] }) {
  const api = useApi();
  const client = useQueryClient();
  const accounts = useQuery({ ...walletQueries.accounts(api), retry: false });
  const set = useQuery(chainQueries.stakingValidators(api, networkId));
  const [adding, setAdding] = useState<string>();
  // The validator last asked for: its button names the refusal, if main refused it.
  const [asked, setAsked] = useState<string>();
  const add = useAction(async (operator: string) => {
    setAdding(operator);
    setAsked(operator);
    try {
      await unwrap(api.watch.addValidator({ networkId, address: operator }));
      await client.invalidateQueries({ queryKey: watchKeys.status(networkId) });
    } finally {
      setAdding(undefined);
    }
  });
  const operators = new Map((accounts.data?.accounts ?? []).map((a) => [operatorAddressOf(a.address, bech32Prefix), a.label]));
  const own = (set.data?.validators ?? []).filter((v) => operators.has(v.operatorAddress) && !watched.includes(v.address));
  if (own.length === 0) return null;
  return (
    <section aria-labelledby="own-validators-title" data-testid="own-validators">
      <h2 id="own-validators-title">Your validators</h2>
      <ul className="own-validators">
        {own.map((v) => (
          <li key={v.operatorAddress}>
            {operators.get(v.operatorAddress)} operates <ChainText value={v.moniker || v.operatorAddress} />, which the watch does not follow yet.{" "}
            <button type="button" disabled={adding !== undefined} aria-describedby={add.error && asked === v.operatorAddress ? "own-validators-error" : undefined} onClick={() => void add.run(v.operatorAddress)}>
              {adding === v.operatorAddress ? "Adding…" : <>Watch <ChainText value={v.moniker || "it"} /></>}
            </button>
          </li>
        ))}
      </ul>
      <FieldProblem id="own-validators" problem={add.error} alert />
    </section>
  );
}

function AddValidator({ networkId }: { networkId: string }) {
  const api = useApi();
  const client = useQueryClient();
  const [address, setAddress] = useState("");
  const [label, setLabel] = useState("");
  // What was wrong at the last submit; it goes once the field is edited. Main's own refusals
  // (a bad checksum, an account's address) show at the field as main words them.
  const [problem, setProblem] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const add = useAction(async () => {
    await unwrap(api.watch.addValidator({ networkId, address: address.trim(), label: label.trim() || undefined }));
    setAddress("");
    setLabel("");
    await client.invalidateQueries({ queryKey: watchKeys.status(networkId) });
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validatorRefProblem(address);
    setProblem(found);
    add.clearError();
    if (found) return field.current?.focus();
    void add.run();
  };
  const error = problem ?? add.error;
  return (
    <form className="watch-add" onSubmit={submit} noValidate aria-label="Watch a validator">
      <label>
        Validator address
        <input ref={field} id="watch-add" value={address} onChange={(e) => {
            setAddress(e.target.value);
            setProblem(undefined);
            add.clearError();
          }} placeholder="…valoper1…, …valcons1… or hex" required spellCheck={false} {...tiedTo("watch-add", error)} />
      </label>
      <label>
        {/* One element: the label is a column flexbox, where bare text and a span would be two lines. */}
        <span>Label <span className="muted">(optional)</span></span>
        <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={64} />
      </label>
      <BusyButton busy={add.pending} busyLabel="Adding…">Watch</BusyButton>
      <FieldProblem id="watch-add" problem={error} alert />
    </form>
  );
}

/** In a browser, alerts reach the desktop only once the user allows it (the app's main notifies by itself). */
function AllowNotifications() {
  const [permission, setPermission] = useState(() => (typeof Notification === "undefined" ? "denied" : Notification.permission));
  if (permission !== "default") return null;
  return (
    <p>
      <button type="button" className="secondary" onClick={() => void Notification.requestPermission().then(setPermission)}>
        Allow desktop notifications for alerts
      </button>
    </p>
  );
}

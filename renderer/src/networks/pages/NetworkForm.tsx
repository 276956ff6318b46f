import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Network } from "../../../../shared/contract/network.js";
import { useApi } from "../../api/api-context.js";
import { errorMessage, unwrap } from "../../api/unwrap.js";
import { FormError } from "../../components/FormError.js";
import { FieldProblem, tiedTo } from "../../components/FieldProblem.js";
import { focusFirstProblem } from "../../components/focus-first-problem.js";
import { afterNetworkChange } from "../../queries/network-queries.js";
import { coinTypeToConfirm, confirmCoinTypeLabel, EMPTY_FORM, formFromFacts, formFromNetwork, needsNodeCheck, networkFormProblems, networkFromForm, networkPatchFromForm, type NetworkFormProblems, type NetworkFormValues, separateFeeToken } from "./network-form.js";
import { BusyButton } from "../../components/BusyButton.js";
import { isHttpUrl } from "../../../../shared/net/http-url.js";
import type { ResultOf } from "../../../../shared/contract/index.js";
import { ChainFacts } from "./ChainFacts.js";

type TextField = Exclude<keyof NetworkFormValues, "rpcVia" | "rpcUrls" | "keyAlgo" | "pubKeyTypeUrl" | "confirmedCoinType" | "readDenoms" | "readGasPrices">;
type NetworkFacts = ResultOf<"network.describe">;

const FIELDS: ReadonlyArray<{ key: TextField; label: string; hint?: string }> = [
  { key: "name", label: "Name" },
  { key: "chainId", label: "Chain id" },
  { key: "accessUrl", label: "Access service URL", hint: "Optional: the Transaction Access Interface in front of this chain. Another host, port or scheme drops the network's token: set it again." },
  { key: "bech32Prefix", label: "Address prefix" },
  { key: "denomBase", label: "Token denom (base unit)", hint: "The token amounts are shown in, like uatom; fees are paid in it too, unless the network names another fee token." },
  { key: "denomDisplay", label: "Display unit" },
  { key: "denomExponent", label: "Display exponent" },
  { key: "gasPrice", label: "Gas price (fee token per gas unit)", hint: "Optional, like 0.025: without an access service the app prices each transaction's gas with it; you can still set the fee yourself." },
  { key: "bondDenom", label: "Staking denom (bond denom)", hint: "Optional: what delegations are in, as the chain's staking params name it (ustake, uatom). Left empty, the Staking page asks the chain." },
  { key: "coinType", label: "Coin type (SLIP-44)", hint: "Empty is 118. The wallet's addresses on this network are derived at m/44'/<coin type>'/0'/0/<account>: 330 for Terra, 394 for Crypto.org, 60 for EVM chains." },
  { key: "hdPath", label: "HD path (optional)", hint: "Your own path, with {index} where the account's number goes: m/44'/118'/0'/0/{index} keeps the addresses of a wallet made at 118." },
  { key: "requestsPerSecond", label: "Requests per second to each node", hint: "8 suits most public nodes. The app asks each node at most this often, and slower by itself when the node refuses for load." },
  { key: "maxWaitSeconds", label: "Longest wait for a rate limit (seconds)", hint: "When a node asks the app to slow down, a read waits out each pause up to this long, and six such waits in all, before it fails in words; 0 fails at once." },
];

/** The nodes disagreed with the form: each problem at its field (network.check). */
class NodeProblems extends Error {
  constructor(readonly problems: NetworkFormProblems) {
    super("the nodes disagree with the form");
  }
}

/** The fields in the order the form shows them: the first with a problem takes the keyboard. */
const ORDER: ReadonlyArray<keyof NetworkFormValues> = [...FIELDS.map((f) => f.key), "rpcUrls", "rpcVia", "keyAlgo", "pubKeyTypeUrl"];

/** Adds a network, or edits one; main checks every field against the contract again. */
export function NetworkForm({ network, onDone }: { network: Network | undefined; onDone: (added?: Network) => void }) {
  const api = useApi();
  const client = useQueryClient();
  const [values, setValues] = useState<NetworkFormValues>(() => (network ? formFromNetwork(network) : EMPTY_FORM));
  // What was wrong at the last submit, at its field; a field's problem goes once it is edited.
  const [problems, setProblems] = useState<NetworkFormProblems>({});
  // What the chain said when the user asked it, and what it could not say.
  const [read, setRead] = useState<{ facts: NetworkFacts; unread: Array<{ field: string; reason: string }> }>();
  const [offline, setOffline] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const input = networkFromForm(values, network);
      // The nodes are asked before anything is saved, unless the user saves for nodes that are offline now.
      if (!offline && needsNodeCheck(input, network)) {
        const checked = await unwrap(api.network.check({ chainId: input.chainId, bech32Prefix: input.bech32Prefix, rpcUrls: input.rpcUrls }));
        if (Object.keys(checked.problems).length > 0) throw new NodeProblems(checked.problems);
      }
      return unwrap(network ? api.network.update({ id: network.id, patch: networkPatchFromForm(values, network) }) : api.network.add(input));
    },
    onSuccess: async (saved) => {
      await afterNetworkChange(client);
      onDone(network ? undefined : saved);
    },
    onError: (error) => {
      if (!(error instanceof NodeProblems)) return;
      setProblems(error.problems);
      focusFirstProblem(ORDER, error.problems, (key) => `network-${key}`);
    },
  });
  const describe = useMutation({
    mutationFn: (rpcUrl: string) => unwrap(api.network.describe({ rpcUrl })),
    onSuccess: (facts) => {
      const filled = formFromFacts(facts, values);
      setValues(filled.values);
      setRead({ facts, unread: filled.unread });
      setProblems({});
    },
    onError: (error) => {
      setRead(undefined);
      setProblems({ rpcUrls: errorMessage(error) });
      focusFirstProblem(ORDER, { rpcUrls: "x" }, (key) => `network-${key}`);
    },
  });
  const readFromNode = () => {
    const first = values.rpcUrls.split(/[\s,]+/).find(Boolean) ?? "";
    if (!isHttpUrl(first)) {
      const problem = first ? `Not an http:// or https:// address: “${first.slice(0, 60)}”.` : "Give the node's RPC URL first, like https://rpc.example.org.";
      setProblems((p) => ({ ...p, rpcUrls: problem }));
      focusFirstProblem(ORDER, { rpcUrls: problem }, (key) => `network-${key}`);
      return;
    }
    describe.mutate(first);
  };
  const set = (key: TextField | "rpcUrls" | "rpcVia" | "keyAlgo" | "pubKeyTypeUrl", value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = networkFormProblems(values, network);
    setProblems(found);
    // Nothing is sent until all are right.
    if (focusFirstProblem(ORDER, found, (key) => `network-${key}`)) return;
    save.mutate();
  };
  const feeToken = separateFeeToken(network);
  // A coin type no chain in chain-registry uses is saved only once the user says it is this chain's.
  const toConfirm = coinTypeToConfirm(values);
  const confirm = (checked: boolean) => {
    setValues((v) => ({ ...v, confirmedCoinType: checked ? toConfirm : undefined }));
    setProblems(({ coinType: _gone, ...rest }) => rest);
  };
  const tie = (key: keyof NetworkFormValues) => tiedTo(`network-${key}`, problems[key]);
  const problem = (key: keyof NetworkFormValues) => <FieldProblem id={`network-${key}`} problem={problems[key]} />;
  return (
    <form className="card form-grid" onSubmit={submit} noValidate aria-labelledby="network-form-title">
      <h2 id="network-form-title">{network ? `Edit ${network.name}` : "Add a network"}</h2>
      {FIELDS.map((f, i) => (
        <div key={f.key} className="field">
          <label htmlFor={`network-${f.key}`}>{f.label}</label>
          <input id={`network-${f.key}`} value={values[f.key]} autoFocus={i === 0} onChange={(e) => set(f.key, e.target.value)} spellCheck={false} {...tie(f.key)} />
          {problem(f.key)}
          {f.hint && <small>{f.hint}</small>}
          {f.key === "coinType" && toConfirm !== undefined && (
            <label className="inline"><input type="checkbox" checked={values.confirmedCoinType === toConfirm} onChange={(e) => confirm(e.target.checked)} /> {confirmCoinTypeLabel(toConfirm)}</label>
          )}
          {f.key === "gasPrice" && feeToken && <small>This network's fees are paid in {feeToken}: the price is {feeToken} per gas unit, not the token above.</small>}
        </div>
      ))}
      <div className="field">
        <label htmlFor="network-rpcUrls">Node RPC URLs (one per line)</label>
        <textarea id="network-rpcUrls" rows={2} value={values.rpcUrls} onChange={(e) => set("rpcUrls", e.target.value)} spellCheck={false} {...tie("rpcUrls")} />
        {problem("rpcUrls")}
        <div className="row">
          <BusyButton type="button" className="secondary" busy={describe.isPending} busyLabel="Reading the node…" onClick={readFromNode} aria-describedby="network-read-hint">Fill in from the node</BusyButton>
        </div>
        <small id="network-read-hint">Reads the chain id, prefix, denoms, gas price and staking denom from the first node (and chain-registry), into the fields above: check them, then save.</small>
        <label className="inline"><input type="checkbox" checked={offline} onChange={(e) => setOffline(e.target.checked)} /> Save without asking the nodes (they are offline now)</label>
      </div>
      {read && <ChainFacts facts={read.facts} unread={read.unread} />}
      <div className="field">
        <label htmlFor="network-rpcVia">Explorer calls go</label>
        <select id="network-rpcVia" value={values.rpcVia} onChange={(e) => set("rpcVia", e.target.value)}>
          <option value="direct">straight to the node</option>
          <option value="access">through the access service</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="network-keyAlgo">Key algorithm</label>
        <select id="network-keyAlgo" value={values.keyAlgo} onChange={(e) => set("keyAlgo", e.target.value)}>
          <option value="secp256k1">secp256k1 (Cosmos SDK)</option>
          <option value="ethsecp256k1">ethsecp256k1 (Ethereum-style: Injective, Evmos, Cronos, cosmos/evm chains)</option>
        </select>
      </div>
      {values.keyAlgo === "ethsecp256k1" && (
        <div className="field">
          <label htmlFor="network-pubKeyTypeUrl">Public key type URL</label>
          <input
            id="network-pubKeyTypeUrl"
            value={values.pubKeyTypeUrl}
            placeholder="/cosmos.evm.crypto.v1.ethsecp256k1.PubKey"
            spellCheck={false}
            aria-describedby="network-pubKeyTypeUrl-hint"
            {...tiedTo("network-pubKeyTypeUrl", problems.pubKeyTypeUrl)}
            onChange={(e) => set("pubKeyTypeUrl", e.target.value)}
          />
          <FieldProblem id="network-pubKeyTypeUrl" problem={problems.pubKeyTypeUrl} />
          <small id="network-pubKeyTypeUrl-hint">The type the chain gives its keys in a transaction: /injective.crypto.v1beta1.ethsecp256k1.PubKey on Injective, /ethermint.crypto.v1.ethsecp256k1.PubKey on Ethermint chains. Empty: the cosmos/evm type.</small>
        </div>
      )}
      {Object.keys(problems).length > 0 && (
        <p className="form-error" role="alert">
          {Object.keys(problems).length === 1 ? "One field needs a change" : `${Object.keys(problems).length} fields need a change`} before the network can be saved.
        </p>
      )}
      <FormError message={save.isError && !(save.error instanceof NodeProblems) ? errorMessage(save.error) : undefined} />
      <div className="row">
        <BusyButton busy={save.isPending} busyLabel="Saving…">{network ? "Save changes" : "Add network"}</BusyButton>
        <button type="button" className="secondary" onClick={() => onDone()}>Cancel</button>
      </div>
    </form>
  );
}

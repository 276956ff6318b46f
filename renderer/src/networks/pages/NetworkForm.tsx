import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Network } from "../../../../shared/contract/network.js";
import { useApi } from "../../api/api-context.js";
import { errorMessage, unwrap } from "../../api/unwrap.js";
import { FormError } from "../../components/FormError.js";
import { FieldProblem, tiedTo } from "../../components/FieldProblem.js";
import { focusFirstProblem } from "../../components/focus-first-problem.js";
import { afterNetworkChange } from "../../queries/network-queries.js";
import { EMPTY_FORM, formFromNetwork, networkFormProblems, networkFromForm, networkPatchFromForm, type NetworkFormProblems, type NetworkFormValues, separateFeeToken } from "./network-form.js";
import { BusyButton } from "../../components/BusyButton.js";

const FIELDS: ReadonlyArray<{ key: Exclude<keyof NetworkFormValues, "rpcVia" | "rpcUrls" | "keyAlgo">; label: string; hint?: string }> = [
  { key: "name", label: "Name" },
  { key: "chainId", label: "Chain id" },
  { key: "accessUrl", label: "Access service URL", hint: "Optional: the Transaction Access Interface in front of this chain. Another host, port or scheme drops the network's token: set it again." },
  { key: "bech32Prefix", label: "Address prefix" },
  { key: "denomBase", label: "Token denom (base unit)", hint: "The token amounts are shown in, like uatom; fees are paid in it too, unless the network names another fee token." },
  { key: "denomDisplay", label: "Display unit" },
  { key: "denomExponent", label: "Display exponent" },
  { key: "gasPrice", label: "Gas price (fee token per gas unit)", hint: "Optional, like 0.025: without an access service the app prices each transaction's gas with it; you can still set the fee yourself." },
  { key: "coinType", label: "Coin type (SLIP-44)", hint: "Empty is 118. The wallet's addresses on this network are derived at m/44'/<coin type>'/0'/0/<account>: 330 for Terra, 394 for Crypto.org, 60 for EVM chains." },
  { key: "hdPath", label: "HD path (optional)", hint: "Your own path, with {index} where the account's number goes: m/44'/118'/0'/0/{index} keeps the addresses of a wallet made at 118." },
];

/** The fields in the order the form shows them: the first with a problem takes the keyboard. */
const ORDER: ReadonlyArray<keyof NetworkFormValues> = [...FIELDS.map((f) => f.key), "rpcUrls", "rpcVia", "keyAlgo"];

/** Adds a network, or edits one; main checks every field against the contract again. */
export function NetworkForm({ network, onDone }: { network: Network | undefined; onDone: (added?: Network) => void }) {
  const api = useApi();
  const client = useQueryClient();
  const [values, setValues] = useState<NetworkFormValues>(() => (network ? formFromNetwork(network) : EMPTY_FORM));
  // What was wrong at the last submit, at its field; a field's problem goes once it is edited.
  const [problems, setProblems] = useState<NetworkFormProblems>({});
  const save = useMutation({
    mutationFn: () => unwrap(network ? api.network.update({ id: network.id, patch: networkPatchFromForm(values, network) }) : api.network.add(networkFromForm(values))),
    onSuccess: async (saved) => {
      await afterNetworkChange(client);
      onDone(network ? undefined : saved);
    },
  });
  const set = (key: keyof NetworkFormValues, value: string) => {
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
          {f.key === "gasPrice" && feeToken && <small>This network's fees are paid in {feeToken}: the price is {feeToken} per gas unit, not the token above.</small>}
        </div>
      ))}
      <div className="field">
        <label htmlFor="network-rpcUrls">Node RPC URLs (one per line)</label>
        <textarea id="network-rpcUrls" rows={2} value={values.rpcUrls} onChange={(e) => set("rpcUrls", e.target.value)} spellCheck={false} {...tie("rpcUrls")} />
        {problem("rpcUrls")}
      </div>
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
      {Object.keys(problems).length > 0 && (
        <p className="form-error" role="alert">
          {Object.keys(problems).length === 1 ? "One field needs a change" : `${Object.keys(problems).length} fields need a change`} before the network can be saved.
        </p>
      )}
      <FormError message={save.isError ? errorMessage(save.error) : undefined} />
      <div className="row">
        <BusyButton busy={save.isPending} busyLabel="Saving…">{network ? "Save changes" : "Add network"}</BusyButton>
        <button type="button" className="secondary" onClick={() => onDone()}>Cancel</button>
      </div>
    </form>
  );
}

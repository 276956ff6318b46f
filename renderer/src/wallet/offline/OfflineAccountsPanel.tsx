import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { BusyButton } from "../../components/BusyButton.js";
import { walletKeys } from "../../queries/wallet-queries.js";
import { accountOption, MEMBER_SIGNING_KINDS, type AccountKind } from "../../../../shared/wallet/account-kinds.js";
import { useSelectedAccount } from "../use-selected-account.js";

/**
 * Adds accounts whose keys are elsewhere: an address to watch, a multisig by its members' keys
 * (docs/offline-signing.md). A member may be one of this wallet's own keys, in the vault or on a
 * Ledger: its key is added to the list in simd's form, and it signs the multisig's exports here.
 */
export function OfflineAccountsPanel() {
  const api = useApi();
  const client = useQueryClient();
  const [watch, setWatch] = useState({ address: "", label: "" });
  const [multi, setMulti] = useState({ label: "", members: "", threshold: "2", nosort: false });
  const [preview, setPreview] = useState<string>();
  const [added, setAdded] = useState<string>();
  const { accounts } = useSelectedAccount();
  const ownKeys = accounts.filter((a) => a.pubKey && (a.kind === undefined || (MEMBER_SIGNING_KINDS as readonly AccountKind[]).includes(a.kind)));
  const addOwnKey = (pubKey: string) => {
    const line = JSON.stringify({ "@type": "/cosmos.crypto.secp256k1.PubKey", key: pubKey });
    if (!multi.members.includes(line)) setMulti({ ...multi, members: `${multi.members.trimEnd()}${multi.members.trim() ? "\n" : ""}${line}\n` });
    setPreview(undefined);
  };
  const members = () => multi.members.split("\n").map((m) => m.trim()).filter((m) => m.length > 0);
  const addWatch = useAction(async () => {
    const account = await unwrap(api.offline.addWatch({ address: watch.address.trim(), label: watch.label }));
    setAdded(`Watching ${account.label}: ${account.address}`);
    await client.invalidateQueries({ queryKey: walletKeys.accounts() });
  });
  const showAddress = useAction(async () => {
    setPreview((await unwrap(api.offline.multisigAddress({ members: members(), threshold: Number(multi.threshold), nosort: multi.nosort }))).address);
  });
  const addMultisig = useAction(async () => {
    const account = await unwrap(api.offline.addMultisig({ label: multi.label, members: members(), threshold: Number(multi.threshold), nosort: multi.nosort }));
    setAdded(`Added the multisig ${account.label}: ${account.address}`);
    await client.invalidateQueries({ queryKey: walletKeys.accounts() });
  });
  return (
    <section aria-labelledby="offline-title" className="panel stack">
      <h2 id="offline-title">Keys kept elsewhere</h2>
      <form className="stack" aria-label="Watch an address" onSubmit={(e) => { e.preventDefault(); void addWatch.run(); }}>
        <label>Address to watch<input value={watch.address} onChange={(e) => setWatch({ ...watch, address: e.target.value })} /></label>
        <label>Name<input value={watch.label} onChange={(e) => setWatch({ ...watch, label: e.target.value })} /></label>
        <BusyButton busy={addWatch.pending} busyLabel="Adding…">Watch this address</BusyButton>
        {addWatch.error && <p role="alert" className="form-error">{addWatch.error}</p>}
      </form>
      <form className="stack" aria-label="Add a multisig account" onSubmit={(e) => { e.preventDefault(); void addMultisig.run(); }}>
        <label>Members' public keys, one a line (as simd keys show --pubkey prints them)<textarea rows={4} value={multi.members} onChange={(e) => { setMulti({ ...multi, members: e.target.value }); setPreview(undefined); }} /></label>
        {ownKeys.length > 0 && (
          <label>Add a key of this wallet as a member
            <select value="" onChange={(e) => { if (e.target.value) addOwnKey(e.target.value); }}>
              <option value="">Choose an account…</option>
              {ownKeys.map((a) => <option key={a.address} value={a.pubKey}>{accountOption(a)}</option>)}
            </select>
          </label>
        )}
        <label>Signatures needed<input inputMode="numeric" value={multi.threshold} onChange={(e) => { setMulti({ ...multi, threshold: e.target.value }); setPreview(undefined); }} /></label>
        <label><input type="checkbox" checked={multi.nosort} onChange={(e) => { setMulti({ ...multi, nosort: e.target.checked }); setPreview(undefined); }} /> Keep the members in this order (simd's --nosort)</label>
        <label>Name<input value={multi.label} onChange={(e) => setMulti({ ...multi, label: e.target.value })} /></label>
        <BusyButton type="button" className="secondary" busy={showAddress.pending} busyLabel="Working it out…" onClick={() => void showAddress.run()}>Show its address</BusyButton>
        {preview && <p role="status">Address: <code className="address">{preview}</code></p>}
        {showAddress.error && <p role="alert" className="form-error">{showAddress.error}</p>}
        <BusyButton busy={addMultisig.pending} busyLabel="Adding…">Add the multisig</BusyButton>
        {addMultisig.error && <p role="alert" className="form-error">{addMultisig.error}</p>}
      </form>
      {added && <p role="status">{added}</p>}
    </section>
  );
}

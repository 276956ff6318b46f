import { detailHash } from "./routes.js";
import { ChainText } from "../components/text/ChainText.js";

const short = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

/**
 * A transaction hash anywhere in the app, linking to its detail page (`#/tx/<HASH>`). Pass
 * `full` to show the whole hash instead of its ends.
 */
export function TxHashLink({ hash, full = false, tabIndex }: { hash: string; full?: boolean; tabIndex?: number }) {
  const upper = hash.toUpperCase();
  return (
    <a className="mono hash-link" href={detailHash({ kind: "tx", hash: upper })} title={upper} data-testid="tx-hash-link" tabIndex={tabIndex}>
      {full ? upper : short(upper)}
    </a>
  );
}

/** A block height linking to the block's detail page (`tabIndex` -1 inside a keyboard-driven list row). */
export function BlockLink({ height, tabIndex }: { height: string; tabIndex?: number }) {
  return (
    <a className="mono" href={detailHash({ kind: "block", height })} tabIndex={tabIndex}>
      {height}
    </a>
  );
}

/**
 * A bech32 address linking to its transactions. Anything else (hidden characters, another
 * script's letters) is not linked, and is shown with its hidden characters visible.
 */
export function AddressLink({ address }: { address: string }) {
  const ok = /^[a-z0-9]{8,128}$/.test(address);
  if (!ok) return <ChainText value={address} className="mono" />;
  return (
    <a className="mono" href={detailHash({ kind: "account", address })}>
      {address}
    </a>
  );
}

/** A hex hash shown whole, in monospace, breakable anywhere. */
export function Hash({ value }: { value: string }) {
  return <span className="mono hash">{value || "—"}</span>;
}

import { unreadableDetail } from "../links/unreadable-detail.js";

const NOUN = { block: "block", tx: "transaction", account: "account" } as const;

/**
 * A detail link whose parameter names nothing (a negative height, a hash of the wrong length, an
 * address in capitals), said on the page the link belongs to. Its own chunk: the reasons stay out
 * of the window's first script.
 */
export function UnreadableLink({ hash }: { hash: string }) {
  const u = unreadableDetail(hash);
  if (!u) return null;
  return (
    <div role="alert" className="state-error card" data-testid="unreadable-link">
      <p>This link names no {NOUN[u.kind]}. {u.reason}</p>
    </div>
  );
}

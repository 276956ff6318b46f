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

/** Longer fragments are cut in the notice: the words matter, not a pasted page of text. */
const SHOWN_CHARS = 80;

/**
 * A fragment that names no page (`#/nowhere`, a link of an older version): the default page is
 * shown under this notice, so the user is not left guessing why they landed there.
 */
export function UnknownPage({ path, shown }: { path: string; shown: string }) {
  const text = path.length > SHOWN_CHARS ? `${path.slice(0, SHOWN_CHARS)}…` : path;
  return (
    <div role="alert" className="state-error card" data-testid="unknown-page">
      <p>There is no page at {text}. This is the {shown} page; the others are in the navigation.</p>
    </div>
  );
}

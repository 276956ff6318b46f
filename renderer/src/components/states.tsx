import type { ReactNode } from "react";
import { errorMessage } from "../api/unwrap.js";

/** What a page shows while its first answer is on the way. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="state-loading" aria-busy="true" role="status">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

/** A failed read, with why and a retry; main refetches it by itself when the node comes back. */
export function ErrorState({ what, error, retry }: { what: string; error: unknown; retry?: () => void }) {
  return (
    <div role="alert" className="state-error card">
      <p>
        Could not load {what}: {errorMessage(error)}
      </p>
      {retry && (
        <button type="button" className="secondary" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state-empty muted">{children}</p>;
}

interface QueryLike<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly isPending: boolean;
  readonly refetch: () => unknown;
}

/** Loading, error or the data: the three states every explorer section has. */
export function QueryView<T>({ query, what, children }: { query: QueryLike<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <ErrorState what={what} error={query.error} retry={() => void query.refetch()} />;
  return <Loading what={what} />;
}

/** A definition list of label/value pairs; values are React nodes, strings render as text. */
export function Facts({ rows, testId }: { rows: ReadonlyArray<readonly [string, ReactNode]>; testId?: string }) {
  return (
    <dl className="facts" data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd data-fact={k}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Fragments of the pages that show one thing. The navigation pages themselves, with their
 * fragments, titles and shortcuts, are the shell's page table (`renderer/src/shell/page-chunks.ts`).
 */

/** A page that shows one thing: a block by height or hash, a transaction, an account. */
export type Detail =
  | { readonly kind: "block"; readonly height: string }
  | { readonly kind: "blockHash"; readonly hash: string }
  | { readonly kind: "tx"; readonly hash: string }
  | { readonly kind: "account"; readonly address: string };

const DETAILS: ReadonlyArray<{ re: RegExp; make: (m: string) => Detail }> = [
  { re: /^#\/block\/([1-9]\d{0,19})$/, make: (height) => ({ kind: "block", height }) },
  { re: /^#\/block\/hash\/([0-9A-Fa-f]{64})$/, make: (h) => ({ kind: "blockHash", hash: h.toUpperCase() }) },
  { re: /^#\/tx\/([0-9A-Fa-f]{64})$/, make: (h) => ({ kind: "tx", hash: h.toUpperCase() }) },
  { re: /^#\/account\/([a-z0-9]{8,128})$/, make: (address) => ({ kind: "account", address }) },
];

/** The fragment's path, without a query. */
export function fragmentPath(hash: string): string {
  return hash.split("?")[0] ?? "";
}

/** The detail a fragment names, if it names one. */
export function parseDetail(hash: string): Detail | undefined {
  const path = fragmentPath(hash);
  for (const d of DETAILS) {
    const m = d.re.exec(path);
    if (m) return d.make(m[1]!);
  }
  return undefined;
}

/**
 * The kind of detail page a fragment is shaped as (`#/block/…`, `#/block/hash/…`, `#/tx/…`,
 * `#/account/…`), whether or not its parameter names anything; undefined for any other fragment.
 * Why one names nothing is said by `unreadable-detail.ts`, loaded with the page that says it.
 */
export function detailShape(hash: string): "block" | "tx" | "account" | undefined {
  const m = /^#\/(block|tx|account)\//.exec(fragmentPath(hash));
  return m ? (m[1] as "block" | "tx" | "account") : undefined;
}

/** The fragment of a detail page: `#/tx/<HASH>` is the transaction route every hash links to. */
export function detailHash(detail: Detail): string {
  switch (detail.kind) {
    case "block":
      return `#/block/${detail.height}`;
    case "blockHash":
      return `#/block/hash/${detail.hash.toUpperCase()}`;
    case "tx":
      return `#/tx/${detail.hash.toUpperCase()}`;
    case "account":
      return `#/account/${detail.address}`;
  }
}

/** Where a transaction's hash links to: the explorer's transaction detail page. */
export function txDetailHash(txHash: string): string {
  return detailHash({ kind: "tx", hash: txHash });
}

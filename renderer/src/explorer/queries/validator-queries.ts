import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import type { ResultOf } from "../../../../shared/contract/index.js";
import { unwrap } from "../../api/unwrap.js";
import { explorerKeys as K, VALIDATOR_SET_REFRESH_MS } from "../../queries/explorer-keys.js";

type Validator = ResultOf<"chain.validators">["validators"][number];
export interface ValidatorSet { readonly blockHeight: string; readonly total: number; readonly validators: readonly Validator[] }

/** `validators` answers at most 100 per page. */
const PER_PAGE = 100;
/** 100 pages: ten thousand validators, beyond any chain's set, and a bound on a hostile node's `total`. */
const MAX_PAGES = 100;

/**
 * The whole validator set at one height, read page by page. Pages after the first are pinned to
 * the first answer's height, so a set read at the head cannot mix two heights.
 */
export async function readValidatorSet(api: CometdeskApi, height?: string): Promise<ValidatorSet> {
  const first = await unwrap(api.chain.validators({ height, page: 1, perPage: PER_PAGE }));
  const validators = [...first.validators];
  const pages = Math.min(MAX_PAGES, Math.ceil(first.total / PER_PAGE));
  for (let page = 2; page <= pages && validators.length < first.total; page++) {
    const next = await unwrap(api.chain.validators({ height: first.blockHeight, page, perPage: PER_PAGE }));
    if (next.validators.length === 0) break;
    validators.push(...next.validators);
  }
  return { blockHeight: first.blockHeight, total: first.total, validators };
}

export const validatorQueries = {
  /** The set at the head: read again when a block's validators hash changes, and every 30 s, not on each block. */
  head: (api: CometdeskApi, n: string) =>
    queryOptions({ queryKey: K.validatorHead(n, "set"), queryFn: () => readValidatorSet(api), refetchInterval: VALIDATOR_SET_REFRESH_MS, retry: false, placeholderData: (p) => p }),
  /** The set at a past height never changes. */
  at: (api: CometdeskApi, n: string, height: string) =>
    queryOptions({ queryKey: K.validatorsAt(n, height), queryFn: () => readValidatorSet(api, height), retry: false, staleTime: Infinity }),
};

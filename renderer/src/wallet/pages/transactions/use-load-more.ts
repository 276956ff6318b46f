import { useEffect, useState } from "react";

/** The part of an infinite query that paging needs. */
interface Pager {
  readonly data?: { readonly pages: readonly unknown[] };
  readonly hasNextPage: boolean;
  readonly isFetching: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * "Load more" that is not lost to a live refresh: an event that refetches the list while the next
 * page is on its way cancels that fetch, so the number of pages asked for is kept (per filter,
 * named by `key`) and fetched again once the refresh is done.
 */
export function useLoadMore(list: Pager, key: string): () => void {
  const [want, setWant] = useState({ key, pages: 1 });
  const wanted = want.key === key ? want.pages : 1;
  const have = list.data?.pages.length ?? 0;
  const { hasNextPage, isFetching } = list;
  useEffect(() => {
    if (have > 0 && have < wanted && hasNextPage && !isFetching) void list.fetchNextPage();
  }, [have, wanted, hasNextPage, isFetching, list]);
  return () => {
    setWant({ key, pages: have + 1 });
    void list.fetchNextPage();
  };
}

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { qry } from '@/lib/qry';
import type { RibbonFilter } from '../lib/filter';
import { ribbonPagesKey } from '../lib/live-cache';

export const RIBBON_PAGE = 50;

/**
 * The ribbon's pages for a filter, newest first; `fetchNextPage` reads the next older page.
 * Live events are put on the first page by the stream (lib/live-cache.ts), so a reload never
 * waits for the network to show them.
 */
export function useRibbonPages(filter: RibbonFilter) {
  return useInfiniteQuery({
    queryKey: ribbonPagesKey(filter),
    queryFn: ({ pageParam }) =>
      qry('ribbon.list', { ...filter, before: pageParam, limit: RIBBON_PAGE }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

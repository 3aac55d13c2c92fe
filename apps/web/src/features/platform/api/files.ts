import { FILE_LIMITS, type FileInfo } from '@fiscus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { opKey, qry, reads } from '@/lib/qry';

/** Ids the server can know: stored file ids are 16–40 lower-case letters and digits. */
const FILE_ID = /^[a-z0-9]{16,40}$/;

/** The distinct file ids among `values` (strings only), sorted so the query key is stable. */
export function fileIdsOf(values: readonly unknown[]): string[] {
  const ids = new Set<string>();
  for (const v of values) if (typeof v === 'string' && FILE_ID.test(v)) ids.add(v);
  return [...ids].sort();
}

/** `files.get` for any number of ids (batches of 500); unknown ids are simply absent. */
export async function filesGet(ids: readonly string[]): Promise<Map<string, FileInfo>> {
  const out = new Map<string, FileInfo>();
  const wanted = fileIdsOf(ids);
  for (let i = 0; i < wanted.length; i += 500) {
    const batch = wanted.slice(i, i + 500);
    const res = await qry('files.get', { ids: batch });
    for (const f of res.items) out.set(f.id, f);
  }
  return out;
}

/** The files with these ids by id, cached under the `files.get` key (with a suffix: a map). */
export function fileInfosOptions(values: readonly unknown[]) {
  const ids = fileIdsOf(values);
  return queryOptions({
    queryKey: [...opKey('files.get', { ids }), 'by-id'] as const,
    queryFn: () => filesGet(ids),
    staleTime: reads['files.get'].staleTime,
  });
}

/** Names, sizes and types of the files with these ids — one query for everything on screen. */
export function useFileInfos(values: readonly unknown[]) {
  const ids = useMemo(() => fileIdsOf(values), [values]);
  return useQuery({
    ...fileInfosOptions(ids),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Largest file the one-request upload takes by default. */
export const uploadMaxBytes = FILE_LIMITS.uploadMaxBytes;

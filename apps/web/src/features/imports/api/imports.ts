import type { Import, OpInput } from '@fiscus/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { applyOpEffects, useOp } from '@/lib/qry';
import { isActive, isFinished } from '../lib/status';

/** How often running imports are asked for their progress (ms). */
export const POLL_MS = 1000;

/**
 * An import that was seen running and is now finished has written its rows: what `imports.run`
 * makes stale (the object's records, the tables) is refreshed once more.
 */
function useFinishedRuns(imports: readonly Import[]) {
  const client = useQueryClient();
  const running = useRef(new Set<string>());
  useEffect(() => {
    for (const imp of imports) {
      if (isActive(imp.status)) running.current.add(imp.id);
      else if (isFinished(imp.status) && running.current.delete(imp.id))
        applyOpEffects(client, 'imports.run', { id: imp.id }, imp);
    }
  }, [imports, client]);
}

const none: Import[] = [];

/** `imports.list`; polls while any listed import is queued or running. */
export function useImports(input: OpInput<'imports.list'>, options: { enabled?: boolean } = {}) {
  const list = useOp('imports.list', input, {
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((i) => isActive(i.status)) ? POLL_MS : false),
  });
  useFinishedRuns(list.data?.items ?? none);
  return list;
}

/** `imports.get`; polls while the import is queued or running. */
export function useImport(id: string | null) {
  const one = useOp(
    'imports.get',
    { id: id ?? '' },
    {
      enabled: !!id,
      refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? POLL_MS : false),
    },
  );
  const data = one.data;
  useFinishedRuns(data ? [data] : none);
  return one;
}

/** `imports.preview` (20 rows) with the given reading settings. */
export function usePreview(
  id: string | null,
  settings: OpInput<'imports.preview'>['settings'],
  options: { enabled?: boolean } = {},
) {
  return useOp(
    'imports.preview',
    { id: id ?? '', settings, limit: 20 },
    { enabled: !!id && (options.enabled ?? true), placeholderData: keepPreviousData },
  );
}

/** `imports.log`, one page. */
export function useImportLog(id: string | null, offset: number, limit: number) {
  return useOp(
    'imports.log',
    { id: id ?? '', offset, limit },
    { enabled: !!id, placeholderData: keepPreviousData },
  );
}

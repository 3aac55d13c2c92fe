import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.history` */
export function recordsHistoryOptions(input: OpInput<'records.history'>) {
  return queryOptions({
    queryKey: platformKeys.history(input.objectId, input.id),
    queryFn: () => qry('records.history', input),
    staleTime: 0,
  });
}

export function useRecordHistory(
  input: OpInput<'records.history'>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...recordsHistoryOptions(input), enabled: options.enabled ?? true });
}

import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.list` */
export function recordsListOptions(input: OpInput<'records.list'>) {
  return queryOptions({
    queryKey: platformKeys.recordsList(input),
    queryFn: () => qry('records.list', input),
    staleTime: 30000,
  });
}

export function useRecordsList(
  input: OpInput<'records.list'>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...recordsListOptions(input), enabled: options.enabled ?? true });
}

import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.count` */
export function recordsCountOptions(input: OpInput<'records.count'>) {
  return queryOptions({
    queryKey: platformKeys.recordsCount(input),
    queryFn: () => qry('records.count', input),
    staleTime: 30000,
  });
}

export function useRecordsCount(
  input: OpInput<'records.count'>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...recordsCountOptions(input), enabled: options.enabled ?? true });
}

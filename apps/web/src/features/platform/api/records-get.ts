import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.get` */
export function recordsGetOptions(input: OpInput<'records.get'>) {
  return queryOptions({
    queryKey: platformKeys.record(input.objectId, input.id),
    queryFn: () => qry('records.get', input),
    staleTime: 10000,
  });
}

export function useRecord(input: OpInput<'records.get'>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...recordsGetOptions(input), enabled: options.enabled ?? true });
}

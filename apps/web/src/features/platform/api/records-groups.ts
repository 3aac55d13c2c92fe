import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.groups` */
export function recordsGroupsOptions(input: OpInput<'records.groups'>) {
  return queryOptions({
    queryKey: platformKeys.recordsGroups(input),
    queryFn: () => qry('records.groups', input),
    staleTime: 30000,
  });
}

export function useRecordsGroups(
  input: OpInput<'records.groups'>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...recordsGroupsOptions(input), enabled: options.enabled ?? true });
}

import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `members.list` */
export function membersListOptions(input: OpInput<'members.list'>) {
  return queryOptions({
    queryKey: platformKeys.members(),
    queryFn: () => qry('members.list', input),
    staleTime: 30000,
  });
}

export function useMembers(input: OpInput<'members.list'>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...membersListOptions(input), enabled: options.enabled ?? true });
}

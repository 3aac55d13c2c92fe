import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `domains.list` */
export function domainsListOptions(input: OpInput<'domains.list'>) {
  return queryOptions({
    queryKey: platformKeys.domains(),
    queryFn: () => qry('domains.list', input),
    staleTime: 30000,
  });
}

export function useDomains(input: OpInput<'domains.list'>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...domainsListOptions(input), enabled: options.enabled ?? true });
}

import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `tables.list` */
export function tablesListOptions(input: OpInput<'tables.list'>) {
  return queryOptions({
    queryKey: platformKeys.tables(),
    queryFn: () => qry('tables.list', input),
    staleTime: 10000,
  });
}

export function useTables(input: OpInput<'tables.list'>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...tablesListOptions(input), enabled: options.enabled ?? true });
}

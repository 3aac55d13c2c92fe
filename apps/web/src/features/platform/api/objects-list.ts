import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `objects.list` */
export function objectsListOptions(input: OpInput<'objects.list'>) {
  return queryOptions({
    queryKey: platformKeys.objectsList(input.kind),
    queryFn: () => qry('objects.list', input),
    staleTime: 30000,
  });
}

export function useObjects(input: OpInput<'objects.list'>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...objectsListOptions(input), enabled: options.enabled ?? true });
}

import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `objects.get` */
export function objectsGetOptions(input: OpInput<'objects.get'>) {
  return queryOptions({
    queryKey: platformKeys.objectMeta(input.id),
    queryFn: () => qry('objects.get', input),
    staleTime: 30000,
  });
}

export function useObject(input: OpInput<'objects.get'>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...objectsGetOptions(input), enabled: options.enabled ?? true });
}

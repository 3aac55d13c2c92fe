import type { OpInput } from '@fiscus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `views.list` */
export function viewsListOptions(input: OpInput<'views.list'>) {
  return queryOptions({
    queryKey: platformKeys.views(input.objectId),
    queryFn: () => qry('views.list', input),
    staleTime: 30000,
  });
}

export function useViews(input: OpInput<'views.list'>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...viewsListOptions(input), enabled: options.enabled ?? true });
}

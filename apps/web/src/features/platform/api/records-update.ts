import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.update` */
export const recordsUpdate = (input: OpInput<'records.update'>) => qry('records.update', input);

/**
 * `refreshLists: false` keeps the open grid's windows (an inline edit patches its row in place);
 * the record itself and its log are refreshed either way.
 */
export function useUpdateRecord(options: { refreshLists?: boolean } = {}) {
  const queryClient = useQueryClient();
  const refreshLists = options.refreshLists ?? true;
  return useMutation({
    mutationFn: recordsUpdate,
    onSuccess: (data, input) => {
      queryClient.setQueryData(platformKeys.record(input.objectId, input.id), data);
      void queryClient.invalidateQueries({
        queryKey: platformKeys.history(input.objectId, input.id),
      });
      if (refreshLists)
        void queryClient.invalidateQueries({ queryKey: platformKeys.records(input.objectId) });
    },
  });
}

import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.delete` */
export const recordsDelete = (input: OpInput<'records.delete'>) => qry('records.delete', input);

export function useDeleteRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordsDelete,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.records(input.objectId) });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

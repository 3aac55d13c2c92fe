import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.restore` */
export const recordsRestore = (input: OpInput<'records.restore'>) => qry('records.restore', input);

export function useRestoreRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordsRestore,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.records(input.objectId) });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.create` */
export const recordsCreate = (input: OpInput<'records.create'>) => qry('records.create', input);

export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordsCreate,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.records(input.objectId) });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

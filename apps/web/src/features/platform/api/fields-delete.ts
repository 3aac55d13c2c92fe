import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `fields.delete` */
export const fieldsDelete = (input: OpInput<'fields.delete'>) => qry('fields.delete', input);

export function useDeleteField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fieldsDelete,
    onSuccess: (_data, _input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.objects() });
      void queryClient.invalidateQueries({ queryKey: platformKeys.all });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

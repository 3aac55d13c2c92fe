import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `fields.create` */
export const fieldsCreate = (input: OpInput<'fields.create'>) => qry('fields.create', input);

export function useCreateField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fieldsCreate,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.objects() });
      void queryClient.invalidateQueries({ queryKey: platformKeys.object(input.objectId) });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `fields.update` */
export const fieldsUpdate = (input: OpInput<'fields.update'>) => qry('fields.update', input);

export function useUpdateField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fieldsUpdate,
    onSuccess: (data, _input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.objects() });
      void queryClient.invalidateQueries({ queryKey: platformKeys.object(data.objectId) });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `objects.delete` */
export const objectsDelete = (input: OpInput<'objects.delete'>) => qry('objects.delete', input);

export function useDeleteObject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: objectsDelete,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.objects() });
      void queryClient.invalidateQueries({ queryKey: platformKeys.object(input.id) });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

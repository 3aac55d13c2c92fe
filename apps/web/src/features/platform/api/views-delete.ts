import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `views.delete` */
export const viewsDelete = (input: OpInput<'views.delete'> & { objectId: string }) =>
  qry('views.delete', { id: input.id });

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: viewsDelete,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.views(input.objectId) });
    },
  });
}

import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `objects.update` */
export const objectsUpdate = (input: OpInput<'objects.update'>) => qry('objects.update', input);

export function useUpdateObject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: objectsUpdate,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.objects() });
      void queryClient.invalidateQueries({ queryKey: platformKeys.object(input.id) });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

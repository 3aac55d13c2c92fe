import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `objects.create` */
export const objectsCreate = (input: OpInput<'objects.create'>) => qry('objects.create', input);

export function useCreateObject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: objectsCreate,
    onSuccess: (_data, _input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.objects() });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tables() });
    },
  });
}

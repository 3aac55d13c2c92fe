import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `views.save` */
export const viewsSave = (input: OpInput<'views.save'>) => qry('views.save', input);

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: viewsSave,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.views(input.objectId) });
    },
  });
}

import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `domains.rename` */
export const domainsRename = (input: OpInput<'domains.rename'>) => qry('domains.rename', input);

export function useRenameDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: domainsRename,
    onSuccess: (_data, _input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.domains() });
    },
  });
}

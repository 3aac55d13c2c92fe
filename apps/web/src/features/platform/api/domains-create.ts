import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `domains.create` */
export const domainsCreate = (input: OpInput<'domains.create'>) => qry('domains.create', input);

export function useCreateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: domainsCreate,
    onSuccess: (_data, _input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.domains() });
    },
  });
}

import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `members.add` */
export const membersAdd = (input: OpInput<'members.add'>) => qry('members.add', input);

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: membersAdd,
    onSuccess: (_data, _input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.members() });
      void queryClient.invalidateQueries({ queryKey: platformKeys.domains() });
    },
  });
}

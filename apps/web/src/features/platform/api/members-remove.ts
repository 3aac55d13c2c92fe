import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `members.remove` */
export const membersRemove = (input: OpInput<'members.remove'>) => qry('members.remove', input);

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: membersRemove,
    onSuccess: (_data, _input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.members() });
      void queryClient.invalidateQueries({ queryKey: platformKeys.domains() });
    },
  });
}

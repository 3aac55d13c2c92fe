import type { OpInput } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `members.setRole` */
export const membersSetRole = (input: OpInput<'members.setRole'>) => qry('members.setRole', input);

export function useSetMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: membersSetRole,
    onSuccess: (_data, _input) => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.members() });
    },
  });
}

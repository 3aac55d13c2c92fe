import type { OpInput, Session } from '@fiscus/contracts';
import { sessionSchema } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setRules } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { tokens } from '@/lib/tokens';
import { qry } from '@/lib/qry';

/** `domains.switch`: new tokens whose access token carries the chosen domain. */
export const domainsSwitch = (input: OpInput<'domains.switch'>) => qry('domains.switch', input);

export function useSwitchDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: domainsSwitch,
    onSuccess: (data) => {
      tokens.save(data.accessToken, data.refreshToken);
      const parsed = sessionSchema.safeParse(data.session);
      if (parsed.success) {
        const session: Session = parsed.data;
        setRules(session.rules);
        useSession.getState().setSession(session);
      }
      // Everything cached belongs to the previous domain.
      queryClient.clear();
    },
  });
}

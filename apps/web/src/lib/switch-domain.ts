import { sessionSchema } from '@fiscus/contracts';
import { setRules } from './ability';
import { useOpMutation } from './qry';
import { useSession } from './session';
import { tokens } from './tokens';

/**
 * `domains.switch`: new tokens whose access token carries the chosen domain. They are stored
 * before the ops table clears the cache (everything cached belonged to the previous domain).
 */
export function useSwitchDomain() {
  return useOpMutation('domains.switch', {
    onSuccess: (data) => {
      tokens.save(data.accessToken, data.refreshToken);
      const parsed = sessionSchema.safeParse(data.session);
      if (parsed.success) {
        setRules(parsed.data.rules);
        useSession.getState().setSession(parsed.data);
      }
    },
  });
}

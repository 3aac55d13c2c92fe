import type { User } from '@fiscus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';
import { useOpMutation } from '@/lib/qry';
import { useSession } from '@/lib/session';

export interface AccountSettingData {
  general: { avatar: string; username: string; fullName: string; email: string; company: string };
  info: { bio: string; dob: string | null; country: string; website: string; phone: string };
  social: {
    socialLinks: {
      twitter: string;
      facebook: string;
      google: string;
      linkedIn: string;
      instagram: string;
      quora: string;
    };
    connections: Record<
      'twitter' | 'google' | 'facebook' | 'github',
      { connected: boolean; id: string }
    >;
  };
  notification: Record<
    | 'commentOnArticle'
    | 'AnswerOnForm'
    | 'followMe'
    | 'newAnnouncements'
    | 'productUpdates'
    | 'blogDigest',
    boolean
  >;
}
export type AccountSettingPatch = Partial<{
  [K in keyof AccountSettingData]: Partial<AccountSettingData[K]>;
}>;

const key = ['demo', 'account-setting'] as const;

export const accountSettingQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: async () => (await demoApi.get<AccountSettingData>('/account-setting/data')).data,
  });

export const useAccountSetting = () => useQuery(accountSettingQuery());

export function useSaveAccountSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (patch: AccountSettingPatch) =>
      (await demoApi.post<AccountSettingData>('/account-setting/data', patch)).data,
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}

/** Puts the user of an answer into the session (name, e-mail, pending e-mail change). */
function applyUser({ user }: { user: User }) {
  const { session, setSession } = useSession.getState();
  if (session) setSession({ ...session, user });
}

/**
 * Changes the signed-in user's own profile through the real API. A new e-mail address comes
 * back as `pendingEmail` until the link mailed to it is opened. What the op changes in the
 * cache (the members lists naming the user) is made stale by the query layer.
 */
export const useUpdateProfile = () => useOpMutation('account.update', { onSuccess: applyUser });

/** Mails the confirmation link of the pending e-mail change again (the older link stops). */
export const useResendEmailChange = () =>
  useOpMutation('account.resendEmailChange', { onSuccess: applyUser });

/** Drops the pending e-mail change; its link stops working. */
export const useCancelEmailChange = () =>
  useOpMutation('account.cancelEmailChange', { onSuccess: applyUser });

/** Opens the mailed link: the new address becomes the sign-in e-mail. */
export const useConfirmEmail = () =>
  useOpMutation('account.confirmEmail', { onSuccess: applyUser });

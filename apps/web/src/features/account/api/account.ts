import type { User } from '@fiscus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { demoApi } from '@/lib/demo-client';
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

export interface ProfileUpdate {
  username: string;
  fullName: string;
  email: string;
}

/** Changes the signed-in user's own profile through the real API. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (input: ProfileUpdate) =>
      (await api.post<{ data: { user: User } }>('/api/qry', { op: 'account.update', ...input }))
        .data.data.user,
    onSuccess: (user) => {
      const { session, setSession } = useSession.getState();
      if (session) setSession({ ...session, user });
    },
  });
}

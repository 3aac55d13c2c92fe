import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';
import type { ComposeInput, Email, EmailLabel, EmailList, EmailQuery, EmailUpdate } from './types';

export const emailKeys = {
  all: ['email'] as const,
  list: (query: EmailQuery) => ['email', 'list', query] as const,
};

export async function fetchEmails(query: EmailQuery): Promise<EmailList> {
  const params: Record<string, string> = {};
  if (query.q) params.q = query.q;
  if (query.folder) params.folder = query.folder;
  if (query.label) params.label = query.label;
  const { data } = await demoApi.get<EmailList>('/apps/email/emails', { params });
  return data;
}

/** One folder or label of the mailbox, with the sidebar counts. */
export function useEmails(query: EmailQuery) {
  return useQuery({
    queryKey: emailKeys.list(query),
    queryFn: () => fetchEmails(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Applies one change (star, read, folder, labels) to several mails. */
export function useUpdateEmails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { emailIds: number[]; dataToUpdate: EmailUpdate }) => {
      const { data } = await demoApi.post<{ emails: Email[] }>('/apps/email/update-emails', input);
      return data.emails;
    },
    onSettled: () => client.invalidateQueries({ queryKey: emailKeys.all }),
  });
}

/** Toggles a label on several mails. */
export function useToggleEmailLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { emailIds: number[]; label: EmailLabel }) => {
      const { data } = await demoApi.post<{ emails: Email[] }>(
        '/apps/email/update-emails-label',
        input,
      );
      return data.emails;
    },
    onSettled: () => client.invalidateQueries({ queryKey: emailKeys.all }),
  });
}

/** Sends a mail: the mock stores it in the Sent folder. */
export function useSendEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ComposeInput) => {
      const { data } = await demoApi.post<{ email: Email }>('/apps/email/emails', input);
      return data.email;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: emailKeys.all }),
  });
}

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';
import type {
  ChatProfileUser,
  ChatsAndContacts,
  ChatWithContact,
  SendMessageResponse,
} from './types';

export const chatKeys = {
  all: ['chat'] as const,
  list: ['chat', 'list'] as const,
  profile: ['chat', 'profile'] as const,
  conversation: (contactId: number) => ['chat', 'conversation', contactId] as const,
};

/** Chats (with last message and unseen count), contacts and the own profile summary. */
export function useChatsAndContacts() {
  return useQuery({
    queryKey: chatKeys.list,
    queryFn: async ({ signal }) =>
      (await demoApi.get<ChatsAndContacts>('/apps/chat/chats-and-contacts', { signal })).data,
  });
}

export function useProfileUser() {
  return useQuery({
    queryKey: chatKeys.profile,
    queryFn: async ({ signal }) =>
      (await demoApi.get<ChatProfileUser>('/apps/chat/users/profile-user', { signal })).data,
  });
}

function markSeen(client: QueryClient, contactId: number) {
  client.setQueryData<ChatsAndContacts>(chatKeys.list, (data) =>
    data
      ? {
          ...data,
          chatsContacts: data.chatsContacts.map((c) =>
            c.id === contactId ? { ...c, chat: { ...c.chat, unseenMsgs: 0 } } : c,
          ),
        }
      : data,
  );
}

/** One conversation; reading it resets its unseen count (here and in the chat list). */
export function useConversation(contactId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.conversation(contactId ?? 0),
    enabled: contactId !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const data = (await demoApi.get<ChatWithContact>(`/apps/chat/chats/${contactId}`, { signal }))
        .data;
      markSeen(client, data.contact.id);
      return data;
    },
  });
}

/** Sends a message; a first message to a contact starts the conversation. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      contactId,
      message,
      senderId,
    }: {
      contactId: number;
      message: string;
      senderId: number;
    }) =>
      (
        await demoApi.post<SendMessageResponse>(`/apps/chat/chats/${contactId}`, {
          message,
          senderId,
        })
      ).data,
    onSuccess: (data, { contactId }) => {
      client.setQueryData<ChatWithContact>(chatKeys.conversation(contactId), (current) => {
        if (!current) return current;
        if (data.chat) return { ...current, chat: data.chat };
        if (!current.chat) return current;
        return {
          ...current,
          chat: { ...current.chat, chat: [...current.chat.chat, data.newMessageData] },
        };
      });
      return client.invalidateQueries({ queryKey: chatKeys.list });
    },
  });
}

type ProfilePatch = Partial<Pick<ChatProfileUser, 'about' | 'status'>> & {
  settings?: Partial<ChatProfileUser['settings']>;
};

/** Saves the own status, about text and settings (kept by the mock until the page reloads). */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (profileUser: ProfilePatch) =>
      (
        await demoApi.post<{ profileUser: ChatProfileUser }>('/apps/chat/users/profile-user', {
          profileUser,
        })
      ).data.profileUser,
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: chatKeys.profile });
      const previous = client.getQueryData<ChatProfileUser>(chatKeys.profile);
      if (previous) {
        client.setQueryData<ChatProfileUser>(chatKeys.profile, {
          ...previous,
          ...patch,
          settings: { ...previous.settings, ...patch.settings },
        });
      }
      return { previous };
    },
    onError: (_e, _p, context) => {
      if (context?.previous) client.setQueryData(chatKeys.profile, context.previous);
    },
    onSuccess: (profile) => {
      client.setQueryData(chatKeys.profile, profile);
      return client.invalidateQueries({ queryKey: chatKeys.list });
    },
  });
}

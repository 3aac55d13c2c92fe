/** Entities of the demo chat (seed §3, DEMO.md §4). */
export const CHAT_STATUSES = ['online', 'busy', 'away', 'offline'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export interface ChatContact {
  id: number;
  fullName: string;
  role: string;
  about: string;
  avatar: string;
  status: ChatStatus;
}

export interface ChatMessage {
  message: string;
  /** ISO date-time */
  time: string;
  senderId: number;
}

export interface Chat {
  id: number;
  userId: number;
  unseenMsgs: number;
  chat: ChatMessage[];
}

export interface ChatProfileSettings {
  isTwoStepAuthVerificationEnabled: boolean;
  isNotificationsOn: boolean;
}

export interface ChatProfileUser {
  id: number;
  avatar: string;
  fullName: string;
  role: string;
  about: string;
  status: ChatStatus;
  settings: ChatProfileSettings;
}

/** A contact with its conversation summary, as listed under "Chats". */
export interface ChatListItem extends ChatContact {
  chat: { id: number; unseenMsgs: number; lastMessage: ChatMessage | null };
}

export interface ChatsAndContacts {
  chatsContacts: ChatListItem[];
  contacts: ChatContact[];
  profileUser: Pick<ChatProfileUser, 'id' | 'avatar' | 'fullName' | 'status'>;
}

export interface ChatWithContact {
  /** null while there is no conversation with the contact yet */
  chat: Chat | null;
  contact: ChatContact;
}

export interface SendMessageResponse {
  newMessageData: ChatMessage;
  /** present when the message started a new conversation */
  chat?: Chat;
}

export const isChatStatus = (v: unknown): v is ChatStatus =>
  typeof v === 'string' && (CHAT_STATUSES as readonly string[]).includes(v);

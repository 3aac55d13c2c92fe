import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  isChatStatus,
  type Chat,
  type ChatListItem,
  type ChatsAndContacts,
  type ChatWithContact,
  type SendMessageResponse,
} from '@/features/demo/chat/api/types';
import { chatDb } from '../db/chat';
import { nextId, parseId, readJson } from '../util';

// Chat demo endpoints (seed §7, DEMO.md §4).

const lastTime = (chat: Chat) => chat.chat.at(-1)?.time ?? '';

export const chatHandlers: RequestHandler[] = [
  http.get('/apps/chat/chats-and-contacts', () => {
    // Conversations with the most recent activity first.
    const chats = [...chatDb.chats].sort(
      (a, b) => lastTime(b).localeCompare(lastTime(a)) || b.id - a.id,
    );
    const chatsContacts: ChatListItem[] = [];
    for (const chat of chats) {
      const contact = chatDb.contacts.find((c) => c.id === chat.userId);
      if (!contact) continue;
      chatsContacts.push({
        ...contact,
        chat: { id: chat.id, unseenMsgs: chat.unseenMsgs, lastMessage: chat.chat.at(-1) ?? null },
      });
    }
    const { id, avatar, fullName, status } = chatDb.profileUser;
    const body: ChatsAndContacts = {
      chatsContacts,
      contacts: chatDb.contacts,
      profileUser: { id, avatar, fullName, status },
    };
    return HttpResponse.json(structuredClone(body));
  }),

  http.get('/apps/chat/users/profile-user', () =>
    HttpResponse.json(structuredClone(chatDb.profileUser)),
  ),

  /** Saves the profile's about text, status and settings (kept until the page is reloaded). */
  http.post('/apps/chat/users/profile-user', async ({ request }) => {
    const body = await readJson(request);
    const raw =
      body.profileUser && typeof body.profileUser === 'object'
        ? (body.profileUser as Record<string, unknown>)
        : {};
    const profile = chatDb.profileUser;
    if (typeof raw.about === 'string') profile.about = raw.about.slice(0, 500);
    if (raw.status !== undefined) {
      if (!isChatStatus(raw.status)) {
        return HttpResponse.json({ error: { status: 'Unknown status' } }, { status: 400 });
      }
      profile.status = raw.status;
    }
    const settings =
      raw.settings && typeof raw.settings === 'object'
        ? (raw.settings as Record<string, unknown>)
        : {};
    for (const key of ['isTwoStepAuthVerificationEnabled', 'isNotificationsOn'] as const) {
      const v = settings[key];
      if (typeof v === 'boolean') profile.settings[key] = v;
      else if (v === 'true' || v === 'false') profile.settings[key] = v === 'true';
    }
    return HttpResponse.json({ profileUser: structuredClone(profile) });
  }),

  http.get('/apps/chat/chats/:userId', ({ params }) => {
    const userId = parseId(params.userId);
    const contact = chatDb.contacts.find((c) => c.id === userId);
    if (!contact) return new HttpResponse(null, { status: 404 });
    const chat = chatDb.chats.find((c) => c.userId === contact.id) ?? null;
    // Reading a conversation marks it as seen.
    if (chat) chat.unseenMsgs = 0;
    const body: ChatWithContact = { chat, contact };
    return HttpResponse.json(structuredClone(body));
  }),

  http.post('/apps/chat/chats/:contactId', async ({ request, params }) => {
    const contactId = parseId(params.contactId);
    const contact = chatDb.contacts.find((c) => c.id === contactId);
    if (!contact) return new HttpResponse(null, { status: 404 });
    const body = await readJson(request);
    const message = typeof body.message === 'string' ? body.message.trim() : '';
    if (!message)
      return HttpResponse.json({ error: { message: 'Message is empty' } }, { status: 400 });
    const senderId = Number(body.senderId);
    if (senderId !== chatDb.profileUser.id && senderId !== contact.id) {
      return HttpResponse.json({ error: { senderId: 'Unknown sender' } }, { status: 400 });
    }
    const newMessageData = { message, time: new Date().toISOString(), senderId };
    let chat = chatDb.chats.find((c) => c.userId === contact.id);
    const created = !chat;
    if (!chat) {
      chat = { id: nextId(chatDb.chats), userId: contact.id, unseenMsgs: 0, chat: [] };
      chatDb.chats.push(chat);
    }
    chat.chat.push(newMessageData);
    const response: SendMessageResponse = { newMessageData };
    if (created) response.chat = chat;
    return HttpResponse.json(structuredClone(response), { status: 201 });
  }),
];

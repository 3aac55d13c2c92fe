import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  ChatProfileUser,
  ChatsAndContacts,
  ChatWithContact,
  SendMessageResponse,
} from '@/features/demo/chat/api/types';
import { server } from '../node';
import { chatDb, resetChat } from '../db/chat';
import { strict } from '@/test/msw';

const url = (path: string) => new URL(path, location.origin).toString();
const send = (method: string, path: string, body?: unknown) =>
  fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const getJson = async <T>(path: string): Promise<T> => {
  const res = await fetch(url(path));
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

beforeAll(() => server.listen(strict));
beforeEach(() => resetChat());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('GET /apps/chat/chats-and-contacts', () => {
  it('answers 10 contacts, the 2 conversations with summaries and the profile user', async () => {
    const data = await getJson<ChatsAndContacts>('/apps/chat/chats-and-contacts');
    expect(data.contacts).toHaveLength(10);
    expect(data.profileUser).toEqual({
      id: 11,
      avatar: '',
      fullName: 'John Doe',
      status: 'online',
    });
    expect(data.chatsContacts.map((c) => [c.id, c.chat.unseenMsgs])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    const felecia = data.chatsContacts[0]!;
    expect(felecia.fullName).toBe('Felecia Rower');
    expect(felecia.chat.lastMessage).toEqual(chatDb.chats[0]!.chat.at(-1));
    expect(chatDb.chats[0]!.chat).toHaveLength(10);
    expect(chatDb.chats[1]!.chat).toHaveLength(6);
  });
});

describe('GET /apps/chat/users/profile-user', () => {
  it('answers the full profile with settings', async () => {
    const profile = await getJson<ChatProfileUser>('/apps/chat/users/profile-user');
    expect(profile).toMatchObject({
      id: 11,
      role: 'admin',
      status: 'online',
      settings: { isTwoStepAuthVerificationEnabled: true, isNotificationsOn: false },
    });
  });

  it('saves status, about and settings for the page load', async () => {
    const res = await send('POST', '/apps/chat/users/profile-user', {
      profileUser: {
        status: 'busy',
        about: 'In meetings',
        settings: { isNotificationsOn: 'true', isTwoStepAuthVerificationEnabled: 'false' },
      },
    });
    expect(res.status).toBe(200);
    const profile = await getJson<ChatProfileUser>('/apps/chat/users/profile-user');
    expect(profile).toMatchObject({
      status: 'busy',
      about: 'In meetings',
      settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
    });
    const list = await getJson<ChatsAndContacts>('/apps/chat/chats-and-contacts');
    expect(list.profileUser.status).toBe('busy');
  });

  it('rejects an unknown status', async () => {
    const res = await send('POST', '/apps/chat/users/profile-user', {
      profileUser: { status: 'sleeping' },
    });
    expect(res.status).toBe(400);
    expect(chatDb.profileUser.status).toBe('online');
  });
});

describe('GET /apps/chat/chats/:userId', () => {
  it('answers the conversation and contact and sets unseen to 0', async () => {
    expect(chatDb.chats.find((c) => c.userId === 1)!.unseenMsgs).toBe(1);
    const data = await getJson<ChatWithContact>('/apps/chat/chats/1');
    expect(data.contact.fullName).toBe('Felecia Rower');
    expect(data.chat!.chat).toHaveLength(10);
    expect(data.chat!.unseenMsgs).toBe(0);
    expect(chatDb.chats.find((c) => c.userId === 1)!.unseenMsgs).toBe(0);
    const list = await getJson<ChatsAndContacts>('/apps/chat/chats-and-contacts');
    expect(list.chatsContacts.every((c) => c.chat.unseenMsgs === 0)).toBe(true);
  });

  it('answers chat null for a contact without a conversation, 404 for an unknown contact', async () => {
    const data = await getJson<ChatWithContact>('/apps/chat/chats/5');
    expect(data.chat).toBeNull();
    expect(data.contact.id).toBe(5);
    expect((await fetch(url('/apps/chat/chats/99'))).status).toBe(404);
  });
});

describe('POST /apps/chat/chats/:contactId', () => {
  it('appends to an existing conversation and answers 201 without chat', async () => {
    const res = await send('POST', '/apps/chat/chats/2', {
      message: 'See you tomorrow',
      senderId: 11,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as SendMessageResponse;
    expect(body.newMessageData).toMatchObject({ message: 'See you tomorrow', senderId: 11 });
    expect(Date.now() - new Date(body.newMessageData.time).getTime()).toBeLessThan(5000);
    expect(body.chat).toBeUndefined();
    expect(chatDb.chats.find((c) => c.userId === 2)!.chat.at(-1)!.message).toBe('See you tomorrow');
    const list = await getJson<ChatsAndContacts>('/apps/chat/chats-and-contacts');
    expect(list.chatsContacts[0]!.id).toBe(2);
    expect(list.chatsContacts[0]!.chat.lastMessage!.message).toBe('See you tomorrow');
  });

  it('creates the conversation for a new contact (id max + 1) and lists it under chats', async () => {
    const res = await send('POST', '/apps/chat/chats/7', { message: 'Hello Miguel', senderId: 11 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as SendMessageResponse;
    expect(body.chat).toMatchObject({ id: 3, userId: 7, unseenMsgs: 0 });
    expect(body.chat!.chat).toEqual([body.newMessageData]);
    expect(chatDb.chats).toHaveLength(3);
    const list = await getJson<ChatsAndContacts>('/apps/chat/chats-and-contacts');
    expect(list.chatsContacts.map((c) => c.id)).toEqual([7, 1, 2]);
  });

  it('rejects an empty message, an unknown sender and an unknown contact', async () => {
    expect(
      (await send('POST', '/apps/chat/chats/2', { message: '   ', senderId: 11 })).status,
    ).toBe(400);
    expect((await send('POST', '/apps/chat/chats/2', { message: 'Hi', senderId: 5 })).status).toBe(
      400,
    );
    expect(
      (await send('POST', '/apps/chat/chats/42', { message: 'Hi', senderId: 11 })).status,
    ).toBe(404);
    expect(chatDb.chats).toHaveLength(2);
    expect(chatDb.chats[1]!.chat).toHaveLength(6);
  });
});

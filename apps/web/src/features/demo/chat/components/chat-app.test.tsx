import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatDb, resetChat } from '@/mocks/db/chat';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { ChatApp } from './chat-app';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
beforeEach(() => resetChat());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('chat screen', () => {
  it('opens a chat, clears its unseen badge and sends a message', async () => {
    await renderScreen(<ChatApp />, { path: '/apps/chat' });
    expect(await screen.findByTestId('chat-empty')).toHaveTextContent('Start Conversation');
    const item = (await screen.findAllByTestId('chat-list-item'))[0]!;
    expect(within(item).getByText('Felecia Rower')).toBeInTheDocument();
    expect(within(item).getByTestId('chat-unseen')).toHaveTextContent('1');

    await userEvent.click(item);
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(10));
    expect(within(item).queryByTestId('chat-unseen')).toBeNull();
    expect(chatDb.chats.find((c) => c.userId === 1)!.unseenMsgs).toBe(0);
    // The seed conversation alternates senders: every message is its own group.
    expect(screen.getAllByTestId('chat-group')).toHaveLength(10);

    const input = screen.getByPlaceholderText('Enter your message');
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    await userEvent.type(input, 'Monthly please{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(11));
    expect(input).toHaveValue('');
    expect(chatDb.chats.find((c) => c.userId === 1)!.chat.at(-1)!.message).toBe('Monthly please');
    await waitFor(() =>
      expect(within(item).getByTestId('chat-last-message')).toHaveTextContent('Monthly please'),
    );
    // A second message in a row joins the same group.
    await userEvent.type(input, 'And by region{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(12));
    expect(screen.getAllByTestId('chat-group')).toHaveLength(11);
  });

  it('filters chats and contacts by name', async () => {
    await renderScreen(<ChatApp />, { path: '/apps/chat' });
    await screen.findAllByTestId('contact-list-item');
    expect(screen.getAllByTestId('contact-list-item')).toHaveLength(10);
    await userEvent.type(screen.getByPlaceholderText('Search...'), 'ZENIA');
    expect(screen.getAllByTestId('contact-list-item')).toHaveLength(1);
    expect(screen.queryAllByTestId('chat-list-item')).toHaveLength(0);
    expect(screen.getByText('No chats found')).toBeInTheDocument();
  });

  it('starts a new conversation with a contact', async () => {
    await renderScreen(<ChatApp />, { path: '/apps/chat' });
    const contacts = await screen.findAllByTestId('contact-list-item');
    await userEvent.click(contacts[4]!);
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Enter your message'), 'Hi Margot');
    await userEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(screen.getAllByTestId('chat-list-item')).toHaveLength(3));
    expect(
      within(screen.getAllByTestId('chat-list-item')[0]!).getByText('Margot Henschke'),
    ).toBeInTheDocument();
    expect(chatDb.chats).toHaveLength(3);
  });
});

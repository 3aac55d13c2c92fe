import {
  Badge,
  CloseButton,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatContact, ChatsAndContacts } from '../api/types';
import { ChatAvatar } from './chat-avatar';
import { formatListTime } from './chat-utils';
import classes from './chat.module.css';

interface Props {
  data: ChatsAndContacts;
  activeId: number | null;
  onSelect: (contact: ChatContact) => void;
  onOpenProfile: () => void;
}

/** Own avatar, the search box and the "Chats" and "Contacts" lists. */
export function ChatSidebar({ data, activeId, onSelect, onOpenProfile }: Props) {
  const { t, i18n } = useTranslation('chat');
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const match = (c: ChatContact) => !q || c.fullName.toLowerCase().includes(q);
  const chats = data.chatsContacts.filter(match);
  const contacts = data.contacts.filter(match);

  return (
    <Stack gap={0} h="100%">
      <Group gap="sm" wrap="nowrap" className={classes.sidebarHeader}>
        <UnstyledButton
          onClick={onOpenProfile}
          aria-label={t('profile.open')}
          data-testid="chat-open-profile"
        >
          <ChatAvatar
            name={data.profileUser.fullName}
            src={data.profileUser.avatar}
            status={data.profileUser.status}
          />
        </UnstyledButton>
        <TextInput
          style={{ flex: 1 }}
          radius="xl"
          placeholder={t('search')}
          aria-label={t('search')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          rightSection={
            query ? (
              <CloseButton size="sm" aria-label={t('clearSearch')} onClick={() => setQuery('')} />
            ) : null
          }
          data-testid="chat-search"
        />
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Title order={5} c="var(--mantine-primary-color-filled)" className={classes.sectionTitle}>
          {t('chats')}
        </Title>
        <ul className={classes.people} data-testid="chat-list">
          {chats.map((c) => (
            <li key={`chat-${c.id}`}>
              <UnstyledButton
                className={classes.person}
                data-active={c.id === activeId || undefined}
                onClick={() => onSelect(c)}
                data-testid="chat-list-item"
              >
                <ChatAvatar name={c.fullName} src={c.avatar} status={c.status} />
                <div className={classes.personText}>
                  <Text size="sm" fw={500} truncate>
                    {c.fullName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate data-testid="chat-last-message">
                    {c.chat.lastMessage?.message ?? ''}
                  </Text>
                </div>
                <Stack gap={4} align="flex-end" className={classes.personMeta}>
                  {c.chat.lastMessage && (
                    <Text size="xs" c="dimmed">
                      {formatListTime(c.chat.lastMessage.time, i18n.language)}
                    </Text>
                  )}
                  {c.chat.unseenMsgs > 0 && (
                    <Badge
                      size="sm"
                      circle
                      color="red"
                      aria-label={t('unseen', { count: c.chat.unseenMsgs })}
                      data-testid="chat-unseen"
                    >
                      {c.chat.unseenMsgs}
                    </Badge>
                  )}
                </Stack>
              </UnstyledButton>
            </li>
          ))}
          {chats.length === 0 && (
            <li className={classes.none}>
              <Text size="sm" c="dimmed">
                {t('noChats')}
              </Text>
            </li>
          )}
        </ul>
        <Title order={5} c="var(--mantine-primary-color-filled)" className={classes.sectionTitle}>
          {t('contacts')}
        </Title>
        <ul className={classes.people} data-testid="contact-list">
          {contacts.map((c) => (
            <li key={`contact-${c.id}`}>
              <UnstyledButton
                className={classes.person}
                data-active={c.id === activeId || undefined}
                onClick={() => onSelect(c)}
                data-testid="contact-list-item"
              >
                <ChatAvatar name={c.fullName} src={c.avatar} />
                <div className={classes.personText}>
                  <Text size="sm" fw={500} truncate>
                    {c.fullName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {c.about}
                  </Text>
                </div>
              </UnstyledButton>
            </li>
          ))}
          {contacts.length === 0 && (
            <li className={classes.none}>
              <Text size="sm" c="dimmed">
                {t('noContacts')}
              </Text>
            </li>
          )}
        </ul>
      </ScrollArea>
    </Stack>
  );
}

import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Loader,
  Menu,
  ScrollArea,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconAlertTriangle,
  IconBell,
  IconBellOff,
  IconDotsVertical,
  IconInfoCircle,
  IconSend,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppSidebarToggle } from '@/components/app-sidebar-layout';
import { useConversation, useSendMessage } from '../api/chat';
import type { ChatContact, ChatMessage } from '../api/types';
import { ChatAvatar } from './chat-avatar';
import { formatLogTime } from './chat-utils';
import classes from './chat.module.css';

interface Props {
  contactId: number;
  /** The contact as known from the list (shown while the conversation loads). */
  contact: ChatContact | undefined;
  profileUser: { id: number; fullName: string; avatar: string };
  onOpenSidebar: () => void;
  onOpenContact: () => void;
  onClose: () => void;
}

interface Group {
  senderId: number;
  messages: ChatMessage[];
}

/** Consecutive messages of the same sender form one group. */
function groupMessages(messages: ChatMessage[]): Group[] {
  const groups: Group[] = [];
  for (const m of messages) {
    const last = groups.at(-1);
    if (last && last.senderId === m.senderId) last.messages.push(m);
    else groups.push({ senderId: m.senderId, messages: [m] });
  }
  return groups;
}

/** Header, message log and composer of the active conversation. */
export function Conversation({
  contactId,
  contact: known,
  profileUser,
  onOpenSidebar,
  onOpenContact,
  onClose,
}: Props) {
  const { t, i18n } = useTranslation('chat');
  const conversation = useConversation(contactId);
  const send = useSendMessage();
  const [draft, setDraft] = useState('');
  const [muted, setMuted] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const contact = conversation.data?.contact ?? known;
  const messages = useMemo(() => conversation.data?.chat?.chat ?? [], [conversation.data]);
  const groups = useMemo(() => groupMessages(messages), [messages]);

  // Keep the newest message in view.
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, contactId]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = draft.trim();
    if (!message || send.isPending) return;
    send.mutate(
      { contactId, message, senderId: profileUser.id },
      {
        onSuccess: () => setDraft(''),
        onError: () =>
          notifications.show({
            color: 'red',
            title: t('toast.errorTitle'),
            message: t('toast.sendError'),
          }),
      },
    );
  };

  if (conversation.isError) {
    return (
      <Center h="100%" p="md">
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('error.chatTitle')}
          data-testid="chat-error"
        >
          <Text size="sm" mb="xs">
            {t('error.chatText')}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={onClose}>
            {t('error.back')}
          </Button>
        </Alert>
      </Center>
    );
  }

  return (
    <>
      <div className={classes.header}>
        <AppSidebarToggle onClick={onOpenSidebar} label={t('openSidebar')} />
        {contact && (
          <UnstyledButton
            className={classes.headerContact}
            onClick={onOpenContact}
            aria-label={t('contact.view')}
          >
            <ChatAvatar name={contact.fullName} src={contact.avatar} status={contact.status} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" truncate data-testid="chat-active-name">
                {contact.fullName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {t(`status.${contact.status}`)}
              </Text>
            </div>
          </UnstyledButton>
        )}
        {muted && (
          <Tooltip label={t('menu.muted')}>
            <IconBellOff
              size={18}
              aria-label={t('menu.muted')}
              color="var(--mantine-color-dimmed)"
            />
          </Tooltip>
        )}
        <Tooltip label={t('contact.view')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onOpenContact}
            aria-label={t('contact.view')}
            visibleFrom="xs"
          >
            <IconInfoCircle size={20} />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('menu.label')}>
              <IconDotsVertical size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={onOpenContact}>
              {t('menu.viewContact')}
            </Menu.Item>
            <Menu.Item
              leftSection={muted ? <IconBell size={16} /> : <IconBellOff size={16} />}
              onClick={() => {
                setMuted((m) => !m);
                notifications.show({ message: muted ? t('toast.unmuted') : t('toast.muted') });
              }}
            >
              {muted ? t('menu.unmute') : t('menu.mute')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
      <ScrollArea className={classes.log} viewportRef={viewport} type="auto">
        {conversation.isPending ? (
          <Center mih={200}>
            <Loader />
          </Center>
        ) : (
          <div className={classes.logInner} data-testid="chat-log" aria-live="polite">
            {groups.length === 0 && (
              <Text c="dimmed" ta="center" size="sm" py="xl">
                {t('firstMessage', { name: contact?.fullName ?? '' })}
              </Text>
            )}
            {groups.map((group, i) => {
              const own = group.senderId === profileUser.id;
              const last = group.messages.at(-1)!;
              return (
                <div
                  key={i}
                  className={classes.group}
                  data-own={own || undefined}
                  data-testid="chat-group"
                >
                  <ChatAvatar
                    name={own ? profileUser.fullName : (contact?.fullName ?? '')}
                    src={own ? profileUser.avatar : contact?.avatar}
                    size={34}
                  />
                  <div className={classes.bubbles}>
                    {group.messages.map((m, j) => (
                      <div key={j} className={classes.bubble} data-testid="chat-message">
                        {m.message}
                      </div>
                    ))}
                    <Text size="xs" c="dimmed">
                      {formatLogTime(last.time, i18n.language)}
                    </Text>
                  </div>
                </div>
              );
            })}
          </div>
        )}
      </ScrollArea>
      <form className={classes.composer} onSubmit={submit}>
        <TextInput
          style={{ flex: 1 }}
          placeholder={t('messagePlaceholder')}
          aria-label={t('messagePlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          maxLength={2000}
          data-testid="chat-input"
        />
        <Button
          type="submit"
          loading={send.isPending}
          disabled={!draft.trim()}
          leftSection={<IconSend size={16} />}
          data-testid="chat-send"
        >
          {t('send')}
        </Button>
      </form>
    </>
  );
}

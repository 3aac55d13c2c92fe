import { Alert, Button, Center, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
// eslint-disable-next-line no-restricted-imports -- only replaces the whole query with the chosen contact
import { useSearchParams } from 'react-router';
import { AppSidebarLayout, AppSidebarToggle, useAppSidebar } from '@/components/app-sidebar-layout';
import { useChatsAndContacts } from '../api/chat';
import type { ChatContact } from '../api/types';
import { ChatSidebar } from './chat-sidebar';
import { ContactDrawer } from './contact-drawer';
import { Conversation } from './conversation';
import { ProfileDrawer } from './profile-drawer';
import classes from './chat.module.css';

const parseContact = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** The chat app: chats and contacts on the left, the active conversation on the right. */
export function ChatApp() {
  const { t } = useTranslation('chat');
  const sidebar = useAppSidebar();
  const [params, setParams] = useSearchParams();
  const activeId = parseContact(params.get('contact'));
  const list = useChatsAndContacts();
  const [profileOpen, setProfileOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);

  const select = (contact: ChatContact | null) => {
    setParams(contact ? { contact: String(contact.id) } : {}, { replace: true });
    sidebar.close();
  };

  if (list.isPending) {
    return (
      <Center mih={320} data-testid="chat-loading">
        <Loader />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={t('error.title')}
        data-testid="chat-error"
      >
        <Text size="sm" mb="xs">
          {t('error.text')}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
          {t('error.retry')}
        </Button>
      </Alert>
    );
  }

  const data = list.data;
  const activeContact = data.contacts.find((c) => c.id === activeId);

  return (
    <>
      <AppSidebarLayout
        sidebar={
          <ChatSidebar
            data={data}
            activeId={activeId}
            onSelect={select}
            onOpenProfile={() => {
              setProfileOpen(true);
              sidebar.close();
            }}
          />
        }
        sidebarOpened={sidebar.opened}
        onSidebarClose={sidebar.close}
        sidebarWidth={320}
        sidebarLabel={t('sidebarLabel')}
        data-testid="chat-app"
      >
        {activeId === null ? (
          <div className={classes.empty} data-testid="chat-empty">
            <div className={classes.emptyToggle}>
              <AppSidebarToggle onClick={sidebar.open} label={t('openSidebar')} />
            </div>
            <ThemeIcon size={96} radius={96} variant="light">
              <IconMessages size={52} />
            </ThemeIcon>
            <Button variant="default" radius="xl" onClick={sidebar.open} hiddenFrom="md">
              {t('startConversation')}
            </Button>
            <Text fw={600} size="lg" visibleFrom="md">
              {t('startConversation')}
            </Text>
          </div>
        ) : (
          <Conversation
            key={activeId}
            contactId={activeId}
            contact={activeContact}
            profileUser={data.profileUser}
            onOpenSidebar={sidebar.open}
            onOpenContact={() => setContactOpen(true)}
            onClose={() => select(null)}
          />
        )}
      </AppSidebarLayout>
      <ProfileDrawer opened={profileOpen} onClose={() => setProfileOpen(false)} />
      <ContactDrawer
        contact={activeContact}
        opened={contactOpen}
        onClose={() => setContactOpen(false)}
      />
    </>
  );
}

import { Alert, Button, Center, Checkbox, Group, Loader, Text, TextInput } from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppSidebarLayout, AppSidebarToggle, useAppSidebar } from '@/components/app-sidebar-layout';
import { messageOf } from '@/lib/api-client';
import { useAddressParams } from '@/lib/use-address-params';
import { useAddressText } from '@/lib/use-address-text';
import { useEmails, useToggleEmailLabel, useUpdateEmails } from '../api/email-api';
import type { Email, EmailFolder, EmailFolderFilter, EmailLabel, EmailUpdate } from '../api/types';
import { EmailActions } from './email-actions';
import { EmailList } from './email-list';
import { EmailSidebar } from './email-sidebar';
import { EmailView } from './email-view';
import { ComposeModal, emptyDraft, type ComposeDraft } from './compose-modal';
import classes from './email.module.css';

export interface EmailAppProps {
  /** Folder of the route (inbox when neither folder nor label is given). */
  folder?: EmailFolderFilter;
  label?: EmailLabel;
}

const quote = (email: Email, intro: string) =>
  `<p></p><blockquote><p>${intro}</p>${email.message}</blockquote>`;

/** The mail app: sidebar, list with toolbar, opened mail and the compose modal. */
export function EmailApp({ folder: routeFolder, label }: EmailAppProps) {
  const { t, i18n } = useTranslation('email');
  const sidebar = useAppSidebar();
  const [params, setParams] = useAddressParams();
  const q = params.get('q') ?? '';
  const openedId = Number(params.get('mail')) || null;
  const folder = label ? undefined : (routeFolder ?? 'inbox');
  const query = useMemo(() => ({ q: q.trim() || undefined, folder, label }), [q, folder, label]);
  const list = useEmails(query);
  const update = useUpdateEmails();
  const toggleLabel = useToggleEmailLabel();
  const busy = update.isPending || toggleLabel.isPending;

  const emails = useMemo(() => list.data?.emails ?? [], [list.data]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [compose, setCompose] = useState<{ opened: boolean; draft: ComposeDraft }>({
    opened: false,
    draft: emptyDraft,
  });

  // Search box: typed text goes into the URL (?q=) after a short pause.
  const search = useAddressText(q, (value) =>
    setParams(
      (next) => {
        if (value.trim()) next.set('q', value);
        else next.delete('q');
        next.delete('mail');
        return next;
      },
      { replace: true },
    ),
  );

  // A new folder, label or search starts with an empty selection.
  const listKey = `${folder ?? ''}|${label ?? ''}|${q}`;
  const lastKey = useRef(listKey);
  if (lastKey.current !== listKey) {
    lastKey.current = listKey;
    if (selected.size > 0) setSelected(new Set());
  }
  // Only mails still in the list count as selected.
  const selectedEmails = emails.filter((e) => selected.has(e.id));
  const allSelected = emails.length > 0 && selectedEmails.length === emails.length;
  const someSelected = selectedEmails.length > 0 && !allSelected;

  const openedIndex = openedId ? emails.findIndex((e) => e.id === openedId) : -1;
  const opened = openedIndex >= 0 ? emails[openedIndex] : undefined;

  const setOpened = (id: number | null, replace = false) =>
    setParams(
      (next) => {
        if (id) next.set('mail', String(id));
        else next.delete('mail');
        return next;
      },
      { replace },
    );

  // A mail that is no longer in this list (moved, deleted, unknown id) closes the view.
  useEffect(() => {
    if (openedId && list.isSuccess && !list.isPlaceholderData && openedIndex < 0) {
      setOpened(null, true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openedId, openedIndex, list.isSuccess, list.isPlaceholderData]);

  // Opening a mail marks it read (once per opening).
  const markedRead = useRef<number | null>(null);
  useEffect(() => {
    if (!opened) {
      markedRead.current = null;
      return;
    }
    if (!opened.isRead && markedRead.current !== opened.id) {
      markedRead.current = opened.id;
      update.mutate({ emailIds: [opened.id], dataToUpdate: { isRead: true } });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened?.id, opened?.isRead]);

  const apply = (ids: number[], dataToUpdate: EmailUpdate, done?: string) =>
    update.mutate(
      { emailIds: ids, dataToUpdate },
      {
        onSuccess: () => {
          if (done) notifications.show({ color: 'green', message: done });
        },
        onError: (err) =>
          notifications.show({ color: 'red', title: t('updateFailed'), message: messageOf(err) }),
      },
    );
  const applyLabel = (ids: number[], l: EmailLabel) =>
    toggleLabel.mutate(
      { emailIds: ids, label: l },
      {
        onError: (err) =>
          notifications.show({ color: 'red', title: t('updateFailed'), message: messageOf(err) }),
      },
    );
  const moveTo = (ids: number[], target: EmailFolder) => {
    apply(
      ids,
      { folder: target },
      t('moved', { count: ids.length, folder: t(`folder.${target}`) }),
    );
    setSelected(new Set());
  };

  const openCompose = (draft: ComposeDraft = emptyDraft) => {
    sidebar.close();
    setCompose({ opened: true, draft });
  };
  const reply = (email: Email) => {
    const outgoing = email.folder === 'sent' || email.folder === 'draft';
    openCompose({
      to: outgoing ? email.to : [{ name: email.from.name, email: email.from.email }],
      cc: [],
      subject: /^re:/i.test(email.subject) ? email.subject : `Re: ${email.subject}`,
      message: quote(
        email,
        t('quoteIntro', {
          name: email.from.name,
          date: new Date(email.time).toLocaleString(i18n.language),
        }),
      ),
    });
  };
  const forward = (email: Email) =>
    openCompose({
      to: [],
      cc: [],
      subject: `Fwd: ${email.subject}`,
      message: quote(email, t('forwardIntro', { name: email.from.name })),
    });

  let main;
  if (list.isPending) {
    main = (
      <Center style={{ flex: 1 }} data-testid="email-loading">
        <Loader />
      </Center>
    );
  } else if (list.isError && !list.data) {
    main = (
      <Center style={{ flex: 1 }} p="md">
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={t('loadFailed')}
          data-testid="email-error"
        >
          <Text size="sm" mb="sm">
            {messageOf(list.error)}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      </Center>
    );
  } else if (opened) {
    main = (
      <EmailView
        email={opened}
        busy={busy}
        hasPrevious={openedIndex > 0}
        hasNext={openedIndex < emails.length - 1}
        onBack={() => setOpened(null)}
        onPrevious={() => setOpened(emails[openedIndex - 1]?.id ?? null, true)}
        onNext={() => setOpened(emails[openedIndex + 1]?.id ?? null, true)}
        onStar={() => apply([opened.id], { isStarred: !opened.isStarred })}
        onMove={(f) => {
          moveTo([opened.id], f);
          setOpened(null);
        }}
        onToggleLabel={(l) => applyLabel([opened.id], l)}
        onMarkUnread={() => {
          apply([opened.id], { isRead: false });
          setOpened(null);
        }}
        onDelete={() => {
          moveTo([opened.id], 'trash');
          setOpened(null);
        }}
        onReply={() => reply(opened)}
        onForward={() => forward(opened)}
      />
    );
  } else {
    main = (
      <>
        <Group className={classes.toolbar} gap="xs" wrap="nowrap">
          <Checkbox
            checked={allSelected}
            indeterminate={someSelected}
            disabled={emails.length === 0}
            onChange={() => setSelected(allSelected ? new Set() : new Set(emails.map((e) => e.id)))}
            label={<span className="hide-sm">{t('selectAll')}</span>}
            aria-label={t('selectAll')}
            data-testid="email-select-all"
          />
          <div style={{ flex: 1 }} />
          <EmailActions
            emails={selectedEmails}
            disabled={busy}
            onMove={(f) =>
              moveTo(
                selectedEmails.map((e) => e.id),
                f,
              )
            }
            onToggleLabel={(l) =>
              applyLabel(
                selectedEmails.map((e) => e.id),
                l,
              )
            }
            onMarkUnread={() => {
              apply(
                selectedEmails.map((e) => e.id),
                { isRead: false },
              );
              setSelected(new Set());
            }}
            onDelete={() =>
              moveTo(
                selectedEmails.map((e) => e.id),
                'trash',
              )
            }
          />
        </Group>
        <EmailList
          emails={emails}
          folder={folder}
          selected={selected}
          onSelect={(id, checked) =>
            setSelected((prev) => {
              const next = new Set(prev);
              if (checked) next.add(id);
              else next.delete(id);
              return next;
            })
          }
          onOpen={(email) => setOpened(email.id)}
          onStar={(email) => apply([email.id], { isStarred: !email.isStarred })}
        />
      </>
    );
  }

  return (
    <>
      <AppSidebarLayout
        sidebar={
          <EmailSidebar
            folder={folder}
            label={label}
            meta={list.data?.emailsMeta}
            onCompose={() => openCompose()}
            onNavigate={sidebar.close}
          />
        }
        sidebarOpened={sidebar.opened}
        onSidebarClose={sidebar.close}
        sidebarLabel={t('mailboxes')}
        className={classes.app}
        data-testid="email-app"
      >
        <Group className={classes.toolbar} gap="xs" wrap="nowrap">
          <AppSidebarToggle onClick={sidebar.open} label={t('openSidebar')} />
          <TextInput
            value={search.text}
            onChange={(e) => search.change(e.currentTarget.value)}
            placeholder={t('search')}
            aria-label={t('search')}
            leftSection={<IconSearch size={16} />}
            variant="unstyled"
            style={{ flex: 1 }}
            data-testid="email-search"
          />
          {list.isFetching && !list.isPending && <Loader size="xs" />}
        </Group>
        {main}
      </AppSidebarLayout>
      <ComposeModal
        opened={compose.opened}
        draft={compose.draft}
        onClose={() => setCompose((c) => ({ ...c, opened: false }))}
      />
    </>
  );
}

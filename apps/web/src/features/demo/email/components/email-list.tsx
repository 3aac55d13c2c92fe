import {
  ActionIcon,
  Avatar,
  Box,
  Center,
  Checkbox,
  Group,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconMailOff, IconPaperclip, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Email, EmailFolderFilter } from '../api/types';
import { labelColors, plainText, shortDate } from '../lib/format';
import classes from './email.module.css';

export interface EmailListProps {
  emails: Email[];
  folder: EmailFolderFilter | undefined;
  selected: Set<number>;
  onSelect: (id: number, checked: boolean) => void;
  onOpen: (email: Email) => void;
  onStar: (email: Email) => void;
}

/** Who a row names: the recipients for sent mail and drafts, the sender otherwise. */
function counterpart(email: Email, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (email.folder === 'sent' || email.folder === 'draft') {
    const names = email.to.map((p) => p.name).join(', ');
    return names ? t('toNames', { names }) : t('noRecipient');
  }
  return email.from.name;
}

/** The rows of a folder or label; "No Items Found" when it is empty. */
export function EmailList({ emails, folder, selected, onSelect, onOpen, onStar }: EmailListProps) {
  const { t, i18n } = useTranslation('email');
  if (emails.length === 0) {
    return (
      <Center style={{ flex: 1 }} p="xl" data-testid="email-empty">
        <Stack align="center" gap="xs">
          <IconMailOff size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{t('noItems')}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <ScrollArea style={{ flex: 1 }} type="auto">
      <ul
        className={classes.list}
        aria-label={t(`folder.${folder ?? 'inbox'}`)}
        data-testid="email-list"
      >
        {emails.map((email) => {
          const name = counterpart(email, t);
          const subject = email.subject || t('noSubject');
          return (
            <li
              key={email.id}
              className={classes.row}
              data-read={email.isRead || undefined}
              data-selected={selected.has(email.id) || undefined}
              data-testid={`email-row-${email.id}`}
            >
              <Group gap={6} wrap="nowrap" className={classes.rowControls}>
                <Checkbox
                  size="xs"
                  checked={selected.has(email.id)}
                  onChange={(e) => onSelect(email.id, e.currentTarget.checked)}
                  aria-label={t('selectMail', { subject })}
                  data-testid={`email-select-${email.id}`}
                />
                <ActionIcon
                  variant="subtle"
                  color={email.isStarred ? 'yellow' : 'gray'}
                  size="sm"
                  onClick={() => onStar(email)}
                  aria-label={email.isStarred ? t('actions.unstar') : t('actions.star')}
                  aria-pressed={email.isStarred}
                  data-testid={`email-star-${email.id}`}
                >
                  {email.isStarred ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                </ActionIcon>
                <Avatar
                  size={32}
                  radius="xl"
                  src={email.from.avatar || null}
                  name={email.from.name}
                  color="initials"
                  className="hide-sm"
                />
              </Group>
              <UnstyledButton
                className={classes.rowMain}
                onClick={() => onOpen(email)}
                aria-label={t('openMail', { subject, name })}
                data-testid={`email-open-${email.id}`}
              >
                <Text className={classes.rowName} size="sm" fw={email.isRead ? 500 : 700} truncate>
                  {name}
                </Text>
                <Box className={classes.rowSubject}>
                  <Text span size="sm" fw={email.isRead ? 400 : 700}>
                    {subject}
                  </Text>
                  <Text span size="sm" c="dimmed" className={classes.excerpt}>
                    {' – '}
                    {plainText(email.message)}
                  </Text>
                </Box>
              </UnstyledButton>
              <Group gap={6} wrap="nowrap" className={classes.rowMeta}>
                {email.labels.map((l) => (
                  <span
                    key={l}
                    className={classes.dot}
                    style={{ background: `var(--mantine-color-${labelColors[l]}-6)` }}
                    title={t(`label.${l}`)}
                    aria-label={t(`label.${l}`)}
                    role="img"
                  />
                ))}
                {email.attachments.length > 0 && (
                  <IconPaperclip
                    size={15}
                    aria-label={t('hasAttachments')}
                    role="img"
                    data-testid={`email-clip-${email.id}`}
                  />
                )}
                <Text size="xs" c="dimmed" className={classes.date}>
                  {shortDate(email.time, i18n.language)}
                </Text>
              </Group>
            </li>
          );
        })}
      </ul>
    </ScrollArea>
  );
}

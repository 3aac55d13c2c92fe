import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Group,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChevronLeft,
  IconChevronRight,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconPaperclip,
  IconPhoto,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Email, EmailAttachment, EmailFolder, EmailLabel, EmailPerson } from '../api/types';
import { labelColors, longDate, sanitizeHtml } from '../lib/format';
import { EmailActions } from './email-actions';
import classes from './email.module.css';

const fileIcons: Record<EmailAttachment['thumbnail'], ComponentType<{ size?: number }>> = {
  pdf: IconFileTypePdf,
  image: IconPhoto,
  sheet: IconFileSpreadsheet,
  doc: IconFileText,
  text: IconFile,
};

const names = (people: EmailPerson[]) => people.map((p) => p.name || p.email).join(', ');

/** One message of a thread: sender, recipients, date, body and attachments. */
function MessageCard({ email, testId }: { email: Email; testId: string }) {
  const { t, i18n } = useTranslation('email');
  return (
    <Card withBorder radius="md" padding={0} data-testid={testId}>
      <Group justify="space-between" align="flex-start" p="md" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar
            radius="xl"
            src={email.from.avatar || null}
            name={email.from.name}
            color="initials"
          />
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {email.from.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {email.from.email}
            </Text>
            <Text size="xs" c="dimmed">
              {t('toLine', { names: names(email.to) || t('noRecipient') })}
              {email.cc.length > 0 && ` · ${t('ccLine', { names: names(email.cc) })}`}
              {email.bcc.length > 0 && ` · ${t('bccLine', { names: names(email.bcc) })}`}
            </Text>
          </Box>
        </Group>
        <Text size="xs" c="dimmed">
          {longDate(email.time, i18n.language)}
        </Text>
      </Group>
      <Divider />
      <Box p="md">
        <div
          className={classes.message}
          // The message is reduced to a safe set of tags first.
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(email.message) }}
        />
        {email.attachments.length > 0 && (
          <>
            <Divider my="sm" />
            <Group gap={6} mb="xs">
              <IconPaperclip size={16} />
              <Text size="sm" fw={500}>
                {t('attachments', { count: email.attachments.length })}
              </Text>
            </Group>
            <Group gap="xs">
              {email.attachments.map((a) => {
                const Icon = fileIcons[a.thumbnail];
                return (
                  <a
                    key={a.fileName}
                    href={a.url}
                    download={a.fileName}
                    className={classes.attachment}
                    data-testid="email-attachment"
                  >
                    <Icon size={18} />
                    <span>{a.fileName}</span>
                    <Text span size="xs" c="dimmed">
                      {a.size}
                    </Text>
                  </a>
                );
              })}
            </Group>
          </>
        )}
      </Box>
    </Card>
  );
}

export interface EmailViewProps {
  email: Email;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onBack: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onStar: () => void;
  onMove: (folder: EmailFolder) => void;
  onToggleLabel: (label: EmailLabel) => void;
  onMarkUnread: () => void;
  onDelete: () => void;
  onReply: () => void;
  onForward: () => void;
}

/** An opened mail with its thread, actions and previous/next navigation. */
export function EmailView({
  email,
  hasPrevious,
  hasNext,
  busy,
  onBack,
  onPrevious,
  onNext,
  onStar,
  onMove,
  onToggleLabel,
  onMarkUnread,
  onDelete,
  onReply,
  onForward,
}: EmailViewProps) {
  const { t } = useTranslation('email');
  const [expandedFor, setExpandedFor] = useState<number | null>(null);
  const expanded = expandedFor === email.id;
  const earlier = [...email.replies].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));

  return (
    <Stack gap={0} h="100%" data-testid="email-view">
      <div className={classes.viewHeader}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onBack}
          aria-label={t('back')}
          data-testid="email-back"
        >
          <IconChevronLeft size={20} />
        </ActionIcon>
        <Title order={2} size="h5" fw={600} style={{ flex: 1, minWidth: 0 }} lineClamp={1}>
          {email.subject || t('noSubject')}
        </Title>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={email.isStarred ? t('actions.unstar') : t('actions.star')} withinPortal>
            <ActionIcon
              variant="subtle"
              color={email.isStarred ? 'yellow' : 'gray'}
              onClick={onStar}
              disabled={busy}
              aria-label={email.isStarred ? t('actions.unstar') : t('actions.star')}
              aria-pressed={email.isStarred}
              data-testid="email-view-star"
            >
              {email.isStarred ? <IconStarFilled size={18} /> : <IconStar size={18} />}
            </ActionIcon>
          </Tooltip>
          <EmailActions
            emails={[email]}
            disabled={busy}
            onMove={onMove}
            onToggleLabel={onToggleLabel}
            onMarkUnread={onMarkUnread}
            onDelete={onDelete}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={!hasPrevious}
            onClick={onPrevious}
            aria-label={t('previous')}
            data-testid="email-previous"
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={!hasNext}
            onClick={onNext}
            aria-label={t('next')}
            data-testid="email-next"
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </div>
      <ScrollArea className={classes.viewBody} type="auto">
        <Stack p="md" gap="md">
          {email.labels.length > 0 && (
            <Group gap={6} data-testid="email-view-labels">
              {email.labels.map((l) => (
                <Badge key={l} variant="light" color={labelColors[l]} size="sm">
                  {t(`label.${l}`)}
                </Badge>
              ))}
            </Group>
          )}
          {earlier.length > 0 && !expanded && (
            <Card withBorder radius="md" padding="sm">
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={500}
                onClick={() => setExpandedFor(email.id)}
                data-testid="email-earlier"
              >
                {t('viewEarlier', { count: earlier.length })}
              </Anchor>
            </Card>
          )}
          {expanded &&
            earlier.map((r) => <MessageCard key={r.id} email={r} testId={`email-reply-${r.id}`} />)}
          <MessageCard email={email} testId="email-message" />
          <Card withBorder radius="md" padding="md">
            <Group gap="md">
              <Text size="sm">{t('replyPrompt')}</Text>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={onReply}
                data-testid="email-reply"
              >
                {t('reply')}
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowForwardUp size={16} />}
                onClick={onForward}
                data-testid="email-forward"
              >
                {t('forward')}
              </Button>
            </Group>
          </Card>
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

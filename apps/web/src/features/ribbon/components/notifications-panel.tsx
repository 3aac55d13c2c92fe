import {
  Anchor,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Indicator,
  Loader,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import type { RibbonEvent } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEventNames } from '../hooks/use-event-names';
import { eventDetail, eventObjectName, eventTitle } from '../lib/describe';
import { EventIcon } from './event-icon';

/** The bell's open list: the latest events that concern the user, newest first, with actions. */
export default function NotificationsPanel({
  list,
  items,
  unread,
  isRead,
  now,
  onOpen,
  onMarkAll,
  onClose,
}: {
  list: { isPending: boolean; isError: boolean };
  items: RibbonEvent[];
  unread: number;
  isRead: (e: RibbonEvent) => boolean;
  /** "5 minutes ago" is counted from when the list was opened. */
  now: number;
  onOpen: (e: RibbonEvent) => void;
  onMarkAll: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('ribbon');
  const names = useEventNames(items);
  const rel = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  const ago = (iso: string) => {
    const s = Math.round((Date.parse(iso) - now) / 1000);
    if (s > -60) return rel.format(Math.min(s, 0), 'second');
    if (s > -3600) return rel.format(Math.round(s / 60), 'minute');
    if (s > -86400) return rel.format(Math.round(s / 3600), 'hour');
    return rel.format(Math.round(s / 86400), 'day');
  };
  return (
    <>
      <Group justify="space-between" p="sm">
        <Text fw={600}>{t('bell.title')}</Text>
        {unread > 0 && (
          <Badge variant="light" data-testid="notifications-unread">
            {t('bell.unread', { count: unread })}
          </Badge>
        )}
      </Group>
      <Divider />
      {list.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : list.isError ? (
        <Text size="sm" c="red" p="sm">
          {t('bell.loadError')}
        </Text>
      ) : items.length === 0 ? (
        <Stack align="center" gap={4} py="lg" px="md" data-testid="notifications-empty">
          <IconBellOff size={28} opacity={0.5} />
          <Text size="sm" fw={600}>
            {t('bell.empty')}
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            {t('bell.emptyText')}
          </Text>
        </Stack>
      ) : (
        <ScrollArea.Autosize mah={380}>
          <Stack gap={0}>
            {items.map((e) => {
              const read = isRead(e);
              const detail = eventDetail(e, t, i18n.language, names);
              const objectName = eventObjectName(e, names);
              return (
                <UnstyledButton
                  key={e.id}
                  onClick={() => onOpen(e)}
                  px="sm"
                  py={8}
                  data-testid="notification"
                  data-read={read || undefined}
                  style={{ opacity: read ? 0.6 : 1 }}
                >
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Indicator disabled={read} size={8} color="blue" position="top-start">
                      <EventIcon kind={e.kind} size={30} />
                    </Indicator>
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={read ? 400 : 600} lineClamp={2}>
                        {eventTitle(e, t, names)}
                        {objectName ? ` · ${objectName}` : ''}
                      </Text>
                      {detail && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {detail}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {e.userName ?? t('system')} · {ago(e.at)}
                      </Text>
                    </div>
                  </Group>
                </UnstyledButton>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Divider />
      <Group justify="space-between" p="xs" wrap="nowrap">
        <Anchor component={Link} to="/fiscus/ribbon" size="sm" onClick={onClose}>
          {t('bell.all')}
        </Anchor>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconChecks size={14} />}
          disabled={!unread}
          onClick={onMarkAll}
          data-testid="notifications-read-all"
        >
          {t('bell.markAll')}
        </Button>
      </Group>
    </>
  );
}

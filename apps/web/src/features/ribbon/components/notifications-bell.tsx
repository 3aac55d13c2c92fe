import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import type { RibbonEvent } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useOp } from '@/lib/qry';
import { useSession } from '@/lib/session';
import { useEventStream } from '../hooks/use-event-stream';
import { eventDetail, eventTitle } from '../lib/describe';
import { eventTarget } from '../lib/links';
import { isNotification, useReadMarks } from '../lib/read-state';
import { EventIcon } from './event-icon';

const LIMIT = 30;

/** The navbar's bell: the latest events that concern the user, live, with an unread count. */
export function NotificationsBell() {
  const { t, i18n } = useTranslation('ribbon');
  const userId = useSession((s) => s.session?.user.id);
  const [opened, setOpened] = useState(false);
  // "5 minutes ago" is counted from when the list was opened.
  const [now, setNow] = useState(() => Date.now());
  const navigate = useNavigate();
  useEventStream();
  const list = useOp('ribbon.list', { limit: LIMIT }, { enabled: !!userId });
  const { isRead, markRead, markAll } = useReadMarks();
  const items = useMemo(
    () => (list.data?.items ?? []).filter((e) => isNotification(e, userId)),
    [list.data, userId],
  );
  const unread = items.filter((e) => !isRead(e)).length;
  const newest = list.data?.items[0]?.id ?? 0;
  const rel = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  const ago = (iso: string) => {
    const s = Math.round((Date.parse(iso) - now) / 1000);
    if (s > -60) return rel.format(Math.min(s, 0), 'second');
    if (s > -3600) return rel.format(Math.round(s / 60), 'minute');
    if (s > -86400) return rel.format(Math.round(s / 3600), 'hour');
    return rel.format(Math.round(s / 86400), 'day');
  };
  const open = (e: RibbonEvent) => {
    markRead(e.id);
    const target = eventTarget(e);
    setOpened(false);
    navigate(target && 'to' in target ? target.to : '/fiscus/ribbon');
  };

  // The badge wraps the popover and the popover's target is the button itself: the popup's
  // attributes (aria-haspopup, aria-expanded) belong on the element that opens it.
  return (
    <Indicator
      label={unread > 9 ? '9+' : unread || undefined}
      disabled={!unread}
      size={16}
      color="red"
      offset={6}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        shadow="lg"
        width={360}
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={
              unread
                ? `${t('bell.title')} (${t('bell.unread', { count: unread })})`
                : t('bell.title')
            }
            onClick={() => {
              setNow(Date.now());
              setOpened((o) => !o);
            }}
            data-testid="notifications-bell"
            data-unread={unread}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} data-testid="notifications-dropdown">
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
                  const detail = eventDetail(e, t, i18n.language);
                  return (
                    <UnstyledButton
                      key={e.id}
                      onClick={() => open(e)}
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
                            {eventTitle(e, t)}
                            {e.objectName ? ` · ${e.objectName}` : ''}
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
            <Anchor component={Link} to="/fiscus/ribbon" size="sm" onClick={() => setOpened(false)}>
              {t('bell.all')}
            </Anchor>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconChecks size={14} />}
              disabled={!unread}
              onClick={() => markAll(newest)}
              data-testid="notifications-read-all"
            >
              {t('bell.markAll')}
            </Button>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { RibbonEvent } from '@fiscus/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOp } from '@/lib/qry';
import { useSession } from '@/lib/session';
import { useEventStream } from '../hooks/use-event-stream';
import { eventTarget } from '../lib/links';
import { isNotification, useReadMarks } from '../lib/read-state';

/** The open list (events, icons, descriptions, actions) loads when the bell is first opened. */
const NotificationsPanel = lazy(() => import('./notifications-panel'));

const LIMIT = 30;

/** The navbar's bell: the latest events that concern the user, live, with an unread count. */
export function NotificationsBell() {
  const { t } = useTranslation('ribbon');
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
  const open = (e: RibbonEvent) => {
    markRead(e.id);
    const target = eventTarget(e);
    setOpened(false);
    navigate(target && 'to' in target ? target.to : '/fiscus/ribbon');
  };

  // The badge wraps the popover and the popover's target is the button itself: the popup's
  // attributes (aria-haspopup, aria-expanded) belong on the element that opens it. The badge
  // ("9+" is about 24 px wide) sits on the bell's corner and reaches past its edge; the margin
  // keeps that part clear of the user's name (or avatar, on a phone) next to it.
  return (
    <Indicator
      label={unread > 9 ? '9+' : unread || undefined}
      disabled={!unread}
      size={16}
      color="red"
      offset={6}
      mr={8}
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
          <Suspense
            fallback={
              <Center py="lg">
                <Loader size="sm" />
              </Center>
            }
          >
            <NotificationsPanel
              list={list}
              items={items}
              unread={unread}
              isRead={isRead}
              now={now}
              onOpen={open}
              onMarkAll={() => markAll(newest)}
              onClose={() => setOpened(false)}
            />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

import { Badge, Group, Text } from '@mantine/core';
import type { RibbonEvent } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import type { EventNames } from '../lib/describe';
import { eventDetail, eventObjectName, eventTitle } from '../lib/describe';
import { eventTarget } from '../lib/links';
import { EventIcon } from './event-icon';
import { EventTargetButton } from './event-target-button';
import classes from './ribbon.module.css';

/** One event of the feed: what happened, details, who and when, and where it leads. */
export function EventRow({
  event,
  names,
  fresh = false,
}: {
  event: RibbonEvent;
  /** Names in the user's language (`useEventNames`, once for the whole feed). */
  names: EventNames;
  fresh?: boolean;
}) {
  const { t, i18n } = useTranslation('ribbon');
  const detail = eventDetail(event, t, i18n.language, names);
  const objectName = eventObjectName(event, names);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
    new Date(event.at),
  );
  const failed = event.kind.endsWith('.failed');
  return (
    <Group
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      className={classes.row}
      data-fresh={fresh || undefined}
      data-testid="ribbon-event"
      data-kind={event.kind}
    >
      <EventIcon kind={event.kind} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} c={failed ? 'red' : undefined} data-testid="ribbon-event-title">
            {eventTitle(event, t, names)}
          </Text>
          {objectName && (
            <Badge size="sm" variant="light" color="gray" radius="sm">
              {objectName}
            </Badge>
          )}
          {fresh && (
            <Badge size="xs" color="green" variant="filled">
              {t('new')}
            </Badge>
          )}
        </Group>
        {detail && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {detail}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {event.userName ?? t('system')} · <time dateTime={event.at}>{time}</time>
        </Text>
      </div>
      <EventTargetButton target={eventTarget(event)} />
    </Group>
  );
}

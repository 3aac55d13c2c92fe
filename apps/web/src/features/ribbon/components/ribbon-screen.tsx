import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconFilterOff, IconRefresh, IconTimeline } from '@tabler/icons-react';
import { eventKinds, type EventKind, type RibbonEvent } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ability } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { useAddressParams } from '@/lib/use-address-params';
import { useEventNames } from '../hooks/use-event-names';
import { useEventStream } from '../hooks/use-event-stream';
import { useRibbonPages } from '../hooks/use-ribbon-pages';
import { dayLabel, kindKey, localDay } from '../lib/describe';
import { dayEnd, dayStart, kindGroups, type RibbonFilter } from '../lib/filter';
import { EventRow } from './event-row';
import { StreamBadge } from './stream-badge';
import classes from './ribbon.module.css';
import { shownName } from '@/lib/names';

const isKind = (k: string): k is EventKind => (eventKinds as readonly string[]).includes(k);
const parseDay = (s: string | null): Date | null => {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y!, m! - 1, d);
};

/** The domain's live activity feed: grouped by day, filterable, paged, new events on top. */
export function RibbonScreen() {
  const { t, i18n } = useTranslation('ribbon');
  const [params, setParams] = useAddressParams();
  const [fresh, setFresh] = useState<Set<number>>(() => new Set());
  const status = useEventStream((m) => {
    if (m.type === 'event') setFresh((s) => new Set(s).add(m.event.id));
  });

  // Filters live in the address (a link can open the ribbon of one object).
  const kinds = params.getAll('kind').filter(isKind);
  const objectId = params.get('object') || undefined;
  const userId = params.get('user') || undefined;
  const fromDay = parseDay(params.get('from'));
  const toDay = parseDay(params.get('to'));
  const filter = useMemo<RibbonFilter>(
    () => ({
      ...(kinds.length ? { kinds } : {}),
      ...(objectId ? { objectId } : {}),
      ...(userId ? { userId } : {}),
      ...(fromDay ? { from: dayStart(fromDay) } : {}),
      ...(toDay ? { to: dayEnd(toDay) } : {}),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [params],
  );
  const filtered = Object.keys(filter).length > 0;
  const setParam = (name: string, values: string[]) =>
    setParams(
      (p) => {
        p.delete(name);
        for (const v of values) p.append(name, v);
        return p;
      },
      { replace: true },
    );

  /**
   * The kinds box gives its whole choice, built on the kinds it shows; a second pick made before
   * the first is shown would drop the first. What the user picked and dropped there is applied
   * to the kinds last asked for instead.
   */
  const setKinds = (values: string[]) => {
    const shown: string[] = kinds;
    const picked = values.filter((k) => !shown.includes(k));
    const dropped = shown.filter((k) => !values.includes(k));
    setParams(
      (p) => {
        const next = p.getAll('kind').filter((k) => !dropped.includes(k));
        p.delete('kind');
        for (const k of new Set([...next, ...picked])) p.append('kind', k);
        return p;
      },
      { replace: true },
    );
  };

  const pages = useRibbonPages(filter);
  const objects = useOp('objects.list', {});
  const members = useOp('members.list', {}, { enabled: ability.can('read', 'Member') });
  const events = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const names = useEventNames(events);

  const days = useMemo(() => {
    const out: { day: string; items: RibbonEvent[] }[] = [];
    for (const e of events) {
      const day = localDay(e.at);
      const last = out.at(-1);
      if (last?.day === day) last.items.push(e);
      else out.push({ day, items: [e] });
    }
    return out;
  }, [events]);

  const kindData = kindGroups.map((g) => ({
    group: t(`groups.${g.id}`),
    items: g.kinds.map((k) => ({ value: k, label: t(`kindNames.${kindKey(k)}`) })),
  }));
  const objectData = (objects.data?.items ?? []).map((o) => ({ value: o.id, label: shownName(o) }));
  const userData = useMemo(() => {
    const seen = new Map<string, string>();
    for (const m of members.data?.items ?? []) seen.set(m.userId, m.fullName || m.username);
    for (const e of events) if (e.userId && e.userName) seen.set(e.userId, e.userName);
    if (userId && !seen.has(userId)) seen.set(userId, userId);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [members.data, events, userId]);

  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const onPeriod = (v: DatesRangeValue) => {
    const toDate = (x: unknown) => (x ? new Date(x as string | Date) : null);
    const [a, b] = [toDate(v[0]), toDate(v[1])];
    setParams(
      (p) => {
        p.delete('from');
        p.delete('to');
        if (a) p.set('from', iso(a));
        if (b) p.set('to', iso(b));
        return p;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="sm" data-testid="ribbon-screen">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={3}>{t('title')}</Title>
          <StreamBadge status={status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('hint')}
        </Text>
      </Group>

      <Card withBorder padding="xs" radius="md">
        <Group gap="xs" wrap="wrap" align="flex-end">
          <Tooltip label={t('common:actions.refresh')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('common:actions.refresh')}
              loading={pages.isRefetching}
              onClick={() => void pages.refetch()}
              data-testid="ribbon-refresh"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <MultiSelect
            size="xs"
            aria-label={t('filters.kinds')}
            placeholder={kinds.length ? undefined : t('filters.allKinds')}
            data={kindData}
            value={kinds}
            onChange={setKinds}
            clearable
            searchable
            maxDropdownHeight={320}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
            data-testid="ribbon-kinds"
          />
          <Select
            size="xs"
            aria-label={t('filters.object')}
            placeholder={t('filters.allObjects')}
            data={objectData}
            value={objectId ?? null}
            onChange={(v) => setParam('object', v ? [v] : [])}
            clearable
            searchable
            style={{ flex: '1 1 160px', maxWidth: 220 }}
            data-testid="ribbon-object"
          />
          <Select
            size="xs"
            aria-label={t('filters.user')}
            placeholder={t('filters.allUsers')}
            data={userData}
            value={userId ?? null}
            onChange={(v) => setParam('user', v ? [v] : [])}
            clearable
            searchable
            style={{ flex: '1 1 160px', maxWidth: 220 }}
            data-testid="ribbon-user"
          />
          <DatePickerInput
            size="xs"
            type="range"
            aria-label={t('filters.period')}
            placeholder={t('filters.anyTime')}
            value={[fromDay, toDay]}
            onChange={onPeriod}
            clearable
            allowSingleDateInRange
            maxDate={new Date()}
            locale={i18n.language}
            valueFormat="D MMM YYYY"
            style={{ flex: '1 1 200px', maxWidth: 260 }}
            data-testid="ribbon-period"
          />
          {filtered && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconFilterOff size={14} />}
              onClick={() => setParams(() => new URLSearchParams(), { replace: true })}
            >
              {t('filters.clear')}
            </Button>
          )}
        </Group>
      </Card>

      {pages.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : pages.isError && !pages.data ? (
        <Alert color="red" title={t('loadError')} data-testid="ribbon-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messageOf(pages.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void pages.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        </Alert>
      ) : events.length === 0 ? (
        <Card withBorder radius="md" padding="xl" data-testid="ribbon-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconTimeline size={30} />
            </ThemeIcon>
            <Text fw={600}>{filtered ? t('noMatchTitle') : t('emptyTitle')}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={460}>
              {filtered ? t('noMatchText') : t('emptyText')}
            </Text>
            {filtered && (
              <Button
                size="xs"
                variant="light"
                onClick={() => setParams(() => new URLSearchParams(), { replace: true })}
              >
                {t('filters.clear')}
              </Button>
            )}
          </Stack>
        </Card>
      ) : (
        <Card withBorder radius="md" padding={0} data-testid="ribbon-feed">
          {days.map((d) => (
            <section key={d.day} aria-label={dayLabel(d.day, t, i18n.language)}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.day}>
                {dayLabel(d.day, t, i18n.language)}
              </Text>
              <Stack gap={0} p={4}>
                {d.items.map((e) => (
                  <EventRow key={e.id} event={e} names={names} fresh={fresh.has(e.id)} />
                ))}
              </Stack>
            </section>
          ))}
          <Group justify="space-between" p="sm" wrap="wrap">
            <Text size="xs" c="dimmed" data-testid="ribbon-shown">
              {t('shown', { count: events.length })}
            </Text>
            {pages.hasNextPage ? (
              <Button
                size="xs"
                variant="light"
                loading={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
                data-testid="ribbon-more"
              >
                {t('loadMore')}
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {t('end')}
              </Text>
            )}
          </Group>
        </Card>
      )}
    </Stack>
  );
}

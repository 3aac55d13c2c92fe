import type { JobItem, OpInput, OpOutput, RibbonEvent } from '@fiscus/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { invalidateReads } from '@/lib/qry';
import { matchesFilter, type RibbonFilter } from './filter';
import type { StreamMessage } from './stream';

/** The cache key of the ribbon screen's pages (one entry per filter). */
export const ribbonPagesKey = (filter: RibbonFilter) =>
  ['qry', 'ribbon.list', filter, 'pages'] as const;

export type RibbonPages = InfiniteData<OpOutput<'ribbon.list'>, number | undefined>;

const isJobActive = (j: JobItem) => j.status === 'queued' || j.status === 'running';

/** Runs `fn` at most once per `ms` for a key (trailing call kept). */
function throttler() {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return (key: string, fn: () => void, ms = 400) => {
    if (timers.has(key)) return;
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        fn();
      }, ms),
    );
  };
}

/**
 * Applies the stream's messages to the console's cache: a new event goes straight onto the
 * ribbon's pages it belongs to (no request), the short lists (bell, dashboard) are read again,
 * and a run or import that ended makes what it changed stale. Job frames update the running
 * jobs and the run being watched.
 */
export function liveCacheSync(client: QueryClient): (m: StreamMessage) => void {
  const later = throttler();
  const refreshShortLists = () =>
    later(
      'ribbon',
      () =>
        void client.invalidateQueries({
          queryKey: ['qry', 'ribbon.list'],
          predicate: (q) => q.queryKey[3] !== 'pages',
        }),
    );
  return (m) => {
    if (m.type === 'open' || m.type === 'reset') {
      if (m.type === 'open' && m.resumed) return;
      invalidateReads(client, [{ op: 'ribbon.list' }, { op: 'jobs.list' }]);
      return;
    }
    if (m.type === 'event') {
      addEvent(client, m.event);
      refreshShortLists();
      eventEffects(client, m.event, later);
      return;
    }
    updateJob(client, m.job);
    if (m.job.kind === 'procedure')
      later(`run:${m.job.id}`, () =>
        invalidateReads(client, [
          { op: 'procedures.getRun', input: { id: m.job.id } },
          { op: 'procedures.runs' },
        ]),
      );
  };
}

function addEvent(client: QueryClient, event: RibbonEvent): void {
  for (const q of client.getQueryCache().findAll({ queryKey: ['qry', 'ribbon.list'] })) {
    if (q.queryKey[3] !== 'pages') continue;
    const filter = q.queryKey[2] as RibbonFilter;
    if (!matchesFilter(filter, event)) continue;
    client.setQueryData<RibbonPages>(q.queryKey, (old) => {
      if (!old?.pages.length) return old;
      if (old.pages.some((p) => p.items.some((i) => i.id === event.id))) return old;
      const [first, ...rest] = old.pages;
      const items = [...first!.items, event].sort((a, b) => b.id - a.id);
      return { ...old, pages: [{ ...first!, items }, ...rest] };
    });
  }
}

function eventEffects(
  client: QueryClient,
  e: RibbonEvent,
  later: (key: string, fn: () => void, ms?: number) => void,
): void {
  if (e.kind === 'procedure.finished' || e.kind === 'procedure.failed') {
    // What the run wrote is anywhere in the domain.
    later('procedure-ended', () =>
      invalidateReads(client, [
        { op: 'procedures.list' },
        { op: 'procedures.runs' },
        { op: 'procedures.getRun' },
        { op: 'records.list' },
        { op: 'records.count' },
        { op: 'records.groups' },
        { op: 'records.get' },
        { op: 'tables.list' },
        { op: 'jobs.list' },
      ]),
    );
  } else if (e.kind === 'import.finished' || e.kind === 'import.failed') {
    later('import-ended', () =>
      invalidateReads(client, [{ op: 'imports.list' }, { op: 'imports.get' }, { op: 'jobs.list' }]),
    );
  }
}

function updateJob(client: QueryClient, job: JobItem): void {
  for (const q of client.getQueryCache().findAll({ queryKey: ['qry', 'jobs.list'] })) {
    const input = q.queryKey[2] as OpInput<'jobs.list'>;
    client.setQueryData<OpOutput<'jobs.list'>>(q.queryKey, (old) => {
      if (!old) return old;
      const at = old.items.findIndex((j) => j.id === job.id);
      if (at >= 0) {
        const items = [...old.items];
        items[at] = { ...items[at]!, ...job, label: job.label ?? items[at]!.label };
        return { items };
      }
      if (input.active && !isJobActive(job)) return old;
      return { items: [job, ...old.items].slice(0, input.limit) };
    });
  }
}

import type { EventKind, OpInput, RibbonEvent } from '@fiscus/contracts';

/** What the ribbon screen filters by (the input of `ribbon.list` without paging). */
export type RibbonFilter = Omit<OpInput<'ribbon.list'>, 'before' | 'limit'>;

/** Kinds grouped as the filter offers them. */
export const kindGroups: { id: string; kinds: EventKind[] }[] = [
  {
    id: 'records',
    kinds: ['record.created', 'record.updated', 'record.deleted', 'record.restored'],
  },
  { id: 'imports', kinds: ['import.finished', 'import.failed'] },
  { id: 'exports', kinds: ['export.finished', 'export.failed'] },
  { id: 'procedures', kinds: ['procedure.finished', 'procedure.failed'] },
  { id: 'reports', kinds: ['report.generated', 'report.failed'] },
  { id: 'members', kinds: ['member.added', 'member.removed'] },
  { id: 'mounts', kinds: ['sync.finished', 'sync.failed'] },
  { id: 'webhooks', kinds: ['webhook.disabled'] },
];

/** Whether a live event belongs in a list read with this filter (as the server would decide). */
export function matchesFilter(filter: RibbonFilter, e: RibbonEvent): boolean {
  if (filter.kinds?.length && !filter.kinds.includes(e.kind)) return false;
  if (filter.objectId && e.objectId !== filter.objectId) return false;
  if (filter.userId && e.userId !== filter.userId) return false;
  const at = Date.parse(e.at);
  if (filter.from && at < Date.parse(filter.from)) return false;
  if (filter.to && at > Date.parse(filter.to)) return false;
  return true;
}

/** The start of a local day as an instant (`YYYY-MM-DD` in the browser's time zone). */
export function dayStart(day: Date): string {
  const d = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  return d.toISOString();
}

/** The last millisecond of a local day as an instant. */
export function dayEnd(day: Date): string {
  const d = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
  return new Date(d.getTime() - 1).toISOString();
}

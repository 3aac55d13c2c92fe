import type { EventKind, RibbonEvent } from '@fiscus/contracts';
import type { TFunction } from 'i18next';
import type { NameOf } from '@/lib/entity-names';

/**
 * How the names an event carries (of the moment it happened, in the default language) are shown:
 * by the entity's id, in the user's language (see `useEventNames`).
 */
export interface EventNames {
  object: NameOf;
  procedure: NameOf;
  report: NameOf;
  /** A field of the event's object (by the object's id), by the name the event carries. */
  field?: NameOf;
}

const asIs: NameOf = (_id, fallback) => fallback;
const plainNames: EventNames = { object: asIs, procedure: asIs, report: asIs };

/** The event's object, by its name in the user's language; '' when it names none. */
export function eventObjectName(e: RibbonEvent, names: EventNames = plainNames): string {
  return e.objectName ? names.object(e.objectId, e.objectName) : '';
}

/** The i18n key part of a kind (`record.created` → `record_created`). */
export const kindKey = (kind: EventKind) => kind.replace('.', '_');

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** A duration as the log shows it: milliseconds below 10 s, else seconds. */
export function duration(ms: number, t: TFunction, lng: string): string {
  return ms < 10_000
    ? t('ribbon:duration.ms', { n: Math.round(ms).toLocaleString(lng) })
    : t('ribbon:duration.s', {
        n: (ms / 1000).toLocaleString(lng, { maximumFractionDigits: 1 }),
      });
}

/** The one-line title of an event, in the user's language. */
export function eventTitle(e: RibbonEvent, t: TFunction, names: EventNames = plainNames): string {
  const d = e.data;
  const objectName = eventObjectName(e, names);
  const key = `ribbon:event.${kindKey(e.kind)}`;
  switch (e.kind) {
    case 'import.finished':
    case 'import.failed':
      return t(key, { file: str(d.fileName) || objectName });
    case 'export.finished':
    case 'export.failed':
      return t(key, { count: e.count, format: str(d.format).toUpperCase() || 'CSV' });
    case 'procedure.finished':
    case 'procedure.failed':
      return t(key, { name: names.procedure(e.links.procedureId, str(d.procedure)) });
    case 'report.generated':
    case 'report.failed':
      return t(key, {
        name: names.report(e.links.reportId, str(d.report ?? d.name)) || objectName,
      });
    case 'member.added':
    case 'member.removed':
      return t(key, {
        member: str(d.member),
        role: t(`common:role.${str(d.role)}`, { defaultValue: str(d.role) }),
      });
    case 'sync.finished':
    case 'sync.failed':
    case 'webhook.disabled':
      return t(key, { name: str(d.name) || objectName });
    default:
      return t(key, { count: e.count });
  }
}

/** A second line with details (changed fields, counts, a failure's message), or null. */
export function eventDetail(
  e: RibbonEvent,
  t: TFunction,
  lng: string,
  names: EventNames = plainNames,
): string | null {
  const d = e.data;
  const n = (v: unknown) => num(v).toLocaleString(lng);
  if (e.kind.startsWith('record.') && typeof d.procedure === 'string')
    return t('ribbon:detail.byProcedure', {
      name: names.procedure(e.links.procedureId, d.procedure),
    });
  switch (e.kind) {
    case 'record.updated': {
      const fieldName = names.field ?? asIs;
      const fields = Array.isArray(d.fields)
        ? d.fields
            .map(str)
            .filter(Boolean)
            .map((f) => fieldName(e.objectId, f))
        : [];
      if (!fields.length) return null;
      const shown = fields.slice(0, 6).join(', ');
      const more =
        fields.length > 6 ? ` ${t('ribbon:detail.andMore', { count: fields.length - 6 })}` : '';
      return t('ribbon:detail.fields', { fields: shown + more });
    }
    case 'import.finished':
      return t('ribbon:detail.importResult', {
        inserted: n(d.inserted),
        updated: n(d.updated),
        skipped: n(d.skipped),
        failed: n(d.failed),
      });
    case 'procedure.finished':
      return t('ribbon:detail.procResult', {
        read: n(d.rowsRead),
        written: n(d.rowsWritten),
        time: duration(num(d.ms), t, lng),
      });
    case 'import.failed':
    case 'export.failed':
    case 'procedure.failed':
    case 'report.failed':
    case 'sync.failed':
      if (d.status === 'cancelled') return t('ribbon:detail.cancelled');
      return str(d.error) || str(d.message) || null;
    default:
      return null;
  }
}

/** Colour of an event's icon. */
export function eventColor(kind: EventKind): string {
  if (kind.endsWith('.failed')) return 'red';
  if (kind.startsWith('record.deleted')) return 'orange';
  if (kind.startsWith('record.')) return 'blue';
  if (kind.startsWith('import.') || kind.startsWith('export.')) return 'teal';
  if (kind.startsWith('procedure.')) return 'grape';
  if (kind.startsWith('report.')) return 'indigo';
  if (kind.startsWith('member.')) return 'yellow';
  return 'cyan';
}

/** The local day of an instant (`YYYY-MM-DD`), for grouping. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** "Today", "Yesterday" or the date written out. */
export function dayLabel(day: string, t: TFunction, lng: string, now = new Date()): string {
  const today = localDay(now.toISOString());
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (day === today) return t('ribbon:today');
  if (day === localDay(y.toISOString())) return t('ribbon:yesterday');
  const [yy, mm, dd] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(lng, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: yy === now.getFullYear() ? undefined : 'numeric',
  }).format(new Date(yy!, mm! - 1, dd));
}

import type { JobItem, RibbonEvent } from '@fiscus/contracts';

/** Where an event (or job) leads: a screen of the console, or a file to download. */
export type EventTarget = { to: string } | { fileId: string; fileName: string } | null;

const enc = encodeURIComponent;
export const runPath = (runId: string) => `/fiscus/procedures?run=${enc(runId)}`;
export const objectPath = (objectId: string) => `/fiscus/object/${enc(objectId)}`;
export const recordPath = (objectId: string, recordId: number) =>
  `/fiscus/recordpage/${enc(objectId)}/${recordId}`;

/** What the ribbon opens for an event: its record, import, report, run, file or object. */
export function eventTarget(e: RibbonEvent): EventTarget {
  const l = e.links;
  switch (e.kind) {
    case 'record.created':
    case 'record.updated':
    case 'record.deleted':
    case 'record.restored':
      if (l.objectId && l.recordId !== undefined) return { to: recordPath(l.objectId, l.recordId) };
      return l.objectId ? { to: objectPath(l.objectId) } : null;
    case 'import.finished':
    case 'import.failed':
      return l.importId ? { to: `/fiscus/imports?import=${enc(l.importId)}` } : null;
    case 'export.finished': {
      const format = typeof e.data.format === 'string' ? e.data.format : 'csv';
      if (l.fileId) return { fileId: l.fileId, fileName: `${e.objectName ?? 'export'}.${format}` };
      return l.objectId ? { to: objectPath(l.objectId) } : null;
    }
    case 'export.failed':
      return l.objectId ? { to: objectPath(l.objectId) } : null;
    case 'procedure.finished':
    case 'procedure.failed':
      return l.runId ? { to: runPath(l.runId) } : null;
    case 'report.generated':
    case 'report.failed':
      return l.reportId
        ? { to: `/fiscus/reports?report=${enc(l.reportId)}` }
        : { to: '/fiscus/reports' };
    case 'member.added':
    case 'member.removed':
      return { to: '/fiscus/domains' };
    case 'sync.finished':
    case 'sync.failed':
      return l.objectId ? { to: objectPath(l.objectId) } : { to: '/fiscus/mounts' };
    case 'webhook.disabled':
      return { to: '/fiscus/integrations?tab=webhooks' };
  }
}

/** Where a running job leads. */
export function jobTarget(j: JobItem): EventTarget {
  switch (j.kind) {
    case 'procedure':
      return { to: runPath(j.id) };
    case 'import':
      return { to: '/fiscus/imports' };
    case 'report':
      return j.fileId
        ? { fileId: j.fileId, fileName: j.label ?? 'report' }
        : { to: '/fiscus/reports' };
    case 'sync':
      return { to: '/fiscus/mounts' };
    case 'export':
      return j.fileId ? { fileId: j.fileId, fileName: j.label ?? 'export' } : null;
    default:
      return null;
  }
}

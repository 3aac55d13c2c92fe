import type { ImportStatus } from '@fiscus/contracts';

/** Queued or running: the import is still changing. */
export const isActive = (status: ImportStatus) => status === 'queued' || status === 'running';

/** Finished one way or another. */
export const isFinished = (status: ImportStatus) =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled';

export const statusColor: Record<ImportStatus, string> = {
  draft: 'gray',
  queued: 'indigo',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'orange',
};

/** Bytes in a short readable form (1 decimal above KB), in the given language. */
export function formatBytes(bytes: number, lng: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${v.toLocaleString(lng, { maximumFractionDigits: u === 0 ? 0 : 1 })} ${units[u]}`;
}

/** Seconds as m:ss or h:mm:ss. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

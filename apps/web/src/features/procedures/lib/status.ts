import type { ProcedureRunStatus } from '@fiscus/contracts';

export const isRunActive = (s: ProcedureRunStatus) => s === 'queued' || s === 'running';

export const runStatusColor: Record<ProcedureRunStatus, string> = {
  queued: 'indigo',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'orange',
};

/** A duration as the log shows it. */
export function formatMs(ms: number, lng: string): string {
  if (ms < 1000) return `${Math.round(ms).toLocaleString(lng)} ms`;
  return `${(ms / 1000).toLocaleString(lng, { maximumFractionDigits: ms < 10_000 ? 2 : 1 })} s`;
}

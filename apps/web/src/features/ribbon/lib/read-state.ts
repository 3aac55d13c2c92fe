import type { RibbonEvent } from '@fiscus/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session';

/**
 * What the notification bell has marked as read, per user and domain, kept in local storage
 * (`fiscus-ribbon-read`): every event up to `upTo`, and single events above it. Other tabs of
 * the same browser follow through the storage event.
 */
export const READ_KEY = 'fiscus-ribbon-read';
const MAX_IDS = 200;

interface ReadMark {
  upTo: number;
  ids: number[];
}
type ReadState = Record<string, ReadMark>;

function parse(raw: string | null): ReadState {
  try {
    const v = JSON.parse(raw ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as ReadState) : {};
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();
/** The parsed marks and the text they were parsed from (read again when the text changes). */
let cache: { raw: string | null; state: ReadState } | null = null;
let memory: ReadState | null = null;
function read(): ReadState {
  if (memory) return memory;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(READ_KEY);
  } catch {
    raw = null;
  }
  if (!cache || cache.raw !== raw) cache = { raw, state: parse(raw) };
  return cache.state;
}
function write(next: ReadState): void {
  try {
    window.localStorage.setItem(READ_KEY, JSON.stringify(next));
    memory = null;
  } catch {
    // Storage full or blocked: the marks last for this page.
    memory = next;
  }
  for (const fn of [...listeners]) fn();
}
function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key === READ_KEY) fn();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

const empty: ReadMark = { upTo: 0, ids: [] };

/** The read marks of the signed-in user in the current domain. */
export function useReadMarks() {
  const session = useSession((s) => s.session);
  const key = session ? `${session.user.id}:${session.domain.id}` : '';
  const state = useSyncExternalStore(subscribe, read, read);
  const mark = state[key] ?? empty;
  const isRead = useCallback(
    (e: RibbonEvent) => e.id <= mark.upTo || mark.ids.includes(e.id),
    [mark],
  );
  const markRead = useCallback(
    (id: number) => {
      const cur = read()[key] ?? empty;
      if (id <= cur.upTo || cur.ids.includes(id)) return;
      write({ ...read(), [key]: { upTo: cur.upTo, ids: [...cur.ids, id].slice(-MAX_IDS) } });
    },
    [key],
  );
  const markAll = useCallback(
    (upTo: number) => {
      const cur = read()[key] ?? empty;
      write({ ...read(), [key]: { upTo: Math.max(cur.upTo, upTo), ids: [] } });
    },
    [key],
  );
  return { isRead, markRead, markAll };
}

/**
 * Events the bell tells about: what other people did, and how the caller's own long work ended
 * (imports, exports, procedure runs, reports, syncs) — not the caller's own record edits.
 */
export function isNotification(e: RibbonEvent, userId: string | undefined): boolean {
  if (e.userId !== userId) return true;
  return !e.kind.startsWith('record.') && !e.kind.startsWith('member.');
}

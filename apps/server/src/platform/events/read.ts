import type { EventKind, EventLinks, RibbonEvent } from '@fiscus/contracts';
import type { Q } from '../context.js';
import './events.tables.js';

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Events with the names of their user and object, as the API shows them. */
export function selectEvents(q: Q) {
  return q
    .selectFrom('pf_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('pf_objects as o', 'o.id', 'e.object_id')
    .select([
      'e.id',
      'e.kind',
      'e.at',
      'e.user_id',
      'e.object_id',
      'e.object_name',
      'e.count',
      'e.record_ids',
      'e.data',
      'e.links',
      'e.domain_id',
      'u.full_name',
      'u.username',
      'o.name as current_object_name',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

export function eventOut(r: Row): RibbonEvent {
  return {
    id: Number(r.id),
    kind: r.kind as EventKind,
    at: r.at,
    userId: r.user_id,
    userName: r.full_name || r.username || null,
    objectId: r.object_id,
    objectName: r.current_object_name ?? r.object_name ?? null,
    count: Number(r.count),
    recordIds: parseJson<number[]>(r.record_ids, []),
    data: parseJson<Record<string, unknown>>(r.data, {}),
    links: parseJson<EventLinks>(r.links, {}),
  };
}

import { isoNow } from '../lib/clock.js';
import type { Q } from './context.js';
import './tables.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'restore';

export interface AuditEntry {
  domainId: string;
  objectId: string;
  recordId: number;
  action: AuditAction;
  userId: string | null;
  /** Field id → value (API form), or null. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes audit rows in multi-row statements (bounded parameter count). */
export async function writeAudit(q: Q, entries: AuditEntry[]): Promise<void> {
  const at = isoNow();
  for (let i = 0; i < entries.length; i += 500) {
    await q
      .insertInto('pf_audit')
      .values(
        entries.slice(i, i + 500).map((e) => ({
          domain_id: e.domainId,
          object_id: e.objectId,
          record_id: e.recordId,
          action: e.action,
          user_id: e.userId,
          at,
          before: e.before ? JSON.stringify(e.before) : null,
          after: e.after ? JSON.stringify(e.after) : null,
        })),
      )
      .execute();
  }
}

export async function readAudit(
  q: Q,
  objectId: string,
  recordId: number,
  offset: number,
  limit: number,
) {
  return q
    .selectFrom('pf_audit')
    .leftJoin('users', 'users.id', 'pf_audit.user_id')
    .select([
      'pf_audit.id',
      'pf_audit.action',
      'pf_audit.at',
      'pf_audit.user_id',
      'pf_audit.before',
      'pf_audit.after',
      'users.username',
      'users.full_name',
    ])
    .where('pf_audit.object_id', '=', objectId)
    .where('pf_audit.record_id', '=', recordId)
    .orderBy('pf_audit.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function deleteAuditOf(q: Q, objectId: string): Promise<void> {
  await q.deleteFrom('pf_audit').where('object_id', '=', objectId).execute();
}

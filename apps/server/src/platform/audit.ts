import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import { isoNow } from '../lib/clock.js';
import type { Q } from './context.js';
import type { FieldMeta } from './meta.js';
import { insertRows, quote } from './rows.js';
import { storageOf } from './values.js';
import './tables.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'restore';

/**
 * The API token an op runs through (its name), for the history: the `/api/qry` dispatcher runs
 * each op of a token inside `auditVia.run(name, …)`, and every audit entry written meanwhile
 * keeps the name (`pf_audit.via`, "via token …"). A job the op starts keeps the name in its own
 * row (`pf_jobs.via_token`, read here by `Jobs.enqueue`), and the runner runs the job inside
 * `auditVia.run` with it again, so that the changes the job makes (an import's updates and
 * deletes) keep the name too, whichever process runs it.
 */
export const auditVia = new AsyncLocalStorage<string>();

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

/** What a run of audit entries shares: one domain, object, user and action. */
export interface AuditHead {
  domainId: string;
  objectId: string;
  userId: string | null;
  action: AuditAction;
}

/**
 * Writes audit entries in multi-row statements; each run of entries with one head binds the
 * head once per statement (see `writeAuditRun`).
 */
export async function writeAudit(q: Q, dialect: DialectName, entries: AuditEntry[]): Promise<void> {
  const at = isoNow();
  let i = 0;
  while (i < entries.length) {
    const head = entries[i] as AuditEntry;
    let j = i + 1;
    while (j < entries.length && sameHead(entries[j] as AuditEntry, head)) j++;
    const rows: unknown[] = [];
    for (let k = i; k < j; k++) {
      const e = entries[k] as AuditEntry;
      rows.push(
        e.recordId,
        e.before ? JSON.stringify(e.before) : null,
        e.after ? JSON.stringify(e.after) : null,
      );
    }
    await writeAuditRun(q, dialect, head, rows, at);
    i = j;
  }
}

function sameHead(a: AuditHead, b: AuditHead): boolean {
  return (
    a.domainId === b.domainId &&
    a.objectId === b.objectId &&
    a.userId === b.userId &&
    a.action === b.action
  );
}

/**
 * Audit entries of one head from a flat array of `[recordId, before, after]` per entry, before
 * and after already JSON texts (field id → value in API form) or null: bulk writes make those
 * texts per field as they go.
 */
export async function writeAuditRun(
  q: Q,
  dialect: DialectName,
  head: AuditHead,
  rows: readonly unknown[],
  at = isoNow(),
): Promise<void> {
  if (!rows.length) return;
  await insertRows(q, dialect, 'pf_audit', ['record_id', 'before', 'after'], rows, {
    types: ['bigint', 'text', 'text'],
    constants: {
      domain_id: head.domainId,
      object_id: head.objectId,
      action: head.action,
      user_id: head.userId,
      at,
      via: auditVia.getStore() ?? null,
    },
  });
}

/** Fields one SQLite statement can write an audit text of (two arguments each of `json_object`). */
const MAX_TEXT_FIELDS = 60;

/**
 * The field's value in the API form (what `decode` answers), as SQLite writes it into a JSON
 * text: booleans true/false, decimals their canonical text at the field's scale (from the
 * stored integer units), lists their JSON, the rest as stored. Null stays null.
 */
function apiValueSql(f: AuditedField): string {
  const c = quote(f.column);
  const storage = storageOf(f.type, f.options);
  if (storage === 'bool') return `json(case ${c} when 0 then 'false' when 1 then 'true' end)`;
  if (storage === 'int') return c;
  if (storage === 'text') return f.type === 'multiselect' ? `json(${c})` : c;
  const scale = Number(storage.slice(3));
  if (scale === 0) return `cast(${c} as text)`;
  const unit = 10 ** scale;
  return (
    `(case when ${c} < 0 then '-' else '' end || (abs(${c}) / ${unit}) || '.' || ` +
    `substr('${'0'.repeat(scale)}' || (abs(${c}) % ${unit}), -${scale}))`
  );
}

type AuditedField = Pick<FieldMeta, 'id' | 'column' | 'type' | 'options'>;

/**
 * SQLite: the `create` audit entries of the new records `first`..`last` of `table` (every id
 * between them new, made by one write), each with every field of `fields` — the text
 * `JSON.stringify` of the record's values (field id → value in the API form) gives, made by
 * SQLite from the stored rows in one statement instead of one text per record in JavaScript.
 * Answers false (nothing written) when the fields are too many for one statement: the caller
 * writes the texts itself.
 */
export async function writeCreateAuditOfRows(
  q: Q,
  head: Omit<AuditHead, 'action'>,
  table: string,
  fields: readonly AuditedField[],
  first: number,
  last: number,
  at: string,
): Promise<boolean> {
  if (fields.length > MAX_TEXT_FIELDS) return false;
  const text =
    `insert into pf_audit (domain_id, object_id, action, user_id, at, via, record_id, before, after) ` +
    `select ?, ?, 'create', ?, ?, ?, id, null, json_object(${fields.map((f) => `?, ${apiValueSql(f)}`).join(', ')}) ` +
    `from ${quote(table)} where id between ? and ? order by id`;
  await q.executeQuery(
    CompiledQuery.raw(text, [
      head.domainId,
      head.objectId,
      head.userId,
      at,
      auditVia.getStore() ?? null,
      ...fields.map((f) => f.id),
      first,
      last,
    ]),
  );
  return true;
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
      'pf_audit.via',
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

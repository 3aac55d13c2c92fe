import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// The audit's index by domain (`pf_audit_domain`: domain_id, id) served no query — the history
// reads by object and record (`pf_audit_record`) — and cost every audited write a second index
// entry per record changed (≈ 20% of the SQLite work of writing an audit entry).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pf_audit_domain').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('pf_audit_domain')
    .on('pf_audit')
    .columns(['domain_id', 'id'])
    .execute();
}

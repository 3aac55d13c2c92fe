/**
 * Row types of data sources and mounts (migration 2026-11-27-4001-datasources-mounts). The
 * datasources and mounts modules write them; the kernel reads them to reach a mounted object's
 * rows where they live (see relation.ts).
 */
export interface PfDatasourcesTable {
  id: string;
  domain_id: string;
  name: string;
  /** `postgres` | `sqlite`. */
  kind: string;
  host: string | null;
  port: number | null;
  database: string | null;
  username: string | null;
  /** `disable` | `prefer` | `require` | `verify-full`. */
  ssl_mode: string | null;
  /** The password sealed with the secrets key (secrets.ts); never leaves the server. */
  secret: string | null;
  /** SQLite: the uploaded database file. */
  file_id: string | null;
  /** `untested` | `ok` | `failed`. */
  status: string;
  /** Why the last test failed (a reason code of the contracts). */
  status_reason: string | null;
  tested_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface PfMountsTable {
  /** The mounted object (one mount per object). */
  object_id: string;
  domain_id: string;
  source_id: string | null;
  /** A mounted CSV/XLSX file. */
  file_id: string | null;
  source_schema: string | null;
  source_table: string;
  /** `live` | `synced`. */
  mode: string;
  key_column: string | null;
  updated_column: string | null;
  /** Synced: minutes between scheduled syncs; null = on demand only. */
  schedule_minutes: number | null;
  /** JSON: [{ fieldId, column, sourceType }]. */
  columns: string;
  /** JSON: [{ column, problem, was, now }] when the source no longer matches; null = fine. */
  attention: string | null;
  last_sync_at: string | null;
  last_sync_rows: number | null;
  last_sync_job: string | null;
  /** Incremental syncs: the greatest updated-at value copied so far. */
  watermark: string | null;
  next_sync_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    pf_datasources: PfDatasourcesTable;
    pf_mounts: PfMountsTable;
  }
}

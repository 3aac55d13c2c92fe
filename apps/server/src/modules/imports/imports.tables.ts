import type { Generated } from 'kysely';

/** Row types of the imports module's own tables (migration 2026-11-22-0004-files-jobs). */

export interface PfImportsTable {
  id: string;
  domain_id: string;
  object_id: string;
  file_id: string;
  format: string;
  settings: string;
  job_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One problem of an import's run: the row, column, value and reason. */
export interface PfImportLogTable {
  id: Generated<number>;
  import_id: string;
  job_id: string;
  row_no: number;
  column_name: string | null;
  field: string | null;
  value: string | null;
  message: string;
}

declare module '../../db/schema.js' {
  interface Database {
    pf_imports: PfImportsTable;
    pf_import_log: PfImportLogTable;
  }
}

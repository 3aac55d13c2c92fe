import type { Generated } from 'kysely';

/** Row types of migration 2026-11-22-0004-files-jobs. */
export interface PfFilesTable {
  id: string;
  domain_id: string;
  name: string;
  size: number;
  type: string;
  sha256: string;
  purpose: string;
  created_by: string | null;
  created_at: string;
}

export interface PfUploadsTable {
  id: string;
  domain_id: string;
  user_id: string;
  name: string;
  size: number;
  received: number;
  sha256: string | null;
  file_id: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

export interface PfJobsTable {
  id: string;
  domain_id: string;
  kind: string;
  status: string;
  progress: number;
  processed: number;
  total: number | null;
  params: string;
  result: string | null;
  error: string | null;
  file_id: string | null;
  lang: string;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

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

declare module './schema.js' {
  interface Database {
    pf_files: PfFilesTable;
    pf_uploads: PfUploadsTable;
    pf_jobs: PfJobsTable;
    pf_imports: PfImportsTable;
    pf_import_log: PfImportLogTable;
  }
}

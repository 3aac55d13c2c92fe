/** Row types of the files module's own table (migration 2026-11-22-0004-files-jobs). */

/** A chunked upload under way: its bytes so far are in a temp file. */
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
  /** The request writing a chunk now (a token), while `writing_until` is ahead. */
  writer?: string | null;
  writing_until?: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    pf_uploads: PfUploadsTable;
  }
}

import type { Generated } from 'kysely';
/** Row types of migration 2026-11-27-3001-reports. */
export interface PfReportsTable {
  id: string;
  domain_id: string;
  name: string;
  /** JSON of the name in other languages (`{ "de": "…" }`). */
  names: Generated<string>;
  description: string;
  /** JSON of the description in other languages (`{ "de": "…" }`). */
  descriptions: Generated<string>;
  source: string;
  object_id: string;
  view_id: string | null;
  cube_id: string | null;
  definition: string;
  format: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

export interface PfReportRunsTable {
  id: string;
  domain_id: string;
  report_id: string;
  report_name: string;
  format: string;
  params: string | null;
  params_text: string;
  log: string;
  result: string | null;
  file_id: string | null;
  file_name: string | null;
  size: number | string | null;
  duration_ms: number | string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    pf_reports: PfReportsTable;
    pf_report_runs: PfReportRunsTable;
  }
}

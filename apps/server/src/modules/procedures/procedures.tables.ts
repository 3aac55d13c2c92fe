import type { Generated } from 'kysely';
/** Row types of migration 2026-11-25-0002-procedures. */
export interface PfProceduresTable {
  id: string;
  domain_id: string;
  name: string;
  /** JSON of the name in other languages (`{ "de": "…" }`). */
  names: Generated<string>;
  description: string;
  /** JSON of the description in other languages (`{ "de": "…" }`). */
  descriptions: Generated<string>;
  definition: string;
  /** The object whose changes run the procedure (its trigger), if any. */
  trigger_object_id: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

export interface PfProcedureRunsTable {
  id: string;
  domain_id: string;
  procedure_id: string;
  procedure_name: string;
  action_id: string | null;
  dry_run: number;
  params: string;
  log: string;
  result: string | null;
  created_at: string;
  /** JSON of the change that started a run by a trigger; null for other runs. */
  trigger: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    pf_procedures: PfProceduresTable;
    pf_procedure_runs: PfProcedureRunsTable;
  }
}

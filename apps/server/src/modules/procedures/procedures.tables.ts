/** Row types of migration 2026-11-25-0002-procedures. */
export interface PfProceduresTable {
  id: string;
  domain_id: string;
  name: string;
  description: string;
  definition: string;
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
}

declare module '../../db/schema.js' {
  interface Database {
    pf_procedures: PfProceduresTable;
    pf_procedure_runs: PfProcedureRunsTable;
  }
}

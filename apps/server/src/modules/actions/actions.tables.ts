import type { Generated } from 'kysely';
/** Row type of migration 2026-11-25-0003-actions. */
export interface PfActionsTable {
  id: string;
  domain_id: string;
  name: string;
  /** JSON of the name in other languages (`{ "de": "…" }`). */
  names: Generated<string>;
  icon: string;
  procedure_id: string;
  object_id: string;
  placement: string;
  record_param: string | null;
  preset: string;
  ask: string;
  confirm: string;
  /** JSON of the question in other languages (`{ "de": "…" }`). */
  confirms: Generated<string>;
  roles: string;
  position: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    pf_actions: PfActionsTable;
  }
}

import type { Generated } from 'kysely';

/** Row types of the platform metadata tables (migration 2026-11-22-0003-platform). */
export interface PfObjectsTable {
  id: string;
  domain_id: string;
  name: string;
  code: string;
  kind: string;
  description: string;
  display_field_id: string | null;
  table_name: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface PfFieldsTable {
  id: string;
  object_id: string;
  domain_id: string;
  name: string;
  code: string;
  type: string;
  /** JSON of FieldOptions. */
  options: string;
  column_name: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface PfViewsTable {
  id: string;
  domain_id: string;
  object_id: string;
  owner_id: string;
  name: string;
  shared: number;
  /** JSON of ViewDefinition. */
  definition: string;
  created_at: string;
  updated_at: string;
}

export interface PfIndexesTable {
  name: string;
  object_id: string;
  /** JSON array of column names. */
  columns: string;
  is_unique: number;
  created_at: string;
}

export interface PfAuditTable {
  id: Generated<number>;
  domain_id: string;
  object_id: string;
  record_id: number;
  action: string;
  user_id: string | null;
  at: string;
  before: string | null;
  after: string | null;
}

declare module '../db/schema.js' {
  interface Database {
    pf_objects: PfObjectsTable;
    pf_fields: PfFieldsTable;
    pf_views: PfViewsTable;
    pf_indexes: PfIndexesTable;
    pf_audit: PfAuditTable;
  }
}

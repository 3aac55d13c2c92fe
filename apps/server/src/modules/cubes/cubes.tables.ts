import type { Generated } from 'kysely';
/** Row types of migration 2026-11-25-0004-cubes. */
export interface PfCubesTable {
  id: string;
  domain_id: string;
  object_id: string;
  name: string;
  /** JSON of the name in other languages (`{ "de": "…" }`). */
  names: Generated<string>;
  description: string;
  /** JSON of the description in other languages (`{ "de": "…" }`). */
  descriptions: Generated<string>;
  definition: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

export interface PfCubeWritesTable {
  id: string;
  domain_id: string;
  cube_id: string;
  object_id: string;
  user_id: string;
  changes: string;
  created_at: string;
  undone_at: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    pf_cubes: PfCubesTable;
    pf_cube_writes: PfCubeWritesTable;
  }
}

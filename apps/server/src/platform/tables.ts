import type { Role } from '@fiscus/contracts';
import type { Generated } from 'kysely';

/**
 * Row types of the kernel's tables, declared into `Database`: the data platform's metadata
 * (migration 2026-11-22-0003-platform), identity — users, domains, memberships, sessions and
 * what signing in needs (migrations 2026-11-22-0002-auth and 2026-11-23-0005-account-security)
 * —, and the stored files and background jobs (migration 2026-11-22-0004-files-jobs). The kernel
 * reads some of them (e.g. `users` for the authors in record history, `pf_jobs` in the job
 * runner); several modules read the others (a job's or an import's file), so no module owns
 * their types. Tables one module alone reads are typed in that module (`files.tables.ts`,
 * `imports.tables.ts`, …).
 */

// ── Data platform ────────────────────────────────────────────────────────────────────────────

export interface PfObjectsTable {
  id: string;
  domain_id: string;
  name: string;
  code: string;
  kind: string;
  description: string;
  /** JSON of the description in other languages (`{ "de": "…" }`). */
  descriptions: Generated<string>;
  display_field_id: string | null;
  table_name: string;
  /** JSON of the name in other languages (`{ "ru": "Транспорт" }`). */
  names: Generated<string>;
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
  /** JSON of the name in other languages. */
  names: Generated<string>;
  /** JSON of a computed field's definition (formula, lookup, rollup); null: stored. */
  computed: string | null;
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
  /** 1: built for the reads users ran (platform/auto-index.ts); 0: a view's or a field's. */
  automatic: Generated<number>;
  /** An automatic index: when a read last had it serve its shape (hourly at most). */
  used_at: string | null;
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
  /** The API token's name when the change came through one. */
  via: string | null;
}

// ── Identity and sign-in ─────────────────────────────────────────────────────────────────────

export interface UsersTable {
  id: string;
  username: string;
  /** Always stored lower-case. */
  email: string;
  full_name: string;
  avatar: string | null;
  password_hash: string;
  /** The domain the user worked in last; sign-in starts there. */
  last_domain_id: string | null;
  created_at: string;
  updated_at: string;
  password_changed_at: string;
}

export interface DomainsTable {
  id: string;
  name: string;
  created_at: string;
  created_by: string | null;
}

export interface MembershipsTable {
  user_id: string;
  domain_id: string;
  role: Role;
  created_at: string;
}

export interface RefreshTokensTable {
  id: string;
  /** One family per sign-in; every rotation stays in it; the access token's `sid`. */
  family_id: string;
  user_id: string;
  domain_id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  replaced_by: string | null;
  /**
   * The successor's token (AES-256-GCM, key derived from the JWT secret) while a replay inside
   * `REFRESH_GRACE` may still be answered with it; cleared afterwards.
   */
  successor_token?: string | null;
  created_at: string;
}

export interface ResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A change of the sign-in e-mail waiting for the link mailed to the new address. */
export interface EmailChangesTable {
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  user_id: string;
  new_email: string;
  old_email: string;
  expires_at: string;
  used_at: string | null;
  /** Set when a newer request, a cancel or a password change replaced it. */
  cancelled_at: string | null;
  created_at: string;
}

/** The second step of a sign-in whose password step passed: used once, a few codes at most. */
export interface SecondFactorChallengesTable {
  token_hash: string;
  user_id: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface TotpTable {
  user_id: string;
  /** The base32 secret, encrypted (AES-256-GCM) with a key derived from the JWT secret. */
  secret: string;
  /** 0 while being set up, 1 once confirmed with a code. */
  enabled: number;
  /** The last accepted time step; a code of that step or earlier is refused. */
  last_step: number | null;
  created_at: string;
}

export interface BackupCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface AuthEventsTable {
  id: string;
  user_id: string | null;
  event: string;
  ip: string | null;
  /** JSON text; never holds a password or a token. */
  detail: string | null;
  created_at: string;
}

export interface LoginFailuresTable {
  id: string;
  key: string;
  created_at: string;
}

// ── Files and jobs ───────────────────────────────────────────────────────────────────────────

/** A stored file (uploads, exports, reports, data source files); its bytes are on disk. */
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

/** A background job (platform/jobs.ts runs them). */
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
  /** The process running it (a key made at each start of the job runner). */
  owner: string | null;
  /** When that process last said it is alive (ISO time), while running. */
  heartbeat_at: string | null;
  /** The id of the request that queued it (its log lines carry it); null when none did. */
  request_id?: string | null;
  /** The name of the API token it was started through (as it was then); null when none. */
  via_token?: string | null;
}

declare module '../db/schema.js' {
  interface Database {
    pf_objects: PfObjectsTable;
    pf_fields: PfFieldsTable;
    pf_views: PfViewsTable;
    pf_indexes: PfIndexesTable;
    pf_audit: PfAuditTable;
    users: UsersTable;
    domains: DomainsTable;
    memberships: MembershipsTable;
    refresh_tokens: RefreshTokensTable;
    reset_tokens: ResetTokensTable;
    totp: TotpTable;
    backup_codes: BackupCodesTable;
    auth_events: AuthEventsTable;
    login_failures: LoginFailuresTable;
    email_changes: EmailChangesTable;
    second_factor_challenges: SecondFactorChallengesTable;
    pf_files: PfFilesTable;
    pf_jobs: PfJobsTable;
  }
}

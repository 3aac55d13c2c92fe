import { z } from 'zod';
import { fieldTypes } from './fields.js';

/**
 * Data sources: connections to external databases whose tables can be browsed and mounted
 * (mounts.ts), and uploaded CSV/XLSX files (`file`: each sheet a table). Owners and admins
 * only. A password is write-only: it is sealed at rest and no answer ever carries it
 * (`hasPassword` tells whether one is stored).
 */
export const datasourceKinds = ['postgres', 'mysql', 'sqlite', 'file'] as const;
export type DatasourceKind = (typeof datasourceKinds)[number];
export const sslModes = ['disable', 'prefer', 'require', 'verify-full'] as const;
export type SslMode = (typeof sslModes)[number];

/** Why a connection (or a query on a source) failed; the console translates each. */
export const sourceReasons = [
  'host_not_found',
  'refused',
  'unreachable',
  'timeout',
  'auth_failed',
  'database_missing',
  'ssl_required',
  'ssl_unsupported',
  'ssl_invalid',
  'blocked_host',
  'own_database',
  'file_missing',
  'not_sqlite',
  'statement_timeout',
  'secret_unreadable',
  'source_changed',
  'failed',
] as const;
export type SourceReason = (typeof sourceReasons)[number];

export const datasourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(datasourceKinds),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  database: z.string().nullable(),
  user: z.string().nullable(),
  sslMode: z.enum(sslModes).nullable(),
  hasPassword: z.boolean(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  status: z.enum(['untested', 'ok', 'failed']),
  statusReason: z.enum(sourceReasons).nullable(),
  testedAt: z.string().nullable(),
  /** Objects mounted from this source. */
  mounts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Datasource = z.infer<typeof datasourceSchema>;

const name = z.string().trim().min(1).max(120);
const host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9._:[\]-]+$/);
const port = z.number().int().min(1).max(65535);
const noNul = (s: string) => !s.includes('\u0000');
const ident = z.string().min(1).max(128).refine(noNul);
const password = z.string().max(1000).refine(noNul);
const fileId = z.string().regex(/^[a-z0-9]{24}$/);
const url = z.string().trim().max(2000);

/**
 * Connection settings; an address (`postgres://user:pass@host:port/db?sslmode=…`, `mysql://…`
 * or `mariadb://…`) may stand for the parts.
 */
const connection = {
  kind: z.enum(datasourceKinds),
  url: url.optional(),
  host: host.optional(),
  port: port.optional(),
  database: ident.optional(),
  user: ident.optional(),
  password: password.optional(),
  sslMode: z.enum(sslModes).optional(),
  fileId: fileId.optional(),
};

export const datasourcesListInput = z.object({});
export const datasourcesListOutput = z.object({ items: z.array(datasourceSchema) });
export const datasourcesGetInput = z.object({ id: z.string().min(1).max(64) });
export const datasourcesCreateInput = z.object({ name, ...connection });
export const datasourcesUpdateInput = z.object({
  id: z.string().min(1).max(64),
  name: name.optional(),
  url: url.optional(),
  host: host.optional(),
  port: port.optional(),
  database: ident.optional(),
  user: ident.optional(),
  /** A new password; `null` removes the stored one; absent keeps it. */
  password: password.nullable().optional(),
  sslMode: z.enum(sslModes).optional(),
  fileId: fileId.optional(),
});
export const datasourcesDeleteInput = z.object({ id: z.string().min(1).max(64) });

/**
 * Test a connection: a stored source (`id`), optionally with changed settings (a password left
 * out is the stored one), or settings not saved yet (`kind` and the rest).
 */
export const datasourcesTestInput = z.object({
  id: z.string().min(1).max(64).optional(),
  ...connection,
  kind: z.enum(datasourceKinds).optional(),
});
export const datasourcesTestOutput = z.object({
  ok: z.boolean(),
  reason: z.enum(sourceReasons).nullable(),
  /** The reason in the caller's language, or the server's version when it worked. */
  message: z.string(),
  version: z.string().nullable(),
  ms: z.number().int(),
});

/** Proposed platform type of a source column (null: not mountable, e.g. binary data). */
export const sourceColumnSchema = z.object({
  name: z.string(),
  /** The source's own type name (`integer`, `timestamp with time zone`, `TEXT`…). */
  type: z.string(),
  nullable: z.boolean(),
  /** Part of the primary key (alone). */
  key: z.boolean(),
  proposed: z.enum(fieldTypes).nullable(),
  /**
   * Fraction digits a fixed-point column declares (`numeric(12,4)` → 4); null when it declares
   * none (floating point, an unconstrained `numeric`) or is not a number.
   */
  scale: z.number().int().min(0).nullable().optional(),
});
export type SourceColumn = z.infer<typeof sourceColumnSchema>;
export const sourceTableSchema = z.object({
  schema: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['table', 'view']),
  /** An estimate of the rows (PostgreSQL statistics), when the source keeps one. */
  rows: z.number().nullable(),
  columns: z.array(sourceColumnSchema),
});
export type SourceTable = z.infer<typeof sourceTableSchema>;

export const datasourcesTablesInput = z.object({ id: z.string().min(1).max(64) });
export const datasourcesTablesOutput = z.object({
  tables: z.array(sourceTableSchema),
  /** More tables exist than an answer lists. */
  truncated: z.boolean(),
});
export const datasourcesPreviewInput = z.object({
  id: z.string().min(1).max(64),
  schema: z.string().max(128).nullable().optional(),
  table: z.string().min(1).max(128),
  limit: z.number().int().min(1).max(100).default(20),
});
export const datasourcesPreviewOutput = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  /** Values as text, numbers, booleans or null, in column order. */
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});

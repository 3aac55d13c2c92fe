import type { Migration } from 'kysely';
import * as m0001 from './2026-11-22-0001-init.js';
import * as m0002 from './2026-11-22-0002-auth.js';
import * as m0003 from './2026-11-22-0003-platform.js';
import * as m0004 from './2026-11-22-0004-files-jobs.js';
import * as m0005 from './2026-11-23-0005-account-security.js';
import * as m0006 from './2026-11-25-0001-events-expressions.js';
import * as m0007 from './2026-11-25-0002-procedures.js';
import * as m0008 from './2026-11-25-0003-actions.js';
import * as m0009 from './2026-11-25-0004-cubes.js';
import * as m5001 from './2026-11-27-5001-name-translations.js';
import * as m4001 from './2026-11-27-4001-datasources-mounts.js';
import * as m4002 from './2026-11-27-4002-api-tokens.js';
import * as m5002 from './2026-11-27-5002-series.js';
import * as m3001 from './2026-11-27-3001-reports.js';
import * as m6001 from './2026-11-27-6001-computed-fields.js';
import * as m1001 from './2026-11-27-1001-exact-numbers.js';
import * as m5003 from './2026-11-27-5003-procedure-triggers.js';
import * as m9501 from './2026-11-27-9501-job-heartbeats.js';
import * as m4003 from './2026-11-27-4003-job-request-id.js';
import * as m5004 from './2026-11-27-5004-entity-names.js';
import * as m2001 from './2026-11-28-2001-integrations.js';
import * as m7001 from './2026-11-28-7001-job-token.js';
import * as m7002 from './2026-11-28-7002-audit-domain-index.js';
import * as m1101 from './2026-11-29-1001-search-grams.js';
import * as m5005 from './2026-11-27-5005-record-names.js';
import * as m6101 from './2026-11-28-6001-aggregate-pause.js';
import * as m8501 from './2026-11-29-8501-upload-writer.js';
import * as m2101 from './2026-11-30-2001-automatic-indexes.js';
import * as m5101 from './2026-11-30-5001-description-translations.js';

/**
 * The ordered list of migrations. Names sort by date; each runs on SQLite and PostgreSQL.
 * Add new ones at the end — never change one that has landed.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-init': m0001,
  '2026-11-22-0002-auth': m0002,
  '2026-11-22-0003-platform': m0003,
  '2026-11-22-0004-files-jobs': m0004,
  '2026-11-23-0005-account-security': m0005,
  '2026-11-25-0001-events-expressions': m0006,
  '2026-11-25-0002-procedures': m0007,
  '2026-11-25-0003-actions': m0008,
  '2026-11-25-0004-cubes': m0009,
  '2026-11-27-5001-name-translations': m5001,
  '2026-11-27-4001-datasources-mounts': m4001,
  '2026-11-27-4002-api-tokens': m4002,
  '2026-11-27-5002-series': m5002,
  '2026-11-27-3001-reports': m3001,
  '2026-11-27-6001-computed-fields': m6001,
  '2026-11-27-1001-exact-numbers': m1001,
  '2026-11-27-5003-procedure-triggers': m5003,
  '2026-11-27-9501-job-heartbeats': m9501,
  '2026-11-27-4003-job-request-id': m4003,
  '2026-11-27-5004-entity-names': m5004,
  '2026-11-28-2001-integrations': m2001,
  '2026-11-27-5005-record-names': m5005,
  '2026-11-28-7001-job-token': m7001,
  '2026-11-28-6001-aggregate-pause': m6101,
  '2026-11-28-7002-audit-domain-index': m7002,
  '2026-11-29-1001-search-grams': m1101,
  '2026-11-29-8501-upload-writer': m8501,
  '2026-11-30-2001-automatic-indexes': m2101,
  '2026-11-30-5001-description-translations': m5101,
};

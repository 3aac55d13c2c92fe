import { z } from 'zod';
import {
  accountCancelEmailChangeInput,
  accountConfirmEmailInput,
  accountResendEmailChangeInput,
  accountUpdateInput,
  accountUpdateOutput,
} from '../account.js';
import type { Action, Subject } from '../ability.js';
import {
  domainsCreateInput,
  domainSchema,
  domainsListInput,
  domainsListOutput,
  domainsRenameInput,
  domainsSwitchInput,
  domainsSwitchOutput,
  memberSchema,
  membersAddInput,
  membersListInput,
  membersListOutput,
  membersRemoveInput,
  membersSetRoleInput,
} from './domains.js';
import {
  fieldSchema,
  fieldsCheckInput,
  fieldsCheckOutput,
  fieldsCreateInput,
  fieldsDeleteInput,
  fieldsUpdateInput,
} from './fields.js';
import {
  objectSchema,
  objectsCreateInput,
  objectsDeleteInput,
  objectsGetInput,
  objectsListInput,
  objectsListOutput,
  objectsUpdateInput,
} from './objects.js';
import {
  recordSchema,
  recordsCountInput,
  recordsCountOutput,
  recordsCreateInput,
  recordsCreateManyInput,
  recordsGetInput,
  recordsGroupsInput,
  recordsGroupsOutput,
  recordsHistoryInput,
  recordsHistoryOutput,
  recordsIdsInput,
  recordsIdsOutput,
  recordsListInput,
  recordsListOutput,
  recordsUpdateInput,
  recordsUpsertManyInput,
  recordsWriteManyOutput,
} from './records.js';
import { tablesListInput, tablesListOutput } from './tables.js';
import { exportsGetInput, recordsExportInput } from './exports.js';
import { filesGetInput, filesGetOutput } from './files.js';
import {
  importSchema,
  importsCancelInput,
  importsCreateInput,
  importsDeleteInput,
  importsDeleteOutput,
  importsGetInput,
  importsListInput,
  importsListOutput,
  importsLogFileInput,
  importsLogFileOutput,
  importsLogInput,
  importsLogOutput,
  importsPreviewInput,
  importsPreviewOutput,
  importsRunInput,
  importsUpdateInput,
} from './imports.js';
import { jobSchema } from './jobs.js';
import {
  eventsTicketInput,
  eventsTicketOutput,
  jobsListInput,
  jobsListOutput,
  ribbonListInput,
  ribbonListOutput,
} from './ribbon.js';
import {
  expressionsValidateInput,
  expressionsValidateOutput,
  procedureRunSchema,
  procedureSchema,
  actionSchema,
  actionsCreateInput,
  actionsDeleteInput,
  actionsGetInput,
  actionsListInput,
  actionsListOutput,
  actionsRunInput,
  actionsUpdateInput,
  proceduresCancelInput,
  proceduresCreateInput,
  proceduresDeleteInput,
  proceduresGetInput,
  proceduresGetRunInput,
  proceduresListInput,
  proceduresListOutput,
  proceduresRunInput,
  proceduresRunsInput,
  proceduresRunsOutput,
  proceduresUpdateInput,
  proceduresValidateInput,
  proceduresValidateOutput,
} from './procedures.js';
import {
  cubeSchema,
  cubesCellFilterInput,
  cubesCellFilterOutput,
  cubesCreateInput,
  cubesDeleteInput,
  cubesGetInput,
  cubesListInput,
  cubesListOutput,
  cubesQueryInput,
  cubesQueryOutput,
  cubesUndoInput,
  cubesUndoOutput,
  cubesUpdateInput,
  cubesWriteInput,
  cubesWriteOutput,
} from './cubes.js';
import {
  datasourceSchema,
  datasourcesCreateInput,
  datasourcesDeleteInput,
  datasourcesGetInput,
  datasourcesListInput,
  datasourcesListOutput,
  datasourcesPreviewInput,
  datasourcesPreviewOutput,
  datasourcesTablesInput,
  datasourcesTablesOutput,
  datasourcesTestInput,
  datasourcesTestOutput,
  datasourcesUpdateInput,
} from './datasources.js';
import {
  reportRunSchema,
  reportSchema,
  reportsCancelInput,
  reportsCreateInput,
  reportsDeleteInput,
  reportsGenerateInput,
  reportsGetInput,
  reportsGetRunInput,
  reportsListInput,
  reportsListOutput,
  reportsRunsInput,
  reportsRunsOutput,
  reportsUpdateInput,
} from './reports.js';
import {
  mountSchema,
  mountsCheckInput,
  mountsCreateInput,
  mountsDeleteInput,
  mountsGetInput,
  mountsInspectInput,
  mountsInspectOutput,
  mountsListInput,
  mountsListOutput,
  mountsSyncInput,
  mountsUpdateInput,
} from './mounts.js';
import {
  apiTokenSchema,
  tokensCreateInput,
  tokensCreateOutput,
  tokensListInput,
  tokensListOutput,
  tokensRevokeInput,
} from './tokens.js';
import {
  webhookDeliverySchema,
  webhookSchema,
  webhooksCreateInput,
  webhooksCreateOutput,
  webhooksDeliveriesInput,
  webhooksDeliveriesOutput,
  webhooksIdInput,
  webhooksListInput,
  webhooksListOutput,
  webhooksUpdateInput,
} from './webhooks.js';
import {
  viewSchema,
  viewsDeleteInput,
  viewsListInput,
  viewsListOutput,
  viewsSaveInput,
} from './views.js';

export interface OpContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** The ability the caller needs; checked before the op runs. */
  action: Action;
  subject: Subject;
}

function op<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  action: Action,
  subject: Subject,
): OpContract<I, O> {
  return { input, output, action, subject };
}

const ok = z.object({ ok: z.literal(true) });

/**
 * Every operation of `POST /api/qry`. The body is `{ op, ...input }`, the answer `{ data }`
 * where data matches `output`.
 */
export const platformOps = {
  'domains.list': op(domainsListInput, domainsListOutput, 'read', 'Domain'),
  'domains.create': op(domainsCreateInput, domainSchema, 'read', 'Domain'),
  'domains.rename': op(domainsRenameInput, domainSchema, 'update', 'Domain'),
  'domains.switch': op(domainsSwitchInput, domainsSwitchOutput, 'read', 'Domain'),
  'members.list': op(membersListInput, membersListOutput, 'read', 'Member'),
  'members.add': op(membersAddInput, memberSchema, 'create', 'Member'),
  'members.setRole': op(membersSetRoleInput, memberSchema, 'update', 'Member'),
  'members.remove': op(membersRemoveInput, ok, 'delete', 'Member'),

  'objects.list': op(objectsListInput, objectsListOutput, 'read', 'Object'),
  'objects.get': op(objectsGetInput, objectSchema, 'read', 'Object'),
  'objects.create': op(objectsCreateInput, objectSchema, 'create', 'Object'),
  'objects.update': op(objectsUpdateInput, objectSchema, 'update', 'Object'),
  'objects.delete': op(objectsDeleteInput, ok, 'delete', 'Object'),

  'fields.create': op(fieldsCreateInput, fieldSchema, 'create', 'Field'),
  'fields.update': op(fieldsUpdateInput, fieldSchema, 'update', 'Field'),
  'fields.delete': op(fieldsDeleteInput, ok, 'delete', 'Field'),
  'fields.check': op(fieldsCheckInput, fieldsCheckOutput, 'create', 'Field'),

  'records.list': op(recordsListInput, recordsListOutput, 'read', 'Record'),
  'records.count': op(recordsCountInput, recordsCountOutput, 'read', 'Record'),
  'records.groups': op(recordsGroupsInput, recordsGroupsOutput, 'read', 'Record'),
  'records.get': op(recordsGetInput, recordSchema, 'read', 'Record'),
  'records.create': op(recordsCreateInput, recordSchema, 'create', 'Record'),
  'records.update': op(recordsUpdateInput, recordSchema, 'update', 'Record'),
  'records.createMany': op(recordsCreateManyInput, recordsWriteManyOutput, 'create', 'Record'),
  'records.upsertMany': op(recordsUpsertManyInput, recordsWriteManyOutput, 'update', 'Record'),
  'records.delete': op(recordsIdsInput, recordsIdsOutput, 'delete', 'Record'),
  'records.restore': op(recordsIdsInput, recordsIdsOutput, 'update', 'Record'),
  'records.history': op(recordsHistoryInput, recordsHistoryOutput, 'read', 'Record'),

  'views.list': op(viewsListInput, viewsListOutput, 'read', 'View'),
  'views.save': op(viewsSaveInput, viewSchema, 'create', 'View'),
  'views.delete': op(viewsDeleteInput, ok, 'create', 'View'),

  'tables.list': op(tablesListInput, tablesListOutput, 'read', 'Table'),

  'files.get': op(filesGetInput, filesGetOutput, 'read', 'Record'),

  'imports.list': op(importsListInput, importsListOutput, 'read', 'Import'),
  'imports.get': op(importsGetInput, importSchema, 'read', 'Import'),
  'imports.create': op(importsCreateInput, importSchema, 'create', 'Import'),
  'imports.preview': op(importsPreviewInput, importsPreviewOutput, 'read', 'Import'),
  'imports.update': op(importsUpdateInput, importSchema, 'update', 'Import'),
  'imports.run': op(importsRunInput, importSchema, 'update', 'Import'),
  'imports.cancel': op(importsCancelInput, importSchema, 'update', 'Import'),
  'imports.log': op(importsLogInput, importsLogOutput, 'read', 'Import'),
  'imports.logFile': op(importsLogFileInput, importsLogFileOutput, 'read', 'Import'),
  'imports.delete': op(importsDeleteInput, importsDeleteOutput, 'delete', 'Import'),

  'records.export': op(recordsExportInput, jobSchema, 'read', 'Export'),
  'exports.get': op(exportsGetInput, jobSchema, 'read', 'Export'),

  'account.update': op(accountUpdateInput, accountUpdateOutput, 'update', 'Auth'),
  'account.confirmEmail': op(accountConfirmEmailInput, accountUpdateOutput, 'update', 'Auth'),
  'account.resendEmailChange': op(
    accountResendEmailChangeInput,
    accountUpdateOutput,
    'update',
    'Auth',
  ),
  'account.cancelEmailChange': op(
    accountCancelEmailChangeInput,
    accountUpdateOutput,
    'update',
    'Auth',
  ),

  'ribbon.list': op(ribbonListInput, ribbonListOutput, 'read', 'Ribbon'),
  'events.ticket': op(eventsTicketInput, eventsTicketOutput, 'read', 'Ribbon'),
  'jobs.list': op(jobsListInput, jobsListOutput, 'read', 'Ribbon'),

  'expressions.validate': op(
    expressionsValidateInput,
    expressionsValidateOutput,
    'read',
    'Procedure',
  ),

  // Editing a definition is for owners and admins ('create'); editors run ('update').
  'procedures.list': op(proceduresListInput, proceduresListOutput, 'read', 'Procedure'),
  'procedures.get': op(proceduresGetInput, procedureSchema, 'read', 'Procedure'),
  'procedures.create': op(proceduresCreateInput, procedureSchema, 'create', 'Procedure'),
  'procedures.update': op(proceduresUpdateInput, procedureSchema, 'create', 'Procedure'),
  'procedures.delete': op(proceduresDeleteInput, ok, 'delete', 'Procedure'),
  'procedures.validate': op(proceduresValidateInput, proceduresValidateOutput, 'read', 'Procedure'),
  'procedures.run': op(proceduresRunInput, procedureRunSchema, 'update', 'Procedure'),
  'procedures.runs': op(proceduresRunsInput, proceduresRunsOutput, 'read', 'Procedure'),
  'procedures.getRun': op(proceduresGetRunInput, procedureRunSchema, 'read', 'Procedure'),
  'procedures.cancel': op(proceduresCancelInput, procedureRunSchema, 'update', 'Procedure'),

  // Admins and owners define actions; who may press one is the action's own list of roles.
  'actions.list': op(actionsListInput, actionsListOutput, 'read', 'Action'),
  'actions.get': op(actionsGetInput, actionSchema, 'read', 'Action'),
  'actions.create': op(actionsCreateInput, actionSchema, 'create', 'Action'),
  'actions.update': op(actionsUpdateInput, actionSchema, 'update', 'Action'),
  'actions.delete': op(actionsDeleteInput, ok, 'delete', 'Action'),
  'actions.run': op(actionsRunInput, procedureRunSchema, 'read', 'Action'),
  // Definitions are for owners and admins; writing into cells needs the right to change records.
  'cubes.list': op(cubesListInput, cubesListOutput, 'read', 'Cube'),
  'cubes.get': op(cubesGetInput, cubeSchema, 'read', 'Cube'),
  'cubes.create': op(cubesCreateInput, cubeSchema, 'create', 'Cube'),
  'cubes.update': op(cubesUpdateInput, cubeSchema, 'update', 'Cube'),
  'cubes.delete': op(cubesDeleteInput, ok, 'delete', 'Cube'),
  'cubes.query': op(cubesQueryInput, cubesQueryOutput, 'read', 'Cube'),
  'cubes.cellFilter': op(cubesCellFilterInput, cubesCellFilterOutput, 'read', 'Cube'),
  'cubes.write': op(cubesWriteInput, cubesWriteOutput, 'update', 'Record'),
  'cubes.undo': op(cubesUndoInput, cubesUndoOutput, 'update', 'Record'),

  // Data sources hold connection details: owners and admins only (no other role reads them).
  'datasources.list': op(datasourcesListInput, datasourcesListOutput, 'read', 'DataSource'),
  'datasources.get': op(datasourcesGetInput, datasourceSchema, 'read', 'DataSource'),
  'datasources.create': op(datasourcesCreateInput, datasourceSchema, 'create', 'DataSource'),
  'datasources.update': op(datasourcesUpdateInput, datasourceSchema, 'update', 'DataSource'),
  'datasources.delete': op(datasourcesDeleteInput, ok, 'delete', 'DataSource'),
  'datasources.test': op(datasourcesTestInput, datasourcesTestOutput, 'read', 'DataSource'),
  'datasources.tables': op(datasourcesTablesInput, datasourcesTablesOutput, 'read', 'DataSource'),
  'datasources.preview': op(
    datasourcesPreviewInput,
    datasourcesPreviewOutput,
    'read',
    'DataSource',
  ),
  // Owners and admins define reports ('create'); editors generate them ('update').
  'reports.list': op(reportsListInput, reportsListOutput, 'read', 'Report'),
  'reports.get': op(reportsGetInput, reportSchema, 'read', 'Report'),
  'reports.create': op(reportsCreateInput, reportSchema, 'create', 'Report'),
  'reports.update': op(reportsUpdateInput, reportSchema, 'create', 'Report'),
  'reports.delete': op(reportsDeleteInput, ok, 'delete', 'Report'),
  'reports.generate': op(reportsGenerateInput, reportRunSchema, 'update', 'Report'),
  'reports.runs': op(reportsRunsInput, reportsRunsOutput, 'read', 'Report'),
  'reports.getRun': op(reportsGetRunInput, reportRunSchema, 'read', 'Report'),
  'reports.cancel': op(reportsCancelInput, reportRunSchema, 'update', 'Report'),
  // Every member sees the mounted objects; owners and admins make and change mounts.
  'mounts.list': op(mountsListInput, mountsListOutput, 'read', 'Mount'),
  'mounts.get': op(mountsGetInput, mountSchema, 'read', 'Mount'),
  'mounts.inspect': op(mountsInspectInput, mountsInspectOutput, 'create', 'Mount'),
  'mounts.create': op(mountsCreateInput, mountSchema, 'create', 'Mount'),
  'mounts.update': op(mountsUpdateInput, mountSchema, 'update', 'Mount'),
  'mounts.sync': op(mountsSyncInput, jobSchema, 'update', 'Mount'),
  'mounts.check': op(mountsCheckInput, mountSchema, 'update', 'Mount'),
  'mounts.delete': op(mountsDeleteInput, ok, 'delete', 'Mount'),
  // Every member keeps their own API tokens (a token itself cannot: it has no `update Auth`).
  'tokens.list': op(tokensListInput, tokensListOutput, 'read', 'Auth'),
  'tokens.create': op(tokensCreateInput, tokensCreateOutput, 'update', 'Auth'),
  'tokens.revoke': op(tokensRevokeInput, apiTokenSchema, 'update', 'Auth'),
  // Owners and admins keep the domain's tokens and webhooks (no token may: see tokenAbility).
  'domainTokens.list': op(tokensListInput, tokensListOutput, 'read', 'Integration'),
  'domainTokens.create': op(tokensCreateInput, tokensCreateOutput, 'create', 'Integration'),
  'domainTokens.revoke': op(tokensRevokeInput, apiTokenSchema, 'update', 'Integration'),
  'webhooks.list': op(webhooksListInput, webhooksListOutput, 'read', 'Integration'),
  'webhooks.create': op(webhooksCreateInput, webhooksCreateOutput, 'create', 'Integration'),
  'webhooks.update': op(webhooksUpdateInput, webhookSchema, 'update', 'Integration'),
  'webhooks.rotateSecret': op(webhooksIdInput, webhooksCreateOutput, 'update', 'Integration'),
  'webhooks.delete': op(webhooksIdInput, ok, 'delete', 'Integration'),
  'webhooks.test': op(webhooksIdInput, webhookDeliverySchema, 'update', 'Integration'),
  'webhooks.deliveries': op(
    webhooksDeliveriesInput,
    webhooksDeliveriesOutput,
    'read',
    'Integration',
  ),
} as const;

export type PlatformOps = typeof platformOps;
export type PlatformOpName = keyof PlatformOps;
export const platformOpNames = Object.keys(platformOps) as PlatformOpName[];
export type OpInput<K extends PlatformOpName> = z.input<PlatformOps[K]['input']>;
export type OpParsedInput<K extends PlatformOpName> = z.output<PlatformOps[K]['input']>;
export type OpOutput<K extends PlatformOpName> = z.output<PlatformOps[K]['output']>;

/** Body of `POST /api/qry` for one op. */
export type QryRequest<K extends PlatformOpName> = { op: K } & OpInput<K>;
export interface QryAnswer<T> {
  data: T;
}

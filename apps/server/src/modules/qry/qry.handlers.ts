import type { OpOutput, OpParsedInput, PlatformOpName } from '@fiscus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createDomain,
  listDomains,
  listMembers,
  addMember,
  removeMember,
  renameDomain,
  setMemberRole,
} from '../domains/domains.service.js';
import { createField, deleteField, updateField } from '../fields/fields.service.js';
import type { OpContext } from '../objects/meta.js';
import {
  createObject,
  deleteObject,
  getObject,
  listObjects,
  updateObject,
} from '../objects/objects.service.js';
import {
  countRecords,
  createRecord,
  getRecord,
  groupRecords,
  listRecords,
  recordHistory,
  setDeleted,
  updateRecord,
} from '../records/records.service.js';
import { exportRecords, getExport } from '../exports/exports.service.js';
import { getFiles } from '../files/files.service.js';
import * as imports from '../imports/imports.service.js';
import { listTables } from '../tables/tables.service.js';
import { deleteView, listViews, saveView } from '../views/views.service.js';

export type Handler<K extends PlatformOpName> = (
  ctx: OpContext,
  input: OpParsedInput<K>,
  env: { app: FastifyInstance; request: FastifyRequest },
) => Promise<OpOutput<K>>;

/** op → handler; every op of the contracts has one (checked by the type). */
export const handlers: { [K in PlatformOpName]: Handler<K> } = {
  'domains.list': (ctx) => listDomains(ctx),
  'domains.create': (ctx, i) => createDomain(ctx, i.name),
  'domains.rename': (ctx, i) => renameDomain(ctx, i.id, i.name),
  'domains.switch': (ctx, i, { app, request }) =>
    app.authService.switchDomain(request.auth, i.id, ctx.lang),
  'members.list': (ctx) => listMembers(ctx),
  'members.add': (ctx, i) => addMember(ctx, i.login, i.role),
  'members.setRole': (ctx, i) => setMemberRole(ctx, i.userId, i.role),
  'members.remove': (ctx, i) => removeMember(ctx, i.userId),

  'objects.list': (ctx, i) => listObjects(ctx, i.kind),
  'objects.get': (ctx, i) => getObject(ctx, i.id),
  'objects.create': (ctx, i) => createObject(ctx, i),
  'objects.update': (ctx, i) => updateObject(ctx, i),
  'objects.delete': (ctx, i) => deleteObject(ctx, i.id),

  'fields.create': (ctx, i) => createField(ctx, i),
  'fields.update': (ctx, i) => updateField(ctx, i),
  'fields.delete': (ctx, i) => deleteField(ctx, i.id),

  'records.list': (ctx, i) => listRecords(ctx, i),
  'records.count': (ctx, i) => countRecords(ctx, i),
  'records.groups': (ctx, i) => groupRecords(ctx, i),
  'records.get': (ctx, i) => getRecord(ctx, i.objectId, i.id),
  'records.create': (ctx, i) => createRecord(ctx, i.objectId, i.values),
  'records.update': (ctx, i) => updateRecord(ctx, i.objectId, i.id, i.values),
  'records.delete': (ctx, i) => setDeleted(ctx, i.objectId, i.ids, true),
  'records.restore': (ctx, i) => setDeleted(ctx, i.objectId, i.ids, false),
  'records.history': (ctx, i) => recordHistory(ctx, i),

  'views.list': (ctx, i) => listViews(ctx, i.objectId),
  'views.save': (ctx, i) => saveView(ctx, i),
  'views.delete': (ctx, i) => deleteView(ctx, i.id),

  'tables.list': (ctx) => listTables(ctx),

  'files.get': (ctx, i, { app }) => getFiles(ctx, i, app),

  'imports.list': (ctx, i, { app }) => imports.importsList(ctx, i, app),
  'imports.get': (ctx, i, { app }) => imports.importsGet(ctx, i, app),
  'imports.create': (ctx, i, { app }) => imports.importsCreate(ctx, i, app),
  'imports.preview': (ctx, i, { app }) => imports.importsPreview(ctx, i, app),
  'imports.update': (ctx, i, { app }) => imports.importsUpdate(ctx, i, app),
  'imports.run': (ctx, i, { app }) => imports.importsRun(ctx, i, app),
  'imports.cancel': (ctx, i, { app }) => imports.importsCancel(ctx, i, app),
  'imports.log': (ctx, i, { app }) => imports.importsLog(ctx, i, app),
  'imports.logFile': (ctx, i, { app }) => imports.importsLogFile(ctx, i, app),
  'imports.delete': (ctx, i, { app }) => imports.importsDelete(ctx, i, app),

  'records.export': (ctx, i, { app }) => exportRecords(ctx, i, app),
  'exports.get': (ctx, i, { app }) => getExport(ctx, i, app),

  'account.update': async (ctx, i, { app, request }) => ({
    user: await app.authService.updateProfile(request.auth, i, { ip: request.ip, lang: ctx.lang }),
  }),
};

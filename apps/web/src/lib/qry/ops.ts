import type { OpInput, OpOutput, PlatformOpName } from '@fiscus/contracts';

/**
 * The one table of the platform's ops as the console caches them. Every op of the contracts is
 * either a read (cached under `opKey(op, input)`) or a write (what it makes stale is declared
 * here, once). A new op in the contracts does not compile until it is added to one of the two.
 */

interface ReadPolicy {
  /** How long an answer counts as fresh (ms). */
  staleTime: number;
}

/** Ops that only read; their answers are cached. */
export const reads = {
  'domains.list': { staleTime: 30_000 },
  'members.list': { staleTime: 30_000 },
  'objects.list': { staleTime: 30_000 },
  'objects.get': { staleTime: 30_000 },
  'records.list': { staleTime: 30_000 },
  'records.count': { staleTime: 30_000 },
  'records.groups': { staleTime: 30_000 },
  'records.get': { staleTime: 10_000 },
  'records.history': { staleTime: 0 },
  'views.list': { staleTime: 30_000 },
  'tables.list': { staleTime: 10_000 },
  'files.get': { staleTime: 5 * 60_000 },
  // Imports poll while they run (see the imports feature).
  'imports.list': { staleTime: 30_000 },
  'imports.get': { staleTime: 30_000 },
  'imports.preview': { staleTime: 60_000 },
  'imports.log': { staleTime: 30_000 },
  'exports.get': { staleTime: 0 },
  // The ribbon and running jobs change as others work; a stream ticket is single-use.
  'ribbon.list': { staleTime: 0 },
  'jobs.list': { staleTime: 0 },
  'events.ticket': { staleTime: 0 },
  'expressions.validate': { staleTime: 30_000 },
  // A computed field's definition checked as it is typed (fields may change meanwhile).
  'fields.check': { staleTime: 0 },
  'procedures.list': { staleTime: 30_000 },
  'procedures.get': { staleTime: 30_000 },
  'procedures.validate': { staleTime: 30_000 },
  // Runs change while they run.
  'procedures.runs': { staleTime: 0 },
  'procedures.getRun': { staleTime: 0 },
  'actions.list': { staleTime: 30_000 },
  'actions.get': { staleTime: 30_000 },
  'cubes.list': { staleTime: 30_000 },
  'cubes.get': { staleTime: 30_000 },
  // Cells change whenever the cube's object is written (by anybody): always asked again.
  'cubes.query': { staleTime: 0 },
  'cubes.cellFilter': { staleTime: 30_000 },
  'datasources.list': { staleTime: 30_000 },
  'datasources.get': { staleTime: 30_000 },
  'datasources.tables': { staleTime: 60_000 },
  'datasources.preview': { staleTime: 30_000 },
  'reports.list': { staleTime: 30_000 },
  'reports.get': { staleTime: 30_000 },
  // Runs change while they run.
  'reports.runs': { staleTime: 0 },
  'reports.getRun': { staleTime: 0 },
  'mounts.list': { staleTime: 30_000 },
  'mounts.get': { staleTime: 5_000 },
  'mounts.inspect': { staleTime: 30_000 },
  // Last use changes with every call a token makes.
  'tokens.list': { staleTime: 0 },
  'domainTokens.list': { staleTime: 0 },
  // Failures and last deliveries change as deliveries go out.
  'webhooks.list': { staleTime: 0 },
  'webhooks.deliveries': { staleTime: 0 },
} as const satisfies Partial<Record<PlatformOpName, ReadPolicy>>;

export type ReadOpName = keyof typeof reads;
export type WriteOpName = Exclude<PlatformOpName, ReadOpName>;

/**
 * Cached reads a write makes stale: every cached answer of `op` whose input contains `input`
 * (deep partial match; no input: every answer of the op).
 */
export type ReadTarget = {
  [K in ReadOpName]: { op: K; input?: Partial<OpInput<K>> };
}[ReadOpName];

/** A read whose answer is exactly a write's output: the cache is set without asking again. */
export type CacheUpdate = {
  [K in ReadOpName]: { op: K; input: OpInput<K>; data: OpOutput<K> };
}[ReadOpName];

export interface WriteEffects<K extends WriteOpName> {
  invalidates?: (input: OpInput<K>, output: OpOutput<K>) => ReadTarget[];
  updates?: (input: OpInput<K>, output: OpOutput<K>) => CacheUpdate[];
  /** Everything cached belonged to the previous domain. */
  clearsCache?: true;
}

/** The reads of an object's records — of one object, or of every object without an id. */
function recordsOf(objectId?: string): ReadTarget[] {
  const input = objectId === undefined ? undefined : { objectId };
  return [
    { op: 'records.list', input },
    { op: 'records.count', input },
    { op: 'records.groups', input },
    { op: 'records.get', input },
    { op: 'records.history', input },
  ];
}

/** Counted rows: what a records write changes beyond the records themselves. */
const recordLists = (objectId: string): ReadTarget[] => [
  { op: 'records.list', input: { objectId } },
  { op: 'records.count', input: { objectId } },
  { op: 'records.groups', input: { objectId } },
];

/**
 * Computed fields of other objects (lookups, rollups) read this object's records: a records
 * write makes every object's record reads stale (only those on screen are fetched again).
 */
const computedReaders: ReadTarget[] = [
  { op: 'records.list' },
  { op: 'records.groups' },
  { op: 'records.get' },
];

/** A field changes the object, its table and the shape of its records. */
const fieldWrite = (objectId?: string): ReadTarget[] => [
  { op: 'objects.list' },
  objectId === undefined ? { op: 'objects.get' } : { op: 'objects.get', input: { id: objectId } },
  ...recordsOf(objectId),
  { op: 'tables.list' },
];

const tables: ReadTarget = { op: 'tables.list' };

/** An import's answer is the import as `imports.get` shows it; the list shows its state. */
const importWrite: WriteEffects<'imports.create' | 'imports.update' | 'imports.cancel'> = {
  invalidates: () => [{ op: 'imports.list' }],
  updates: (_input, imp) => [{ op: 'imports.get', input: { id: imp.id }, data: imp }],
};

/** A procedure's definition shows in its list and its editor. */
const procedureWrite = (id?: string): ReadTarget[] => [
  { op: 'procedures.list' },
  id === undefined ? { op: 'procedures.get' } : { op: 'procedures.get', input: { id } },
];

/** A run changes data of any object, its procedure's runs and the ribbon. */
const procedureRun: ReadTarget[] = [
  ...recordsOf(),
  tables,
  { op: 'procedures.list' },
  { op: 'procedures.runs' },
  { op: 'procedures.getRun' },
  { op: 'ribbon.list' },
  { op: 'jobs.list' },
];

/** A cube's definition shows in its list, its designer and every pivot of it. */
const cubeWrite = (id?: string): ReadTarget[] => [
  { op: 'cubes.list' },
  id === undefined ? { op: 'cubes.get' } : { op: 'cubes.get', input: { id } },
  id === undefined ? { op: 'cubes.query' } : { op: 'cubes.query', input: { cubeId: id } },
  id === undefined ? { op: 'cubes.cellFilter' } : { op: 'cubes.cellFilter', input: { cubeId: id } },
];

const datasourceWrite = (id?: string): ReadTarget[] => [
  { op: 'datasources.list' },
  id === undefined ? { op: 'datasources.get' } : { op: 'datasources.get', input: { id } },
  id === undefined ? { op: 'datasources.tables' } : { op: 'datasources.tables', input: { id } },
  id === undefined ? { op: 'datasources.preview' } : { op: 'datasources.preview', input: { id } },
];

/** A report's definition shows in its list and its screen; a run in the runs and the ribbon. */
const reportWrite = (id?: string): ReadTarget[] => [
  { op: 'reports.list' },
  id === undefined ? { op: 'reports.get' } : { op: 'reports.get', input: { id } },
];
const reportRun: ReadTarget[] = [
  { op: 'reports.list' },
  { op: 'reports.runs' },
  { op: 'reports.getRun' },
  { op: 'ribbon.list' },
  { op: 'jobs.list' },
];

const mountWrite = (objectId?: string): ReadTarget[] => [
  { op: 'mounts.list' },
  objectId === undefined ? { op: 'mounts.get' } : { op: 'mounts.get', input: { objectId } },
  { op: 'objects.list' },
  objectId === undefined ? { op: 'objects.get' } : { op: 'objects.get', input: { id: objectId } },
  ...recordsOf(objectId),
  { op: 'datasources.list' },
  tables,
];

export const writes: { [K in WriteOpName]: WriteEffects<K> } = {
  'tokens.create': { invalidates: () => [{ op: 'tokens.list' }] },
  'tokens.revoke': { invalidates: () => [{ op: 'tokens.list' }] },
  'domainTokens.create': { invalidates: () => [{ op: 'domainTokens.list' }] },
  'domainTokens.revoke': { invalidates: () => [{ op: 'domainTokens.list' }] },
  'webhooks.create': { invalidates: () => [{ op: 'webhooks.list' }] },
  'webhooks.update': { invalidates: () => [{ op: 'webhooks.list' }] },
  'webhooks.rotateSecret': { invalidates: () => [{ op: 'webhooks.list' }] },
  'webhooks.delete': { invalidates: () => [{ op: 'webhooks.list' }] },
  'webhooks.test': {
    invalidates: (input) => [
      { op: 'webhooks.list' },
      { op: 'webhooks.deliveries', input: { id: input.id } },
    ],
  },
  'mounts.create': { invalidates: () => mountWrite() },
  'mounts.update': { invalidates: (input) => mountWrite(input.objectId) },
  'mounts.sync': { invalidates: (input) => mountWrite(input.objectId) },
  'mounts.check': {
    invalidates: (input) => [
      { op: 'mounts.list' },
      { op: 'mounts.get', input: { objectId: input.objectId } },
    ],
  },
  'mounts.delete': { invalidates: (input) => mountWrite(input.objectId) },
  'datasources.create': { invalidates: () => datasourceWrite() },
  'datasources.update': { invalidates: (input) => datasourceWrite(input.id) },
  'datasources.delete': { invalidates: (input) => datasourceWrite(input.id) },
  // A test of a stored source records its state (ok, failed) on it.
  'datasources.test': {
    invalidates: (input) =>
      input.id
        ? [{ op: 'datasources.list' }, { op: 'datasources.get', input: { id: input.id } }]
        : [],
  },
  'reports.create': { invalidates: () => reportWrite() },
  'reports.update': { invalidates: (input) => reportWrite(input.id) },
  'reports.delete': { invalidates: (input) => [...reportWrite(input.id), { op: 'reports.runs' }] },
  'reports.generate': { invalidates: () => reportRun },
  'reports.cancel': { invalidates: () => reportRun },
  'cubes.create': { invalidates: () => cubeWrite() },
  'cubes.update': { invalidates: (input) => cubeWrite(input.id) },
  'cubes.delete': { invalidates: (input) => cubeWrite(input.id) },
  // A write into cells changes records of the cube's object (not named in the input).
  'cubes.write': {
    invalidates: (input) => [
      { op: 'cubes.query', input: { cubeId: input.cubeId } },
      ...recordsOf(),
      tables,
      { op: 'ribbon.list' },
    ],
  },
  'cubes.undo': {
    invalidates: (input) => [
      { op: 'cubes.query', input: { cubeId: input.cubeId } },
      ...recordsOf(),
      tables,
      { op: 'ribbon.list' },
    ],
  },
  'procedures.create': { invalidates: () => procedureWrite() },
  'procedures.update': { invalidates: (input) => procedureWrite(input.id) },
  'procedures.delete': {
    invalidates: (input) => [...procedureWrite(input.id), { op: 'actions.list' }],
  },
  'procedures.run': { invalidates: () => procedureRun },
  'procedures.cancel': { invalidates: () => procedureRun },
  'actions.create': { invalidates: () => [{ op: 'actions.list' }] },
  'actions.update': {
    invalidates: (input) => [
      { op: 'actions.list' },
      { op: 'actions.get', input: { id: input.id } },
    ],
  },
  'actions.delete': {
    invalidates: (input) => [
      { op: 'actions.list' },
      { op: 'actions.get', input: { id: input.id } },
    ],
  },
  'actions.run': { invalidates: () => procedureRun },
  'domains.create': { invalidates: () => [{ op: 'domains.list' }] },
  'domains.rename': { invalidates: () => [{ op: 'domains.list' }] },
  'domains.switch': { clearsCache: true },
  'members.add': { invalidates: () => [{ op: 'members.list' }, { op: 'domains.list' }] },
  'members.setRole': { invalidates: () => [{ op: 'members.list' }] },
  'members.remove': { invalidates: () => [{ op: 'members.list' }, { op: 'domains.list' }] },

  'objects.create': { invalidates: () => [{ op: 'objects.list' }, tables] },
  'objects.update': {
    // Other objects' records show this object's display field in their reference cells.
    invalidates: (input) => [
      { op: 'objects.list' },
      { op: 'objects.get', input: { id: input.id } },
      ...recordsOf(),
      { op: 'views.list', input: { objectId: input.id } },
      tables,
    ],
  },
  'objects.delete': {
    invalidates: (input) => [
      { op: 'objects.list' },
      { op: 'objects.get', input: { id: input.id } },
      ...recordsOf(input.id),
      { op: 'views.list', input: { objectId: input.id } },
      { op: 'imports.list' },
      tables,
    ],
  },

  'fields.create': { invalidates: (input) => fieldWrite(input.objectId) },
  'fields.update': { invalidates: (_input, field) => fieldWrite(field.objectId) },
  // The answer does not name the object: every object's reads (and saved views) are stale.
  'fields.delete': { invalidates: () => [...fieldWrite(), { op: 'views.list' }] },

  'records.create': {
    invalidates: (input) => [...recordLists(input.objectId), ...computedReaders, tables],
    updates: (input, record) => [
      { op: 'records.get', input: { objectId: input.objectId, id: record.id }, data: record },
    ],
  },
  'records.update': {
    invalidates: (input) => [
      ...recordLists(input.objectId),
      ...computedReaders,
      { op: 'records.history', input: { objectId: input.objectId, id: input.id } },
    ],
    updates: (input, record) => [
      { op: 'records.get', input: { objectId: input.objectId, id: input.id }, data: record },
    ],
  },
  // Bulk writes: new rows change the object's lists; an upsert also changes records in place.
  'records.createMany': {
    invalidates: (input) => [...recordLists(input.objectId), ...computedReaders, tables],
  },
  'records.upsertMany': {
    invalidates: (input) => [...recordsOf(input.objectId), ...computedReaders, tables],
  },
  'records.delete': {
    invalidates: (input) => [...recordsOf(input.objectId), ...computedReaders, tables],
  },
  'records.restore': {
    invalidates: (input) => [...recordsOf(input.objectId), ...computedReaders, tables],
  },
  'records.export': {},

  'views.save': {
    invalidates: (input) => [{ op: 'views.list', input: { objectId: input.objectId } }],
  },
  'views.delete': { invalidates: () => [{ op: 'views.list' }] },

  'imports.create': importWrite,
  'imports.update': importWrite,
  'imports.cancel': importWrite,
  // Applied when the run starts and again when the import has finished (its rows are in).
  'imports.run': {
    invalidates: (_input, imp) => [{ op: 'imports.list' }, ...recordLists(imp.objectId), tables],
    updates: (_input, imp) => [{ op: 'imports.get', input: { id: imp.id }, data: imp }],
  },
  'imports.delete': { invalidates: () => [{ op: 'imports.list' }, { op: 'imports.get' }] },
  'imports.logFile': {},

  // Members lists show the user's name.
  'account.update': { invalidates: () => [{ op: 'members.list' }] },
  'account.confirmEmail': { invalidates: () => [{ op: 'members.list' }] },
  // A pending e-mail change lives on the session's user only: nothing cached changes.
  'account.resendEmailChange': {},
  'account.cancelEmailChange': {},
};

import type { OpInput } from '@fiscus/contracts';

/** Query keys of the platform: everything of one object sits under `['platform', 'object', id]`. */
export const platformKeys = {
  all: ['platform'] as const,
  objects: () => ['platform', 'objects'] as const,
  objectsList: (kind?: string) => ['platform', 'objects', 'list', kind ?? 'all'] as const,
  object: (id: string) => ['platform', 'object', id] as const,
  objectMeta: (id: string) => ['platform', 'object', id, 'meta'] as const,
  records: (objectId: string) => ['platform', 'object', objectId, 'records'] as const,
  recordsList: (input: OpInput<'records.list'>) =>
    ['platform', 'object', input.objectId, 'records', 'list', input] as const,
  recordsCount: (input: OpInput<'records.count'>) =>
    ['platform', 'object', input.objectId, 'records', 'count', input] as const,
  recordsGroups: (input: OpInput<'records.groups'>) =>
    ['platform', 'object', input.objectId, 'records', 'groups', input] as const,
  record: (objectId: string, id: number) => ['platform', 'object', objectId, 'record', id] as const,
  history: (objectId: string, id: number) =>
    ['platform', 'object', objectId, 'record', id, 'history'] as const,
  views: (objectId: string) => ['platform', 'object', objectId, 'views'] as const,
  tables: () => ['platform', 'tables'] as const,
  domains: () => ['platform', 'domains'] as const,
  members: () => ['platform', 'members'] as const,
  files: (ids: readonly string[]) => ['platform', 'files', ids] as const,
  exportJob: (id: string) => ['platform', 'exports', id] as const,
};

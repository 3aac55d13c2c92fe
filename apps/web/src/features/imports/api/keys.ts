import type { OpInput } from '@fiscus/contracts';

/** Query keys of imports: everything sits under `['imports']`. */
export const importsKeys = {
  all: ['imports'] as const,
  lists: () => ['imports', 'list'] as const,
  list: (input: OpInput<'imports.list'>) => ['imports', 'list', input] as const,
  one: (id: string) => ['imports', 'one', id] as const,
  preview: (id: string, settings: unknown) => ['imports', 'one', id, 'preview', settings] as const,
  log: (id: string, offset: number, limit: number) =>
    ['imports', 'one', id, 'log', offset, limit] as const,
  objects: () => ['imports', 'objects'] as const,
  object: (id: string) => ['imports', 'object', id] as const,
};

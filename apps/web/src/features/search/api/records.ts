import { useQueries } from '@tanstack/react-query';
import { shownName } from '@/lib/names';
import { opQueryOptions, useOp } from '@/lib/qry';

/** Objects whose records the navbar search looks in, and records shown per object. */
const MAX_OBJECTS = 8;
const PER_OBJECT = 3;

export interface FoundRecord {
  objectId: string;
  objectName: string;
  id: number;
  label: string;
}

/**
 * Records of the domain whose text matches `term` (the records' own word search), shown by
 * their display field: a few of each of the first objects (tables and catalogs). Nothing is
 * asked while `term` is empty.
 */
export function useRecordSearch(term: string): { records: FoundRecord[]; loading: boolean } {
  const on = term.length > 0;
  const objects = useOp('objects.list', {}, { enabled: on });
  const list = (objects.data?.items ?? [])
    .filter((o) => o.kind === 'table' || o.kind === 'reference')
    .slice(0, MAX_OBJECTS);
  const metas = useQueries({
    queries: list.map((o) => ({ ...opQueryOptions('objects.get', { id: o.id }), enabled: on })),
  });
  const displayOf = (i: number) => {
    const meta = metas[i]?.data;
    return meta?.fields.find((f) => f.id === meta.displayFieldId) ?? meta?.fields[0];
  };
  const pages = useQueries({
    queries: list.map((o, i) => {
      const display = displayOf(i);
      return {
        ...opQueryOptions('records.list', {
          objectId: o.id,
          search: term,
          fields: display ? [display.code] : undefined,
          limit: PER_OBJECT,
        }),
        enabled: on && !!metas[i]?.data,
      };
    }),
  });
  const records: FoundRecord[] = [];
  list.forEach((o, i) => {
    const display = displayOf(i);
    for (const r of pages[i]?.data?.rows ?? []) {
      // A reference or choice shows its display text; other fields their value.
      const v = display ? (r.display[display.code] ?? r.values[display.code]) : undefined;
      records.push({
        objectId: o.id,
        objectName: shownName(o),
        id: r.id,
        label: v === null || v === undefined || v === '' ? `#${r.id}` : String(v),
      });
    }
  });
  const loading = objects.isFetching || pages.some((p) => p.isFetching);
  return { records, loading };
}

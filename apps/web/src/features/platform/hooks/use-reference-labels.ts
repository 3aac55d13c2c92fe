import type { HistoryEntry, PlatformObject } from '@fiscus/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { opQueryOptions } from '@/lib/qry';
import { displayFieldOf, idsFilter } from '../components/reference-picker';

/** Record ids a history mentions per reference field (before and after of every change). */
function idsByField(meta: PlatformObject, entries: readonly HistoryEntry[]) {
  const refs = new Map(
    meta.fields
      .filter((f) => f.type === 'reference' && f.options.target)
      .map((f) => [f.code, f.options.target as string]),
  );
  const out = new Map<string, { target: string; ids: Set<number> }>();
  for (const e of entries)
    for (const c of e.changes) {
      const target = refs.get(c.field);
      if (!target) continue;
      let slot = out.get(c.field);
      if (!slot) out.set(c.field, (slot = { target, ids: new Set() }));
      for (const v of [c.before, c.after])
        if (typeof v === 'number' && Number.isSafeInteger(v)) slot.ids.add(v);
    }
  return [...out.entries()].map(([field, { target, ids }]) => ({
    field,
    target,
    ids: [...ids].sort((a, b) => a - b).slice(0, 1000),
  }));
}

/**
 * The texts the records named by a history's reference values are shown as (their display
 * field; deleted records too): field code → record id → text. One read per referenced object.
 */
export function useReferenceLabels(
  meta: PlatformObject,
  entries: readonly HistoryEntry[] | undefined,
): Map<string, Map<number, string>> {
  const wanted = useMemo(() => idsByField(meta, entries ?? []), [meta, entries]);
  const targets = useQueries({
    queries: wanted.map((w) => opQueryOptions('objects.get', { id: w.target })),
  });
  const pages = useQueries({
    queries: wanted.map((w, i) => {
      const display = displayFieldOf(targets[i]?.data);
      return {
        ...opQueryOptions('records.list', {
          objectId: w.target,
          filter: idsFilter(w.ids),
          state: 'all',
          fields: display ? [display.code] : undefined,
          limit: Math.max(1, w.ids.length),
        }),
        enabled: !!targets[i]?.data && w.ids.length > 0,
      };
    }),
  });
  const out = new Map<string, Map<number, string>>();
  wanted.forEach((w, i) => {
    const display = displayFieldOf(targets[i]?.data);
    const m = new Map<number, string>();
    for (const r of pages[i]?.data?.rows ?? []) {
      const v = display ? r.values[display.code] : undefined;
      if (v !== null && v !== undefined && v !== '') m.set(r.id, String(v));
    }
    out.set(w.field, m);
  });
  return out;
}

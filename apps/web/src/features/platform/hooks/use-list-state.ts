import {
  defaultFilter,
  defaultGroupBy,
  defaultOrderBy,
  type Field,
  type PlatformObject,
  type SavedView,
  type ViewDefinition,
} from '@fiscus/contracts';
import { viewDefinitionSchema } from '@fiscus/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '@/lib/session';

export type RecordState = 'active' | 'deleted' | 'all';

export interface ListState {
  definition: ViewDefinition;
  viewId: string | null;
  /** The definition differs from the saved view it started from. */
  dirty: boolean;
  recordState: RecordState;
  rowHeight: number;
}

export function defaultDefinition(meta: PlatformObject | undefined): ViewDefinition {
  return {
    filter: defaultFilter(),
    groupby: defaultGroupBy(),
    orderby: defaultOrderBy(),
    columns: (meta?.fields ?? []).map((f) => ({
      field: f.code,
      hidden: f.options.hidden ? true : undefined,
    })),
    pageSize: 100,
    search: '',
  };
}

/** Fields shown by a definition, in its order; fields it does not mention follow unless hidden. */
export function visibleFields(meta: PlatformObject, def: ViewDefinition): Field[] {
  const byCode = new Map(meta.fields.map((f) => [f.code, f]));
  const out: Field[] = [];
  const seen = new Set<string>();
  for (const c of def.columns) {
    const f = byCode.get(c.field);
    if (!f || seen.has(f.code)) continue;
    seen.add(f.code);
    if (!c.hidden) out.push(f);
  }
  for (const f of [...meta.fields].sort((a, b) => a.position - b.position)) {
    if (!seen.has(f.code) && !f.options.hidden) out.push(f);
  }
  return out;
}

/** All fields in the definition's order with their visibility (for the Fields menu). */
export function orderedColumns(
  meta: PlatformObject,
  def: ViewDefinition,
): { field: Field; hidden: boolean }[] {
  const byCode = new Map(meta.fields.map((f) => [f.code, f]));
  const out: { field: Field; hidden: boolean }[] = [];
  const seen = new Set<string>();
  for (const c of def.columns) {
    const f = byCode.get(c.field);
    if (!f || seen.has(f.code)) continue;
    seen.add(f.code);
    out.push({ field: f, hidden: !!c.hidden });
  }
  for (const f of [...meta.fields].sort((a, b) => a.position - b.position)) {
    if (!seen.has(f.code)) out.push({ field: f, hidden: !!f.options.hidden });
  }
  return out;
}

/** Where the working state of an object's list is kept between visits (per user). */
function storageKey(userId: string | undefined, objectId: string | undefined) {
  return userId && objectId ? `fiscus-list:${userId}:${objectId}` : null;
}

/** The state kept from the last visit, when it is still readable. */
function restore(key: string | null): ListState | null {
  if (!key) return null;
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<ListState>;
    const definition = viewDefinitionSchema.safeParse(v.definition);
    if (!definition.success) return null;
    return {
      definition: definition.data,
      viewId: typeof v.viewId === 'string' ? v.viewId : null,
      dirty: v.dirty === true,
      recordState:
        v.recordState === 'deleted' || v.recordState === 'all' ? v.recordState : 'active',
      rowHeight: typeof v.rowHeight === 'number' ? v.rowHeight : 36,
    };
  } catch {
    return null;
  }
}

/**
 * The working state of a list screen: the current view definition and the screen's settings.
 * It survives a reload: the filter, sort, grouping and columns a user built stay as the
 * object's unsaved state (`dirty`, shown as "modified" on the Views button) until saved as a
 * view or discarded by choosing a view.
 */
export function useListState(meta: PlatformObject | undefined) {
  const userId = useSession((s) => s.session?.user.id);
  const key = storageKey(userId, meta?.id);
  const [state, setState] = useState<ListState | null>(() => restore(key));
  const base = useMemo<ListState>(
    () => ({
      definition: defaultDefinition(meta),
      viewId: null,
      dirty: false,
      recordState: 'active',
      rowHeight: 36,
    }),
    [meta],
  );
  const current = state ?? base;
  // The session may arrive after the screen: the kept state is read once it does.
  useEffect(() => {
    setState((s) => s ?? restore(key));
  }, [key]);
  useEffect(() => {
    if (!key || !state) return;
    try {
      localStorage.setItem(key, JSON.stringify(state));
    } catch {
      // Storage full or off: the state lives until the page is left.
    }
  }, [key, state]);

  const update = useCallback(
    (patch: Partial<ViewDefinition>) =>
      setState((s) => {
        const cur = s ?? base;
        return { ...cur, definition: { ...cur.definition, ...patch }, dirty: true };
      }),
    [base],
  );
  const applyView = useCallback(
    (view: SavedView | null) =>
      setState((s) => {
        const cur = s ?? base;
        return {
          ...cur,
          viewId: view?.id ?? null,
          definition: view ? structuredClone(view.definition) : defaultDefinition(meta),
          dirty: false,
        };
      }),
    [base, meta],
  );
  const setSettings = useCallback(
    (patch: Partial<Pick<ListState, 'recordState' | 'rowHeight'>>) =>
      setState((s) => ({ ...(s ?? base), ...patch })),
    [base],
  );
  const markSaved = useCallback(
    (view: SavedView) => setState((s) => ({ ...(s ?? base), viewId: view.id, dirty: false })),
    [base],
  );
  const resetFields = useCallback(
    () => update({ columns: defaultDefinition(meta).columns }),
    [meta, update],
  );
  return { state: current, update, applyView, setSettings, markSaved, resetFields };
}

import type { Field, OpInput, PlatformObject, RecordRow } from '@fiscus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pruneFilter } from '@/components/filter-builder';
import { invalidateReads, opQueryOptions, useOp } from '@/lib/qry';
import { fileInfosOptions } from '../api/files';
import type { ExportView } from '../components/export-menu';
import { withFileNames } from '../lib/fields';
import { buildGroups } from '../lib/groups';
import type { ListState } from './use-list-state';

const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
})();

/**
 * The reads behind a list screen: the count, the groups and the grid's windows of the current
 * definition, and the view its export writes.
 */
export function useListQuery(meta: PlatformObject, state: ListState, fields: Field[]) {
  const { t } = useTranslation('platform');
  const queryClient = useQueryClient();
  const def = state.definition;
  const groupActive = def.groupby.isActive && def.groupby.groups.length > 0;
  const base = useMemo(
    () => ({
      objectId: meta.id,
      filter: pruneFilter(def.filter),
      search: def.search.trim() || undefined,
      state: state.recordState,
      timeZone,
    }),
    [meta.id, def.filter, def.search, state.recordState],
  );
  const listInput = useMemo<Omit<OpInput<'records.list'>, 'offset' | 'limit'>>(
    () => ({
      ...base,
      orderby: def.orderby.isActive && def.orderby.sorts.length ? def.orderby : undefined,
      groupby: groupActive ? def.groupby : undefined,
      fields: fields.map((f) => f.code),
    }),
    [base, def.orderby, def.groupby, groupActive, fields],
  );
  // The export follows the grid's order: group fields first (as the grid sorts them), then sorts.
  const exportView = useMemo<ExportView>(() => {
    const sorts = def.orderby.isActive ? def.orderby.sorts : [];
    const lead = groupActive
      ? def.groupby.groups.map(
          (g) => sorts.find((s) => s.field === g.field) ?? { field: g.field, dir: 'asc' as const },
        )
      : [];
    const all = [...lead, ...sorts.filter((s) => !lead.some((l) => l.field === s.field))];
    return {
      ...base,
      orderby: all.length ? { isActive: true, sorts: all.slice(0, 10) } : undefined,
      fields: listInput.fields,
    };
  }, [base, def.orderby, def.groupby.groups, groupActive, listInput.fields]);
  const count = useOp('records.count', base);
  const groupsQuery = useOp(
    'records.groups',
    { ...base, groupby: def.groupby, orderby: def.orderby.isActive ? def.orderby : undefined },
    { enabled: groupActive },
  );
  const groupFields = useMemo(
    () =>
      def.groupby.groups.map((g) => meta.fields.find((f) => f.code === g.field)).filter((f) => !!f),
    [def.groupby.groups, meta.fields],
  );
  const groups = useMemo(
    () =>
      groupActive && groupsQuery.data
        ? buildGroups(groupsQuery.data.groups, groupFields, t('grid.emptyValue'))
        : undefined,
    [groupActive, groupsQuery.data, groupFields, t],
  );

  const missingFile = t('attachment.missing');
  const fetchWindow = useCallback(
    (offset: number, limit: number): Promise<RecordRow[]> =>
      queryClient
        .fetchQuery(opQueryOptions('records.list', { ...listInput, offset, limit }))
        .then((r) =>
          withFileNames(
            r.rows,
            fields,
            (ids) => queryClient.fetchQuery(fileInfosOptions(ids)),
            missingFile,
          ),
        ),
    [queryClient, listInput, fields, missingFile],
  );
  // New query or refreshed data (the count is refetched with every invalidation): new windows.
  const dataKey = `${JSON.stringify(listInput)}|${count.dataUpdatedAt}|${groupsQuery.dataUpdatedAt}`;

  const refresh = () =>
    invalidateReads(queryClient, [
      { op: 'records.list', input: { objectId: meta.id } },
      { op: 'records.count', input: { objectId: meta.id } },
      { op: 'records.groups', input: { objectId: meta.id } },
    ]);

  const total = count.data?.total;
  const error = count.isError ? count.error : groupsQuery.isError ? groupsQuery.error : null;
  return {
    total,
    /** The grid waits for the groups before it shows rows. */
    gridTotal: groupActive && !groupsQuery.data ? undefined : total,
    groups,
    groupsTruncated: groupActive && !!groupsQuery.data?.truncated,
    error,
    fetchWindow,
    dataKey,
    exportView,
    refresh,
  };
}

import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PlatformObject, RecordRow } from '@fiscus/contracts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type RowId } from '@/components/data-grid';
import { ability } from '@/lib/ability';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { useAttachmentDownload } from '../hooks/use-attachment-download';
import { useBulkRecords } from '../hooks/use-bulk-records';
import { useCellSave } from '../hooks/use-cell-save';
import { useGridLabels } from '../hooks/use-labels';
import { useListQuery } from '../hooks/use-list-query';
import { useListState, visibleFields } from '../hooks/use-list-state';
import { useViewInAddress } from '../hooks/use-view-in-address';
import { gridColumns } from '../lib/fields';
import { pruneFilter } from '@/components/filter-builder';
import { BulkConfirmModal } from './bulk-confirm-modal';
import { EmptyObject } from './empty-object';
import { HistoryDrawer } from './history-drawer';
import { ListHeader } from './list-header';
import { ListToolbar } from './list-toolbar';
import { RecordCard } from './record-card';
import { shownName } from '@/lib/names';

/** Buttons other parts of the console put on an object's toolbar and record cards (actions). */
export interface ObjectSlots {
  /** After the toolbar's own buttons. */
  toolbar?: (objectId: string) => ReactNode;
  /** On the card of an existing record. */
  card?: (objectId: string, recordId: number) => ReactNode;
}

/** The list screen every object uses: toolbar, grid, record card, log. */
export function ObjectListScreen({ objectId, slots }: { objectId: string; slots?: ObjectSlots }) {
  const { t } = useTranslation('platform');
  const meta = useOp('objects.get', { id: objectId });
  if (meta.isLoading) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  if (meta.isError || !meta.data) {
    const code = errorOf(meta.error)?.code;
    // An object that is not there is said once; only a failed load offers to try again.
    const missing = code === 'not_found' || code === 'forbidden';
    return (
      <Alert
        color={missing ? 'orange' : 'red'}
        title={missing ? t('object.notFound') : t('object.loadError')}
      >
        {!missing && (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messageOf(meta.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void meta.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        )}
      </Alert>
    );
  }
  return <ListScreen key={meta.data.id} meta={meta.data} slots={slots} />;
}

function ListScreen({ meta, slots }: { meta: PlatformObject; slots?: ObjectSlots }) {
  const { t, i18n } = useTranslation('platform');
  const labels = useGridLabels();
  const { state, update, applyView, setSettings, markSaved, resetFields } = useListState(meta);
  const def = state.definition;
  const { switchView, setViewParam } = useViewInAddress(meta.id, state.viewId, applyView);

  const [searchText, setSearchText] = useState(def.search);
  useEffect(() => setSearchText(def.search), [def.search, state.viewId]);
  const [search] = useDebouncedValue(searchText, 300);
  useEffect(() => {
    if (search !== def.search) update({ search });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const fields = useMemo(() => visibleFields(meta, def), [meta, def]);
  const widths = useMemo(
    () => Object.fromEntries(def.columns.map((c) => [c.field, c.width])),
    [def.columns],
  );
  // A mounted object is read-only: no New, edit, delete, restore or history.
  const mounted = meta.kind === 'mounted';
  const canEdit = ability.can('update', 'Record') && state.recordState !== 'deleted' && !mounted;
  const columns = useMemo(
    () => gridColumns(fields, widths, t, canEdit, i18n.language),
    [fields, widths, t, canEdit, i18n.language],
  );
  const list = useListQuery(meta, state, fields);
  const onCellEdit = useCellSave(meta.id);
  const onGridClick = useAttachmentDownload();

  const [selected, setSelected] = useState<Set<RowId>>(() => new Set());
  useEffect(() => setSelected(new Set()), [state.recordState, meta.id]);
  const [card, setCard] = useState<{ opened: boolean; recordId: number | null }>({
    opened: false,
    recordId: null,
  });
  const [logFor, setLogFor] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'restore' | null>(null);
  const bulk = useBulkRecords(meta.id, () => {
    setSelected(new Set());
    setConfirm(null);
  });
  const ids = [...selected].map(Number);

  return (
    <Stack gap="sm" data-testid="object-list">
      <ListHeader meta={meta} total={list.total} />
      <ListToolbar
        meta={meta}
        state={state}
        readOnly={mounted}
        search={searchText}
        onSearch={setSearchText}
        onNew={() => setCard({ opened: true, recordId: null })}
        onRefresh={list.refresh}
        onUpdate={update}
        onResetFields={resetFields}
        onSettings={setSettings}
        onSwitchView={switchView}
        onViewSaved={(v) => {
          markSaved(v);
          setViewParam(v.id);
        }}
        exportView={list.exportView}
        ids={ids}
        onConfirm={setConfirm}
        onCard={(id) => setCard({ opened: true, recordId: id })}
        onLog={setLogFor}
        extra={slots?.toolbar?.(meta.id)}
      />
      {list.groupsTruncated && (
        <Alert color="yellow" variant="light">
          {t('list.groupsTruncated')}
        </Alert>
      )}
      {meta.fields.length === 0 && (
        <Alert color="blue" variant="light">
          {t('list.noFields')}
        </Alert>
      )}

      <div onClick={onGridClick}>
        <DataGrid<RecordRow>
          columns={columns}
          total={list.gridTotal}
          fetchWindow={list.fetchWindow}
          dataKey={list.dataKey}
          getRowId={(r) => r.id}
          labels={labels}
          locale={i18n.language}
          groups={list.groups}
          rowHeight={state.rowHeight}
          height="calc(100dvh - 300px)"
          selected={selected}
          onSelectedChange={setSelected}
          onRowOpen={(row) => setCard({ opened: true, recordId: row.id })}
          onCellEdit={canEdit ? onCellEdit : undefined}
          onColumnResize={(field, width) => {
            const has = def.columns.some((c) => c.field === field);
            update({
              columns: has
                ? def.columns.map((c) => (c.field === field ? { ...c, width } : c))
                : [...def.columns, { field, width }],
            });
          }}
          sorts={def.orderby.isActive ? def.orderby.sorts : []}
          onSortChange={(sorts) => update({ orderby: { isActive: sorts.length > 0, sorts } })}
          onColumnOrder={(order) => {
            const byField = new Map(def.columns.map((c) => [c.field, c]));
            const shown = order
              .filter((f) => f !== 'id')
              .map((f) => byField.get(f) ?? { field: f });
            const rest = def.columns.filter((c) => !order.includes(c.field));
            update({ columns: [...shown, ...rest] });
          }}
          isRowDeleted={(r) => !!r.deletedAt}
          emptyContent={
            !mounted &&
            state.recordState === 'active' &&
            !pruneFilter(def.filter) &&
            !def.search.trim() ? (
              <EmptyObject
                objectId={meta.id}
                onNew={() => setCard({ opened: true, recordId: null })}
              />
            ) : undefined
          }
          error={list.error ? messageOf(list.error) : null}
          onRetry={list.refresh}
          ariaLabel={shownName(meta)}
        />
      </div>
      <Text size="xs" c="dimmed" visibleFrom="sm">
        {t('list.keyboardHint')}
      </Text>

      <RecordCard
        meta={meta}
        recordId={card.recordId}
        opened={card.opened}
        onClose={() => setCard((c) => ({ ...c, opened: false }))}
        actions={slots?.card ? (recordId) => slots.card?.(meta.id, recordId) : undefined}
      />
      <HistoryDrawer
        meta={meta}
        recordId={logFor}
        opened={logFor !== null}
        onClose={() => setLogFor(null)}
      />
      <BulkConfirmModal
        kind={confirm}
        count={ids.length}
        loading={bulk.pending}
        onConfirm={(kind) => bulk.run(kind, ids)}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}

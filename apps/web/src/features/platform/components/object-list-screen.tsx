import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconHistory,
  IconId,
  IconPlus,
  IconRefresh,
  IconRestore,
  IconSearch,
  IconSettings,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { OpInput, PlatformObject, RecordRow } from '@fiscus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataGrid, type GridColumn, type RowId } from '@/components/data-grid';
import { pruneFilter } from '@/components/filter-builder';
import { Can, ability } from '@/lib/ability';
import { errorOf, messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { fileInfosOptions } from '../api/files';
import { useGridLabels } from '../hooks/use-labels';
import { useListState, visibleFields, type RecordState } from '../hooks/use-list-state';
import { filterFields, gridColumns, withFileNames } from '../lib/fields';
import { buildGroups } from '../lib/groups';
import { ExportMenu, type ExportView } from './export-menu';
import { HistoryDrawer } from './history-drawer';
import { RecordCard } from './record-card';
import { FieldsPopover, FilterPopover, GroupPopover, SortPopover } from './toolbar-popovers';
import { ViewsMenu } from './views-menu';
import { invalidateReads, opQueryOptions, runOp, useOp, useOpMutation } from '@/lib/qry';
import { shownName } from '@/lib/names';

const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
})();

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
    return (
      <Alert
        color="red"
        title={
          code === 'not_found' || code === 'forbidden'
            ? t('object.notFound')
            : t('object.loadError')
        }
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messageOf(meta.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void meta.refetch()}>
            {t('common:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <ListScreen key={meta.data.id} meta={meta.data} slots={slots} />;
}

function ListScreen({ meta, slots }: { meta: PlatformObject; slots?: ObjectSlots }) {
  const { t, i18n } = useTranslation('platform');
  const queryClient = useQueryClient();
  const labels = useGridLabels();
  const [params, setParams] = useSearchParams();
  const { state, update, applyView, setSettings, markSaved, resetFields } = useListState(meta);
  const def = state.definition;
  const views = useOp('views.list', { objectId: meta.id });

  // A view named in the address is applied once the views are known (reload keeps the view).
  const viewParam = params.get('view');
  useEffect(() => {
    if (!viewParam || state.viewId === viewParam || !views.data) return;
    const v = views.data.items.find((x) => x.id === viewParam);
    if (v) applyView(v);
  }, [viewParam, views.data, state.viewId, applyView]);
  const switchView = (view: Parameters<typeof applyView>[0]) => {
    applyView(view);
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (view) next.set('view', view.id);
      else next.delete('view');
      return next;
    });
  };

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
    () => gridColumns(fields, widths, t, canEdit),
    [fields, widths, t, canEdit],
  );

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
    (offset: number, limit: number) =>
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

  // Attachment cells carry their file's id: a click downloads the file.
  const onGridClick = (e: MouseEvent<HTMLDivElement>) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-file-id]');
    const fileId = el?.dataset.fileId;
    if (!el || !fileId) return;
    e.preventDefault();
    const name = el.dataset.fileName || 'download';
    const id = `download-${fileId}`;
    notifications.show({
      id,
      loading: true,
      autoClose: false,
      withCloseButton: false,
      message: t('attachment.downloading', { name }),
    });
    downloadFile(fileId, name)
      .then(() => notifications.hide(id))
      .catch((err: unknown) =>
        notifications.update({
          id,
          loading: false,
          color: 'red',
          autoClose: 5000,
          withCloseButton: true,
          title: t('attachment.downloadFailed'),
          message: messageOf(err),
        }),
      );
  };
  // New query or refreshed data (the count is refetched with every invalidation): new windows.
  const dataKey = `${JSON.stringify(listInput)}|${count.dataUpdatedAt}|${groupsQuery.dataUpdatedAt}`;

  const [selected, setSelected] = useState<Set<RowId>>(() => new Set());
  useEffect(() => setSelected(new Set()), [state.recordState, meta.id]);
  const [card, setCard] = useState<{ opened: boolean; recordId: number | null }>({
    opened: false,
    recordId: null,
  });
  const [logFor, setLogFor] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'restore' | null>(null);
  const remove = useOpMutation('records.delete');
  const restore = useOpMutation('records.restore');

  const refresh = () =>
    invalidateReads(queryClient, [
      { op: 'records.list', input: { objectId: meta.id } },
      { op: 'records.count', input: { objectId: meta.id } },
      { op: 'records.groups', input: { objectId: meta.id } },
    ]);

  const onCellEdit = useCallback(
    async (row: RecordRow, column: GridColumn<RecordRow>, value: unknown) => {
      try {
        // The grid patches the row in place: its loaded windows stay.
        return await runOp(
          queryClient,
          'records.update',
          {
            objectId: meta.id,
            id: row.id,
            values: { [column.id]: value as string | number | boolean | null },
          },
          { keep: ['records.list', 'records.count', 'records.groups'] },
        );
      } catch (err) {
        const env = errorOf(err);
        throw new Error(
          env?.fields?.[column.id]?.[0] ??
            env?.fields?.[`values.${column.id}`]?.[0] ??
            messageOf(err),
        );
      }
    },
    [meta.id, queryClient],
  );

  const ids = [...selected].map(Number);
  const runBulk = (kind: 'delete' | 'restore') => {
    const m = kind === 'delete' ? remove : restore;
    m.mutate(
      { objectId: meta.id, ids },
      {
        onSuccess: (r) => {
          notifications.show({
            color: 'teal',
            message: t(kind === 'delete' ? 'list.deleted' : 'list.restored', { count: r.affected }),
          });
          setSelected(new Set());
          setConfirm(null);
        },
        onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
      },
    );
  };

  const total = count.data?.total;
  const listError = count.isError
    ? messageOf(count.error)
    : groupsQuery.isError
      ? messageOf(groupsQuery.error)
      : null;
  const single = ids.length === 1 ? ids[0]! : null;

  return (
    <Stack gap="sm" data-testid="object-list">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={3}>{shownName(meta)}</Title>
          <Badge variant="light">{t(`kinds.${meta.kind}`)}</Badge>
          <Text c="dimmed" size="sm" data-testid="records-total">
            {total === undefined
              ? t('list.counting')
              : t('list.total', { count: total, formatted: total.toLocaleString(i18n.language) })}
          </Text>
        </Group>
        {meta.description && (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {meta.description}
          </Text>
        )}
      </Group>

      <Card withBorder padding="xs" radius="md">
        <Group gap="xs" wrap="wrap">
          {!mounted && (
            <Can I="create" a="Record">
              <Button
                size="xs"
                leftSection={<IconPlus size={16} />}
                onClick={() => setCard({ opened: true, recordId: null })}
                disabled={state.recordState === 'deleted'}
                data-testid="toolbar-new"
              >
                {t('common:actions.new')}
              </Button>
            </Can>
          )}
          <Tooltip label={t('common:actions.refresh')}>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={t('common:actions.refresh')}
              onClick={refresh}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <TextInput
            size="xs"
            placeholder={t('common:actions.search')}
            aria-label={t('common:actions.search')}
            leftSection={<IconSearch size={14} />}
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            rightSection={
              searchText ? (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label={t('common:actions.clear')}
                  onClick={() => setSearchText('')}
                >
                  <IconX size={12} />
                </ActionIcon>
              ) : undefined
            }
            style={{ flex: '1 1 160px', maxWidth: 260 }}
            data-testid="toolbar-search"
          />
          <FilterPopover
            value={def.filter}
            fields={filterFields(meta, t)}
            onApply={(filter) => update({ filter })}
          />
          <GroupPopover
            meta={meta}
            value={def.groupby}
            onChange={(groupby) => update({ groupby })}
          />
          <SortPopover
            meta={meta}
            value={def.orderby}
            onChange={(orderby) => update({ orderby })}
          />
          <FieldsPopover
            meta={meta}
            definition={def}
            onChange={(cols) => update({ columns: cols })}
            onReset={resetFields}
          />
          <ViewsMenu
            objectId={meta.id}
            viewId={state.viewId}
            dirty={state.dirty}
            definition={def}
            onSwitch={switchView}
            onSaved={(v) => {
              markSaved(v);
              setParams((p) => {
                const next = new URLSearchParams(p);
                next.set('view', v.id);
                return next;
              });
            }}
          />
          <ExportMenu view={exportView} baseName={meta.code || 'export'} title={shownName(meta)} />
          {mounted ? null : state.recordState === 'active' ? (
            <Can I="delete" a="Record">
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                disabled={ids.length === 0}
                onClick={() => setConfirm('delete')}
                data-testid="toolbar-delete"
              >
                {t('common:actions.delete')}
                {ids.length > 0 && ` (${ids.length})`}
              </Button>
            </Can>
          ) : (
            <Can I="update" a="Record">
              <Button
                size="xs"
                variant="light"
                color="grape"
                leftSection={<IconRestore size={16} />}
                disabled={ids.length === 0}
                onClick={() => setConfirm('restore')}
                data-testid="toolbar-restore"
              >
                {t('common:actions.restore')}
                {ids.length > 0 && ` (${ids.length})`}
              </Button>
            </Can>
          )}
          <Tooltip label={single === null ? t('list.cardHint') : t('common:actions.recordCard')}>
            <span>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconId size={16} />}
                disabled={single === null}
                onClick={() => single !== null && setCard({ opened: true, recordId: single })}
                data-testid="toolbar-card"
              >
                {t('common:actions.recordCard')}
              </Button>
            </span>
          </Tooltip>
          {!mounted && (
            <Tooltip label={single === null ? t('list.logHint') : t('common:actions.log')}>
              <span>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconHistory size={16} />}
                  disabled={single === null}
                  onClick={() => setLogFor(single)}
                >
                  {t('common:actions.log')}
                </Button>
              </span>
            </Tooltip>
          )}
          <Menu position="bottom-end" shadow="md" width={240}>
            <Menu.Target>
              <Button size="xs" variant="default" leftSection={<IconSettings size={16} />}>
                {t('common:actions.settings')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('settings.records')}</Menu.Label>
              {(['active', 'deleted', 'all'] as RecordState[]).map((s) => (
                <Menu.Item
                  key={s}
                  onClick={() => setSettings({ recordState: s })}
                  rightSection={state.recordState === s ? '✓' : undefined}
                >
                  {t(`settings.state.${s}`)}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Label>{t('settings.density')}</Menu.Label>
              {[
                { h: 30, k: 'compact' },
                { h: 36, k: 'normal' },
                { h: 44, k: 'comfortable' },
              ].map(({ h, k }) => (
                <Menu.Item
                  key={k}
                  onClick={() => setSettings({ rowHeight: h })}
                  rightSection={state.rowHeight === h ? '✓' : undefined}
                >
                  {t(`settings.densities.${k}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {slots?.toolbar?.(meta.id)}
        </Group>
      </Card>

      {groupActive && groupsQuery.data?.truncated && (
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
          total={groupActive && !groupsQuery.data ? undefined : total}
          fetchWindow={fetchWindow}
          dataKey={dataKey}
          getRowId={(r) => r.id}
          labels={labels}
          locale={i18n.language}
          groups={groups}
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
          onColumnOrder={(order) => {
            const byField = new Map(def.columns.map((c) => [c.field, c]));
            const shown = order
              .filter((f) => f !== 'id')
              .map((f) => byField.get(f) ?? { field: f });
            const rest = def.columns.filter((c) => !order.includes(c.field));
            update({ columns: [...shown, ...rest] });
          }}
          isRowDeleted={(r) => !!r.deletedAt}
          error={listError}
          onRetry={refresh}
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
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'restore' ? t('list.restoreTitle') : t('list.deleteTitle')}
        centered
      >
        <Stack>
          <Text>
            {t(confirm === 'restore' ? 'list.restoreText' : 'list.deleteText', {
              count: ids.length,
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color={confirm === 'restore' ? 'grape' : 'red'}
              loading={remove.isPending || restore.isPending}
              onClick={() => confirm && runBulk(confirm)}
              data-testid="confirm-bulk"
            >
              {confirm === 'restore' ? t('common:actions.restore') : t('common:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

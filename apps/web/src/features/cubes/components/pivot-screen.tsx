import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Loader,
  Menu,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconArrowLeft,
  IconDeviceFloppy,
  IconFileSpreadsheet,
  IconLayoutList,
  IconListDetails,
  IconPencil,
  IconRefresh,
  IconArrowBackUp,
  IconRestore,
  IconTable,
} from '@tabler/icons-react';
import {
  cubeSpreadModes,
  type Cube,
  type CubeAxisItem,
  type CubeCoord,
  type CubeMember,
  type CubeSpreadMode,
  type CubeValue,
  type PlatformObject,
} from '@fiscus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pruneFilter } from '@/components/filter-builder';
import { Can, ability } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { opQueryOptions, qry, runOp, useOp, useOpMutation } from '@/lib/qry';
import {
  usePivotData,
  usePivotVersion,
  type PivotData,
  type QueryBase,
} from '../hooks/use-pivot-data';
import { formatCubeValue, parseDecimalInput } from '../lib/decimal';
import { filterFieldsOf } from '../lib/fields';
import {
  initialLayout,
  layoutFilter,
  loadPrefs,
  pathKey,
  savePrefs,
  toCubeLayout,
  type DimInfo,
  type MeasureStyle,
  type PivotLayout,
} from '../lib/layout';
import { cubeDesignPath, cubesPath } from '../lib/paths';
import { FieldZones } from './field-zones';
import { PivotChart } from './pivot-chart';
import { PivotGrid, type CellRef, type PivotGridLabels } from './pivot-grid';
import { FilterPopover, FormatPopover, SortPopover, TotalsPopover } from './pivot-toolbar';
import { RecordsDrawer, type RecordsTarget } from './records-drawer';
import { shownName } from '@/lib/names';

/** A cell's identity across fetches: its row path, column path and measure. */
const cellKeyOf = (row: CubeAxisItem, col: CubeAxisItem, measure: string) =>
  `${pathKey(row.path)}|${pathKey(col.path)}|${measure}`;

const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
})();

/**
 * The pivot of one cube. `titled` (the default) heads it with the cube's name and a way back to
 * the cubes' list; a screen that names what it shows itself (the budget report) turns it off, and
 * the pivot then keeps only its figures and tools — the grid is still named after the cube.
 */
export function PivotScreen({ cubeId, titled = true }: { cubeId: string; titled?: boolean }) {
  const { t } = useTranslation('cubes');
  const cube = useOp('cubes.get', { id: cubeId });
  const meta = useOp('objects.get', { id: cube.data?.objectId ?? '' }, { enabled: !!cube.data });
  if (cube.isLoading || (cube.data && meta.isLoading))
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  if (cube.isError || meta.isError || !cube.data || !meta.data)
    return (
      <Alert color="red" title={t('cubeLoadError')} data-testid="pivot-load-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messageOf(cube.error ?? meta.error)}</Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => void cube.refetch()}>
              {t('common:retry')}
            </Button>
            <Button size="xs" variant="default" component={Link} to={cubesPath}>
              {t('backToList')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  return <Pivot key={cube.data.id} cube={cube.data} meta={meta.data} titled={titled} />;
}

function Pivot({ cube, meta, titled }: { cube: Cube; meta: PlatformObject; titled: boolean }) {
  const { t, i18n } = useTranslation('cubes');
  const phone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const fieldByCode = useMemo(() => new Map(meta.fields.map((f) => [f.code, f])), [meta.fields]);
  const dims = useMemo<(DimInfo & { label: string })[]>(
    () =>
      cube.dimensions.map((d) => {
        const f = fieldByCode.get(d.field);
        const isDate = f?.type === 'date' || f?.type === 'datetime';
        return {
          key: d.key,
          field: f?.code ?? d.field,
          type: f?.type ?? 'text',
          grain: isDate ? (d.grain ?? 'month') : undefined,
          label: d.label
            ? shownName({ name: d.label, names: d.names }, i18n.language)
            : f
              ? isDate
                ? `${shownName(f, i18n.language)} (${t(`grain.${d.grain ?? 'month'}`)})`
                : shownName(f, i18n.language)
              : d.key,
        };
      }),
    [cube.dimensions, fieldByCode, t, i18n.language],
  );
  const measureLabels = useMemo(() => {
    const out: Record<string, string> = {};
    for (const m of cube.measures) {
      const f = m.field ? fieldByCode.get(m.field) : undefined;
      out[m.key] = m.label
        ? shownName({ name: m.label, names: m.names }, i18n.language)
        : f
          ? t('pivot.measureOf', { fn: t(`fn.${m.fn}`), field: shownName(f, i18n.language) })
          : t('pivot.recordCount');
    }
    for (const c of cube.calculated)
      out[c.key] = c.label ? shownName({ name: c.label, names: c.names }, i18n.language) : c.key;
    return out;
  }, [cube.measures, cube.calculated, fieldByCode, t, i18n.language]);

  const [prefs] = useState(() => loadPrefs(cube.id));
  const [layout, setLayout] = useState<PivotLayout>(() => initialLayout(cube, dims, prefs.layout));
  const [styles, setStyles] = useState<Record<string, MeasureStyle>>(prefs.styles);
  const [view, setView] = useState<'grid' | 'chart'>('grid');
  // On a phone the grid gets the screen; Fields opens the zones.
  const [zonesOpen, setZonesOpen] = useState(!phone);
  const [active, setActive] = useState<CellRef | null>(null);
  const [records, setRecords] = useState<RecordsTarget | null>(null);
  const [hasMine, setHasMine] = useState(!!prefs.layout);

  // Measure styles are kept for the user as they change.
  useEffect(() => {
    savePrefs(cube.id, { ...loadPrefs(cube.id), styles });
  }, [cube.id, styles]);

  const filter = useMemo(
    () => layoutFilter(layout.params, dims, layout.filter ? pruneFilter(layout.filter) : undefined),
    [layout.params, layout.filter, dims],
  );
  const base = useMemo<QueryBase>(
    () => ({
      cubeId: cube.id,
      rows: layout.rows,
      cols: layout.cols,
      measures: layout.measures,
      filter,
      rowSort: layout.rowSort,
      colSort: layout.colSort,
      collapsedRows: layout.collapsedRows,
      collapsedCols: layout.collapsedCols,
      rowTotals: layout.rowTotals,
      colTotals: layout.colTotals,
      timeZone,
    }),
    [cube.id, layout, filter],
  );
  const data = usePivotData(base);
  useEffect(() => setActive(null), [base]);

  // Write-back: the spread mode, the values before the last write and the cells it changed.
  const queryClient = useQueryClient();
  const canWrite = ability.can('update', 'Record');
  const writable = data.measures.some((m) => m.writable);
  const [mode, setMode] = useState<CubeSpreadMode>('proportional');
  const [baseline, setBaseline] = useState<Map<string, CubeValue> | null>(null);
  const [undoing, setUndoing] = useState(false);
  const snapshot = () => {
    const out = new Map<string, CubeValue>();
    data.forEachCell((r, c, m, v) => {
      const info = data.measures[m];
      if (info) out.set(cellKeyOf(r, c, info.key), v);
    });
    return out;
  };
  // A new layout starts without highlights.
  useEffect(() => setBaseline(null), [base]);

  const update = useOpMutation('cubes.update');
  const changeLayout = (next: PivotLayout) => setLayout(next);
  // The zones' fields stay the same objects while the cube does, so the zones (memoised) are not
  // drawn again when cells arrive as the grid scrolls.
  const zoneDims = useMemo(
    () => dims.map((d) => ({ key: d.key, label: d.label, isDate: !!d.grain })),
    [dims],
  );
  const zoneMeasures = useMemo(
    () =>
      [...cube.measures, ...cube.calculated].map((m) => ({
        key: m.key,
        label: measureLabels[m.key] ?? m.key,
      })),
    [cube.measures, cube.calculated, measureLabels],
  );

  const toggle = (axis: 'collapsedRows' | 'collapsedCols', item: CubeAxisItem) => {
    const key = pathKey(item.path);
    const list = layout[axis];
    const next = list.some((p) => pathKey(p) === key)
      ? list.filter((p) => pathKey(p) !== key)
      : [...list, item.path];
    setLayout({ ...layout, [axis]: next });
  };

  const coordsOf = (cell: CellRef): CubeCoord[] | null => {
    const r = data.rowItem(cell.i);
    const c = data.colItem(cell.j);
    if (!r || !c) return null;
    return [
      ...r.path.map((member: CubeMember, l) => ({ dimension: layout.rows[l]!, member })),
      ...c.path.map((member: CubeMember, l) => ({ dimension: layout.cols[l]!, member })),
    ];
  };
  const describe = (cell: CellRef) => {
    const r = data.rowItem(cell.i);
    const c = data.colItem(cell.j);
    const side = (item: CubeAxisItem | undefined) =>
      !item ? '' : item.kind === 'total' ? t('pivot.grandTotal') : item.labels.join(' › ');
    return layout.cols.length ? `${side(r)} × ${side(c)}` : side(r);
  };
  const mLabel = (m: number) => {
    const info = data.measures[m];
    return info ? (measureLabels[info.key] ?? info.label) : '';
  };
  const valueText = (cell: CellRef) => {
    const info = data.measures[cell.m];
    const v = data.cell(cell.i, cell.j, cell.m);
    return v === undefined
      ? ''
      : formatCubeValue(v, i18n.language, info?.scale ?? 0, info ? styles[info.key] : undefined);
  };
  const openRecords = (cell: CellRef | null) => {
    if (!cell) return;
    const coords = coordsOf(cell);
    if (!coords) return;
    setRecords({
      coords,
      title: describe(cell),
      value: valueText(cell),
      measure: mLabel(cell.m),
    });
  };

  const canEdit = (cell: CellRef) => {
    const info = data.measures[cell.m];
    if (!canWrite || !info?.writable) return false;
    if (data.lockedRow(cell.i) !== undefined || data.lockedCol(cell.j) !== undefined) return false;
    return data.cell(cell.i, cell.j, cell.m) !== undefined;
  };
  const commit = async (cell: CellRef, text: string): Promise<string | null> => {
    const info = data.measures[cell.m];
    const coords = coordsOf(cell);
    if (!info || !coords) return t('write.failed');
    const value = parseDecimalInput(text, i18n.language);
    if (value === null) return t('write.notNumber');
    const before = snapshot();
    try {
      const out = await runOp(queryClient, 'cubes.write', {
        cubeId: cube.id,
        filter,
        coords,
        measure: info.key,
        value,
        mode,
        timeZone,
      });
      setBaseline(before);
      notifications.show({
        color: 'teal',
        message: [
          t('write.done', {
            count: out.updated + out.created,
            formatted: (out.updated + out.created).toLocaleString(i18n.language),
          }),
          out.message ?? '',
        ]
          .filter(Boolean)
          .join(' '),
      });
      return null;
    } catch (err) {
      return messageOf(err);
    }
  };
  const undo = async () => {
    setUndoing(true);
    const before = snapshot();
    try {
      const out = await runOp(queryClient, 'cubes.undo', { cubeId: cube.id });
      setBaseline(before);
      notifications.show({
        color: 'teal',
        message: t('write.undone', {
          count: out.restored + out.removed,
          formatted: (out.restored + out.removed).toLocaleString(i18n.language),
        }),
      });
    } catch (err) {
      notifications.show({ color: 'red', message: messageOf(err) });
    } finally {
      setUndoing(false);
    }
  };

  // Export to XLSX: the cube's export report (one per cube) takes this layout and runs as a job.
  const [exporting, setExporting] = useState(false);
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const name = t('export.reportName', { name: cube.name });
      const layoutNow = toCubeLayout(
        { ...layout, filter: layout.filter ? pruneFilter(layout.filter) : undefined },
        dims,
      );
      const existing = (
        await queryClient.fetchQuery(opQueryOptions('reports.list', { cubeId: cube.id }))
      ).items.find((r) => r.name === name && r.source === 'cube');
      const report = existing
        ? await runOp(queryClient, 'reports.update', {
            id: existing.id,
            layout: layoutNow,
            format: 'xlsx',
          })
        : await runOp(queryClient, 'reports.create', {
            name,
            source: 'cube',
            cubeId: cube.id,
            layout: layoutNow,
            format: 'xlsx',
          });
      let run = await runOp(queryClient, 'reports.generate', {
        id: report.id,
        format: 'xlsx',
        timeZone,
      });
      const started = Date.now();
      while (
        (run.status === 'queued' || run.status === 'running') &&
        Date.now() - started < 300_000
      ) {
        await new Promise((r) => setTimeout(r, 700));
        run = await qry('reports.getRun', { id: run.id });
      }
      if (run.status !== 'succeeded' || !run.fileId)
        throw new Error(run.error ?? t('export.failed'));
      await downloadFile(run.fileId, run.fileName ?? `${cube.name}.xlsx`);
    } catch (err) {
      notifications.show({
        color: 'red',
        message: err instanceof Error && !('isAxiosError' in err) ? err.message : messageOf(err),
      });
    } finally {
      setExporting(false);
    }
  };

  const saveMine = () => {
    savePrefs(cube.id, { ...loadPrefs(cube.id), layout });
    setHasMine(true);
    notifications.show({ color: 'teal', message: t('pivot.layoutSavedMine') });
  };
  const saveDefault = () =>
    update.mutate(
      {
        id: cube.id,
        defaultLayout: toCubeLayout(
          { ...layout, filter: layout.filter ? pruneFilter(layout.filter) : undefined },
          dims,
        ),
      },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: t('pivot.layoutSavedDefault') }),
        onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
      },
    );
  const reset = () => {
    const prev = loadPrefs(cube.id);
    savePrefs(cube.id, { styles: prev.styles });
    setHasMine(false);
    setLayout(initialLayout(cube, dims));
  };

  const gridLabels = useMemo<PivotGridLabels>(
    () => ({
      total: t('pivot.total'),
      grandTotal: t('pivot.grandTotal'),
      expand: t('pivot.expand'),
      collapse: t('pivot.collapse'),
      empty: t('pivot.noRecords'),
      error: t('pivot.loadError'),
      retry: t('common:retry'),
      locked: (member: string) => t('pivot.lockedBy', { member }),
      cell: t('pivot.cellInput'),
      measure: (info) => measureLabels[info.key] ?? info.label,
    }),
    [t, measureLabels],
  );

  const shownMeasures = layout.measures.map((k) => ({ key: k, label: measureLabels[k] ?? k }));
  const cubeName = shownName(cube, i18n.language);
  const facts = (
    <Group gap="xs" ml={titled ? undefined : 'auto'}>
      {!data.isLoading && (
        <Text size="sm" c="dimmed" data-testid="pivot-records">
          {t('pivot.records', {
            count: data.records,
            formatted: data.records.toLocaleString(i18n.language),
          })}
        </Text>
      )}
      <Can I="update" a="Cube">
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={cubeDesignPath(cube.id)}
          leftSection={<IconPencil size={16} />}
          data-testid="pivot-design"
        >
          {t('design')}
        </Button>
      </Can>
    </Group>
  );

  return (
    <Stack gap="sm" data-testid="pivot-screen">
      {titled ? (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Tooltip label={t('backToList')}>
              <ActionIcon
                variant="subtle"
                component={Link}
                to={cubesPath}
                aria-label={t('backToList')}
              >
                <IconArrowLeft size={18} />
              </ActionIcon>
            </Tooltip>
            <Title
              order={3}
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {cubeName}
            </Title>
            <Badge variant="light" leftSection={<IconTable size={12} />} visibleFrom="xs">
              {shownName(meta, i18n.language)}
            </Badge>
          </Group>
          {facts}
        </Group>
      ) : null}

      <Group gap="xs" wrap="wrap" data-testid="pivot-toolbar">
        <Button
          size="xs"
          variant={zonesOpen ? 'light' : 'default'}
          leftSection={<IconLayoutList size={16} />}
          onClick={() => setZonesOpen((o) => !o)}
          aria-expanded={zonesOpen}
          data-testid="pivot-fields-toggle"
        >
          {t('common:actions.fields')}
        </Button>
        <Tooltip label={t('common:actions.refresh')}>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t('common:actions.refresh')}
            onClick={data.refetch}
            data-testid="pivot-refresh"
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v === 'chart' ? 'chart' : 'grid')}
          data={[
            { value: 'grid', label: t('pivot.grid') },
            { value: 'chart', label: t('pivot.chart') },
          ]}
          aria-label={t('pivot.view')}
          data-testid="pivot-view"
        />
        <TotalsPopover layout={layout} onChange={changeLayout} />
        <SortPopover layout={layout} onChange={changeLayout} measures={shownMeasures} />
        <FormatPopover
          measures={data.measures}
          styles={styles}
          onChange={(key, style) => setStyles((s) => ({ ...s, [key]: style }))}
        />
        <FilterPopover
          value={layout.filter}
          onChange={(f) => setLayout({ ...layout, filter: f })}
          fields={filterFieldsOf(meta)}
        />
        <Tooltip label={active ? describe(active) : t('pivot.pickCell')}>
          <span>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconListDetails size={16} />}
              disabled={!active}
              onClick={() => openRecords(active)}
              data-testid="pivot-show-records"
            >
              {t('common:actions.showRecords')}
            </Button>
          </span>
        </Tooltip>
        <Tooltip label={t('export.hint')}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={exporting}
            onClick={() => void exportXlsx()}
            data-testid="pivot-export"
          >
            {t('export.button')}
          </Button>
        </Tooltip>
        {canWrite && writable && (
          <Group gap={4} wrap="nowrap">
            <Select
              size="xs"
              w={170}
              aria-label={t('write.mode')}
              data={cubeSpreadModes.map((m) => ({ value: m, label: t(`write.modes.${m}`) }))}
              value={mode}
              onChange={(v) => setMode((v ?? 'proportional') as CubeSpreadMode)}
              allowDeselect={false}
              data-testid="pivot-spread"
            />
            <Tooltip label={t('write.undoHint')}>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={() => void undo()}
                loading={undoing}
                data-testid="pivot-undo"
              >
                {t('write.undo')}
              </Button>
            </Tooltip>
          </Group>
        )}
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="pivot-save"
            >
              {t('pivot.saveLayout')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={saveMine} data-testid="pivot-save-mine">
              {t('pivot.saveMine')}
            </Menu.Item>
            {ability.can('update', 'Cube') && (
              <Menu.Item onClick={saveDefault} data-testid="pivot-save-default">
                {t('pivot.saveDefault')}
              </Menu.Item>
            )}
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconRestore size={14} />}
              onClick={reset}
              disabled={!hasMine && !cube.defaultLayout}
            >
              {t('pivot.resetLayout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {!titled && facts}
      </Group>

      <Collapse expanded={zonesOpen}>
        <FieldZones
          cubeId={cube.id}
          layout={layout}
          onChange={setLayout}
          dimensions={zoneDims}
          measures={zoneMeasures}
        />
      </Collapse>

      {view === 'chart' ? (
        <PivotChart
          cubeId={cube.id}
          rows={layout.rows}
          cols={layout.cols}
          measures={layout.measures}
          measureLabels={measureLabels}
          filter={filter}
          styles={styles}
        />
      ) : data.isLoading ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : (
        <>
          <PivotGrid
            name={cubeName}
            data={data}
            colDims={layout.cols.length}
            rowDimLabels={layout.rows.map((k) => dims.find((d) => d.key === k)?.label ?? k)}
            styles={styles}
            locale={i18n.language}
            labels={gridLabels}
            height={phone ? 'calc(100dvh - 300px)' : 'calc(100dvh - 330px)'}
            active={active}
            onActive={setActive}
            onToggleRow={(item) => toggle('collapsedRows', item)}
            onToggleCol={(item) => toggle('collapsedCols', item)}
            cellKey={cellKeyOf}
            canEdit={canEdit}
            onCommit={commit}
            baseline={baseline}
            editHint={mode === 'delta' || mode === 'percentage' ? 'empty' : 'value'}
            onOpenRecords={openRecords}
            rowHeaderWidth={phone ? 150 : 260}
            cellWidth={phone ? 104 : 128}
          />
          <Live data={data}>
            {() => {
              const activeLocked = active
                ? (data.lockedRow(active.i) ?? data.lockedCol(active.j))
                : undefined;
              return (
                <Group
                  gap="xs"
                  justify="space-between"
                  wrap="wrap"
                  mih={22}
                  data-testid="pivot-status"
                >
                  <Text size="xs" c="dimmed">
                    {active
                      ? `${describe(active)} · ${mLabel(active.m)}: ${valueText(active) || '—'}`
                      : t('pivot.status', {
                          rows: data.rowTotal.toLocaleString(i18n.language),
                          cols: data.colTotal.toLocaleString(i18n.language),
                        })}
                  </Text>
                  {activeLocked && (
                    <Text size="xs" c="orange" data-testid="pivot-locked-reason">
                      {t('pivot.lockedBy', { member: activeLocked })}
                    </Text>
                  )}
                </Group>
              );
            }}
          </Live>
        </>
      )}

      <RecordsDrawer
        cubeId={cube.id}
        objectId={cube.objectId}
        filter={filter}
        target={records}
        onClose={() => setRecords(null)}
      />
    </Stack>
  );
}

/** Draws `children` again whenever a block of cells arrives (the status line under the grid). */
function Live({ data, children }: { data: PivotData; children: () => ReactNode }) {
  usePivotVersion(data);
  return <>{children()}</>;
}

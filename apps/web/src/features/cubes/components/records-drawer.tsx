import { Alert, Badge, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import type { CubeCoord, FilterNode, RecordRow } from '@fiscus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '@/components/data-grid';
import { messageOf } from '@/lib/api-client';
import { opQueryOptions, useOp } from '@/lib/qry';
import { useGridLabels } from '../hooks/use-labels';
import { choiceName, shownName } from '@/lib/names';

export interface RecordsTarget {
  coords: CubeCoord[];
  /** Where the cell is, for the title: "North › Apples × 2026-03". */
  title: string;
  /** The cell's value as shown, and the measure's label. */
  value: string;
  measure: string;
}

const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
})();

/**
 * Show Records: the records behind a pivot cell, listed with the object's fields. The cell's
 * filter comes from `cubes.cellFilter`, so the list is exactly what the cell adds up.
 */
export function RecordsDrawer({
  cubeId,
  objectId,
  filter,
  target,
  onClose,
}: {
  cubeId: string;
  objectId: string;
  filter: FilterNode | undefined;
  target: RecordsTarget | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('cubes');
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Stack gap={2}>
          <Text fw={600}>{t('common:actions.showRecords')}</Text>
          {target && (
            <Text size="sm" c="dimmed" data-testid="records-cell">
              {target.title}
            </Text>
          )}
        </Stack>
      }
      data-testid="records-drawer"
    >
      {target && (
        <Body
          key={JSON.stringify(target.coords)}
          cubeId={cubeId}
          objectId={objectId}
          filter={filter}
          target={target}
          locale={i18n.language}
        />
      )}
    </Drawer>
  );
}

function Body({
  cubeId,
  objectId,
  filter,
  target,
  locale,
}: {
  cubeId: string;
  objectId: string;
  filter: FilterNode | undefined;
  target: RecordsTarget;
  locale: string;
}) {
  const { t } = useTranslation('cubes');
  const labels = useGridLabels();
  const queryClient = useQueryClient();
  const meta = useOp('objects.get', { id: objectId });
  const cell = useOp('cubes.cellFilter', { cubeId, filter, coords: target.coords, timeZone });
  const cellFilter = cell.data?.filter;
  const base = useMemo(
    () => (cellFilter ? { objectId, filter: cellFilter, timeZone } : null),
    [objectId, cellFilter],
  );
  const count = useOp('records.count', base ?? { objectId }, { enabled: !!base });
  const columns = useMemo<GridColumn<RecordRow>[]>(
    () => [
      {
        id: 'id',
        header: '#',
        title: '#',
        type: 'integer',
        width: 80,
        getValue: (r) => r.id,
      },
      ...(meta.data?.fields ?? [])
        .filter((f) => !f.options.hidden)
        .map((f): GridColumn<RecordRow> => ({
          id: f.code,
          header: shownName(f),
          title: shownName(f),
          type: f.type as GridColumn<RecordRow>['type'],
          width: f.type === 'longtext' ? 240 : 160,
          precision: f.options.scale,
          currency: f.options.currency,
          choices: f.options.choices?.map((c) => ({ value: c.value, label: choiceName(c) })),
          getValue: (r) => {
            const v = r.values[f.code];
            if (f.type === 'reference' && v !== null && v !== undefined)
              return { id: v as number, label: r.display[f.code] ?? `#${String(v)}` };
            return v;
          },
        })),
    ],
    [meta.data],
  );
  const fetchWindow = useCallback(
    (offset: number, limit: number) =>
      base
        ? queryClient
            .fetchQuery(opQueryOptions('records.list', { ...base, offset, limit }))
            .then((r) => r.rows)
        : Promise.resolve([]),
    [queryClient, base],
  );

  if (cell.isError || meta.isError)
    return <Alert color="red">{messageOf(cell.error ?? meta.error)}</Alert>;
  if (!cell.data || !meta.data)
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" size="lg" data-testid="records-count">
          {count.data
            ? t('records.count', {
                count: count.data.total,
                formatted: count.data.total.toLocaleString(locale),
              })
            : t('common:loading')}
        </Badge>
        <Badge variant="outline" size="lg" tt="none" data-testid="records-value">
          {target.measure}: {target.value || '—'}
        </Badge>
      </Group>
      <DataGrid<RecordRow>
        columns={columns}
        total={count.data?.total}
        fetchWindow={fetchWindow}
        dataKey={JSON.stringify(base)}
        getRowId={(r) => r.id}
        labels={labels}
        locale={locale}
        pageSize={100}
        height="calc(100vh - 180px)"
        error={count.isError ? messageOf(count.error) : null}
        onRetry={() => void count.refetch()}
        ariaLabel={t('common:actions.showRecords')}
      />
    </Stack>
  );
}

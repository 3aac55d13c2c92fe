import {
  Button,
  Divider,
  Group,
  NumberInput,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconArrowsSort, IconFilter, IconPalette, IconSum } from '@tabler/icons-react';
import type { CubeMeasureInfo, CubeSort, FilterNode } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import {
  FilterBuilder,
  countConditions,
  newGroup,
  type FilterField,
} from '@/components/filter-builder';
import { useFilterLabels } from '../hooks/use-labels';
import type { MeasureStyle, PivotLayout } from '../lib/layout';

/** Totals: subtotals and grand totals along each axis. */
export function TotalsPopover({
  layout,
  onChange,
}: {
  layout: PivotLayout;
  onChange: (l: PivotLayout) => void;
}) {
  const { t } = useTranslation('cubes');
  return (
    <Popover width={260} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconSum size={16} />}
          data-testid="pivot-totals"
        >
          {t('pivot.totals')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Switch
            label={t('pivot.rowTotals')}
            checked={layout.rowTotals}
            onChange={(e) => onChange({ ...layout, rowTotals: e.currentTarget.checked })}
          />
          <Switch
            label={t('pivot.colTotals')}
            checked={layout.colTotals}
            onChange={(e) => onChange({ ...layout, colTotals: e.currentTarget.checked })}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Sort of rows and columns: by member name or by a measure's totals, ascending or descending. */
export function SortPopover({
  layout,
  onChange,
  measures,
}: {
  layout: PivotLayout;
  onChange: (l: PivotLayout) => void;
  measures: { key: string; label: string }[];
}) {
  const { t } = useTranslation('cubes');
  const axis = (name: 'rowSort' | 'colSort', title: string) => {
    const sort: CubeSort = layout[name] ?? { by: 'name', dir: 'asc' };
    const set = (patch: Partial<CubeSort>) => {
      const next = { ...sort, ...patch };
      if (next.by === 'measure' && !next.measure) next.measure = measures[0]?.key;
      if (next.by === 'name') delete next.measure;
      onChange({ ...layout, [name]: next });
    };
    return (
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Select
          size="xs"
          aria-label={`${title}: ${t('sort.by')}`}
          data={[
            { value: 'name', label: t('sort.byName') },
            ...measures.map((m) => ({
              value: `m:${m.key}`,
              label: t('sort.byMeasure', { name: m.label }),
            })),
          ]}
          value={sort.by === 'name' ? 'name' : `m:${sort.measure ?? ''}`}
          onChange={(v) =>
            v === 'name' || !v ? set({ by: 'name' }) : set({ by: 'measure', measure: v.slice(2) })
          }
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <SegmentedControl
          size="xs"
          value={sort.dir}
          onChange={(v) => set({ dir: v === 'desc' ? 'desc' : 'asc' })}
          data={[
            { value: 'asc', label: t('sort.asc') },
            { value: 'desc', label: t('sort.desc') },
          ]}
        />
      </Stack>
    );
  };
  return (
    <Popover width={280} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowsSort size={16} />}
          data-testid="pivot-sort"
        >
          {t('common:actions.sort')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          {axis('rowSort', t('common:pivot.rows'))}
          <Divider />
          {axis('colSort', t('common:pivot.columns'))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Number format and heatmap of each measure shown. */
export function FormatPopover({
  measures,
  styles,
  onChange,
}: {
  measures: CubeMeasureInfo[];
  styles: Record<string, MeasureStyle>;
  onChange: (key: string, style: MeasureStyle) => void;
}) {
  const { t } = useTranslation('cubes');
  const numeric = measures.filter(
    (m) => m.valueType !== 'date' && m.valueType !== 'datetime' && m.valueType !== 'text',
  );
  return (
    <Popover width={340} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPalette size={16} />}
          data-testid="pivot-format"
        >
          {t('format.title')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" mah={420} style={{ overflowY: 'auto' }}>
          {numeric.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('format.none')}
            </Text>
          )}
          {numeric.map((m, i) => {
            const s = styles[m.key] ?? {};
            const set = (patch: Partial<MeasureStyle>) => onChange(m.key, { ...s, ...patch });
            return (
              <Stack key={m.key} gap={6} data-testid="format-measure">
                {i > 0 && <Divider />}
                <Text size="sm" fw={600}>
                  {m.label}
                </Text>
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <NumberInput
                    size="xs"
                    label={t('format.decimals')}
                    min={0}
                    max={8}
                    value={s.decimals ?? (s.percent ? Math.max(0, m.scale - 2) : m.scale)}
                    onChange={(v) => set({ decimals: typeof v === 'number' ? v : undefined })}
                    w={110}
                  />
                  <Switch
                    size="xs"
                    label={t('format.percent')}
                    checked={!!s.percent}
                    onChange={(e) => set({ percent: e.currentTarget.checked, decimals: undefined })}
                  />
                </Group>
                <Group gap="md">
                  <Switch
                    size="xs"
                    label={t('format.grouping')}
                    checked={s.grouping ?? true}
                    onChange={(e) => set({ grouping: e.currentTarget.checked })}
                  />
                  <Switch
                    size="xs"
                    label={t('format.heatmap')}
                    checked={!!s.heatmap}
                    onChange={(e) => set({ heatmap: e.currentTarget.checked })}
                    data-testid="format-heatmap"
                  />
                </Group>
              </Stack>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Free conditions on the object's fields, with the filter builder the views use. */
export function FilterPopover({
  value,
  onChange,
  fields,
}: {
  value: FilterNode | undefined;
  onChange: (f: FilterNode) => void;
  fields: FilterField[];
}) {
  const { t } = useTranslation('cubes');
  const labels = useFilterLabels();
  const tree = value ?? newGroup(labels.groupName(1));
  const n = countConditions(tree);
  return (
    <Popover width={640} position="bottom-start" shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>
        <Button
          size="xs"
          variant={n > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          data-testid="pivot-filter"
        >
          {t('common:actions.filter')}
          {n > 0 && ` (${n})`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 24px)">
        <FilterBuilder value={tree} onChange={onChange} fields={fields} labels={labels} />
      </Popover.Dropdown>
    </Popover>
  );
}

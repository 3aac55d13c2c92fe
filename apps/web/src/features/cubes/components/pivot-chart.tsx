import { Alert, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { FilterNode } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { formatCubeValue, toFloat } from '../lib/decimal';
import type { MeasureStyle } from '../lib/layout';

type Kind = 'bar' | 'stacked' | 'line' | 'pie';

/**
 * The pivot as a chart: the members of the first row dimension along the axis, one series per
 * member of the first column dimension (at most 12), for one measure.
 */
export function PivotChart({
  cubeId,
  rows,
  cols,
  measures,
  measureLabels,
  filter,
  styles,
}: {
  cubeId: string;
  rows: string[];
  cols: string[];
  measures: string[];
  measureLabels: Record<string, string>;
  filter: FilterNode | undefined;
  styles: Record<string, MeasureStyle>;
}) {
  const { t, i18n } = useTranslation('cubes');
  const [kind, setKind] = useState<Kind>('bar');
  const [measure, setMeasure] = useState<string | null>(null);
  const m = measure && measures.includes(measure) ? measure : measures[0]!;
  const q = useOp('cubes.query', {
    cubeId,
    rows: rows.slice(0, 1),
    cols: cols.slice(0, 1),
    measures: [m],
    filter,
    rowTotals: false,
    colTotals: false,
    rowLimit: 60,
    colLimit: 12,
  });
  const pie = kind === 'pie';
  const option = useMemo(() => {
    const out = q.data;
    if (!out) return null;
    const info = out.measures[0];
    const fmt = (v: number) =>
      formatCubeValue(String(v), i18n.language, info?.scale ?? 0, styles[m]);
    const categories = out.rows.items.map((r) => r.labels.join(' › ') || t('pivot.grandTotal'));
    const series = out.cols.items.map((c, ci) => ({
      name: c.labels.join(' › ') || info?.label || m,
      data: out.rows.items.map((_, ri) => toFloat(out.cells[ri]?.[ci]?.[0])),
    }));
    if (pie)
      return {
        tooltip: { trigger: 'item', valueFormatter: (v: number) => fmt(v) },
        legend: { type: 'scroll', bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            data: categories.map((name, i) => ({ name, value: series[0]?.data[i] ?? 0 })),
          },
        ],
      };
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => (v === null ? '—' : fmt(v)) },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: categories, axisLabel: { hideOverlap: true } },
      yAxis: {
        type: 'value',
        axisLabel: {
          formatter: (v: number) =>
            new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(v),
        },
      },
      series: series.map((s) => ({
        ...s,
        type: kind === 'line' ? 'line' : 'bar',
        stack: kind === 'stacked' ? 'total' : undefined,
        smooth: kind === 'line',
      })),
    };
  }, [q.data, kind, pie, m, styles, i18n.language, t]);

  return (
    <Stack gap="xs" data-testid="pivot-chart">
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data={[
            { value: 'bar', label: t('chart.bar') },
            { value: 'stacked', label: t('chart.stacked') },
            { value: 'line', label: t('chart.line') },
            { value: 'pie', label: t('chart.pie') },
          ]}
        />
        <Select
          size="xs"
          aria-label={t('chart.measure')}
          data={measures.map((k) => ({ value: k, label: measureLabels[k] ?? k }))}
          value={m}
          onChange={setMeasure}
          allowDeselect={false}
          w={200}
        />
        {q.data && (q.data.rows.total > 60 || q.data.cols.total > 12) && (
          <Text size="xs" c="dimmed">
            {t('chart.truncated')}
          </Text>
        )}
      </Group>
      {q.isError ? (
        <Alert color="red">{messageOf(q.error)}</Alert>
      ) : !option ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : (
        <EChart
          option={option}
          height={420}
          label={t('chart.label', { measure: measureLabels[m] ?? m })}
        />
      )}
    </Stack>
  );
}

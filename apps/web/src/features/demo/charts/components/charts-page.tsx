import { Card, Grid, Group, SegmentedControl, Text, Title } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';

/** Sample series of the charts demo (the template's ECharts page). */
const months = Array.from({ length: 12 }, (_, m) => m);
const balance = [280, 200, 220, 180, 270, 250, 70, 90, 200, 150, 160, 100];
const revenue = [
  [90, 120, 150, 80, 70, 110, 130],
  [50, 80, 60, 120, 140, 90, 70],
] as const;
const visits = {
  web: [100, 120, 90, 170, 130, 160, 140, 240, 220, 180, 270, 280],
  mobile: [60, 80, 70, 110, 90, 120, 100, 160, 150, 120, 170, 200],
  social: [20, 40, 30, 60, 50, 70, 60, 90, 80, 70, 100, 110],
};
const expenses = { rent: 850, groceries: 620, transport: 310, leisure: 240, savings: 480 };
const radar = {
  a: [41, 64, 81, 60, 42, 42],
  b: [65, 46, 42, 25, 58, 63],
};
const scatterA = [
  [5.4, 170],
  [5.6, 185],
  [6.1, 176],
  [6.5, 190],
  [7.2, 210],
  [7.8, 203],
  [8.1, 230],
  [8.9, 226],
];
const scatterB = [
  [4.2, 140],
  [4.8, 150],
  [5.1, 158],
  [5.9, 162],
  [6.3, 171],
  [6.8, 165],
  [7.4, 182],
  [7.9, 188],
];
/** Open, close, low, high per day. */
const candles = [
  [20, 34, 10, 38],
  [40, 35, 30, 50],
  [31, 38, 33, 44],
  [38, 15, 5, 42],
  [15, 22, 12, 28],
  [22, 31, 20, 35],
  [31, 28, 24, 36],
  [28, 40, 26, 43],
  [40, 44, 37, 48],
  [44, 39, 35, 47],
];

function ChartCard({
  title,
  subtitle,
  extra,
  children,
}: {
  title: string;
  subtitle?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Title order={4} size="h5">
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {extra}
      </Group>
      {children}
    </Card>
  );
}

/** Line, bar, area, pie/donut, radar, scatter and candlestick charts with ECharts. */
export function ChartsPage() {
  const { t, i18n } = useTranslation('charts');
  const lang = i18n.language;
  const monthName = new Intl.DateTimeFormat(lang, { month: 'short' });
  const monthLabels = months.map((m) => monthName.format(new Date(2026, m, 1)));
  const dayName = new Intl.DateTimeFormat(lang, { weekday: 'short' });
  const days = Array.from({ length: 7 }, (_, d) => dayName.format(new Date(2026, 10, 23 + d)));
  const money = new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const [donut, setDonut] = useState<'pie' | 'donut'>('donut');

  const line: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: monthLabels, boundaryGap: false },
    yAxis: { type: 'value' },
    series: [{ name: t('line.series'), type: 'line', smooth: true, data: balance }],
  };
  const bar: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: days },
    yAxis: { type: 'value' },
    series: [
      { name: t('bar.plan'), type: 'bar', data: revenue[0] },
      { name: t('bar.actual'), type: 'bar', data: revenue[1] },
    ],
  };
  const area: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: monthLabels, boundaryGap: false },
    yAxis: { type: 'value' },
    series: (['web', 'mobile', 'social'] as const).map((k) => ({
      name: t(`area.${k}`),
      type: 'line',
      stack: 'visits',
      areaStyle: {},
      smooth: true,
      data: visits[k],
    })),
  };
  const pie: EChartsCoreOption = {
    tooltip: {
      trigger: 'item',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? money.format(v) : String(v)),
    },
    legend: { bottom: 0 },
    series: [
      {
        name: t('pie.title'),
        type: 'pie',
        radius: donut === 'donut' ? ['45%', '70%'] : '70%',
        center: ['50%', '45%'],
        data: (Object.keys(expenses) as (keyof typeof expenses)[]).map((k) => ({
          name: t(`pie.${k}`),
          value: expenses[k],
        })),
      },
    ],
  };
  const radarOption: EChartsCoreOption = {
    tooltip: {},
    legend: { bottom: 0 },
    radar: {
      radius: '62%',
      center: ['50%', '46%'],
      indicator: (['battery', 'brand', 'camera', 'memory', 'storage', 'display'] as const).map(
        (k) => ({
          name: t(`radar.${k}`),
          max: 100,
        }),
      ),
    },
    series: [
      {
        type: 'radar',
        data: [
          { name: t('radar.a'), value: radar.a },
          { name: t('radar.b'), value: radar.b },
        ],
      },
    ],
  };
  const scatter: EChartsCoreOption = {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: 56 },
    xAxis: {
      type: 'value',
      name: t('scatter.x'),
      nameLocation: 'middle',
      nameGap: 24,
      scale: true,
    },
    yAxis: { type: 'value', scale: true },
    series: [
      { name: t('scatter.a'), type: 'scatter', symbolSize: 12, data: scatterA },
      { name: t('scatter.b'), type: 'scatter', symbolSize: 12, data: scatterB },
    ],
  };
  const candlestick: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    xAxis: {
      type: 'category',
      data: candles.map((_, d) =>
        new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short' }).format(
          new Date(2026, 10, 2 + d),
        ),
      ),
    },
    yAxis: { type: 'value', scale: true },
    series: [{ name: t('candlestick.series'), type: 'candlestick', data: candles }],
  };

  return (
    <Grid data-testid="charts-page">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <ChartCard title={t('line.title')} subtitle={t('line.subtitle')}>
          <EChart option={line} label={t('line.title')} height={280} testId="chart-line" />
        </ChartCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <ChartCard title={t('bar.title')} subtitle={t('bar.subtitle')}>
          <EChart option={bar} label={t('bar.title')} height={280} testId="chart-bar" />
        </ChartCard>
      </Grid.Col>
      <Grid.Col span={12}>
        <ChartCard title={t('area.title')} subtitle={t('area.subtitle')}>
          <EChart option={area} label={t('area.title')} height={300} testId="chart-area" />
        </ChartCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ChartCard
          title={t('pie.title')}
          subtitle={t('pie.subtitle')}
          extra={
            <SegmentedControl
              size="xs"
              value={donut}
              onChange={(v) => setDonut(v as 'pie' | 'donut')}
              data={[
                { value: 'donut', label: t('pie.donut') },
                { value: 'pie', label: t('pie.pie') },
              ]}
            />
          }
        >
          <EChart option={pie} label={t('pie.title')} height={300} testId="chart-pie" />
        </ChartCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ChartCard title={t('radar.title')} subtitle={t('radar.subtitle')}>
          <EChart option={radarOption} label={t('radar.title')} height={300} testId="chart-radar" />
        </ChartCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ChartCard title={t('scatter.title')} subtitle={t('scatter.subtitle')}>
          <EChart option={scatter} label={t('scatter.title')} height={300} testId="chart-scatter" />
        </ChartCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ChartCard title={t('candlestick.title')} subtitle={t('candlestick.subtitle')}>
          <EChart
            option={candlestick}
            label={t('candlestick.title')}
            height={300}
            testId="chart-candlestick"
          />
        </ChartCard>
      </Grid.Col>
    </Grid>
  );
}

import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { EChart } from '@/components/echart';
import { DashCard, useChartColors, type ChartColors } from './card-shell';

type Tone = 'primary' | 'success' | 'warning' | 'danger' | 'info';
const mantineColor: Record<Tone, string> = {
  primary: 'brand',
  success: 'teal',
  warning: 'orange',
  danger: 'red',
  info: 'cyan',
};

function sparkline(
  colors: ChartColors,
  tone: Tone,
  name: string,
  data: number[],
  area: boolean,
): EChartsCoreOption {
  const color = colors[tone];
  return {
    grid: { left: 0, right: 0, top: 8, bottom: 0 },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: { type: 'category', show: false, boundaryGap: false, data: data.map((_, i) => i + 1) },
    yAxis: { type: 'value', show: false, min: (v: { min: number }) => v.min * 0.8 },
    series: [
      {
        name,
        type: 'line',
        smooth: true,
        symbol: 'none',
        data,
        lineStyle: {
          width: area ? 2.5 : 4,
          color,
          shadowColor: area ? undefined : color,
          shadowBlur: area ? 0 : 8,
          shadowOffsetY: area ? 0 : 6,
        },
        itemStyle: { color },
        areaStyle: area
          ? {
              color: {
                type: 'linear',
                x: 0,
                y: 0,
                x2: 0,
                y2: 1,
                colorStops: [
                  { offset: 0, color: `${color}80` },
                  { offset: 1, color: `${color}05` },
                ],
              },
            }
          : undefined,
      },
    ],
  };
}

/** A figure with a coloured icon and a small area (or line) chart below it. */
export function ChartStatCard({
  icon,
  tone = 'primary',
  statistic,
  title,
  seriesName,
  data,
  variant = 'area',
  testId,
}: {
  icon: ReactNode;
  tone?: Tone;
  statistic: string;
  title: string;
  seriesName: string;
  data: number[];
  variant?: 'area' | 'line';
  testId?: string;
}) {
  const colors = useChartColors();
  const option = useMemo(
    () => sparkline(colors, tone, seriesName, data, variant === 'area'),
    [colors, tone, seriesName, data, variant],
  );
  const header =
    variant === 'area' ? (
      <Stack gap={4} p="lg" pb={0}>
        <ThemeIcon size={48} radius="xl" variant="light" color={mantineColor[tone]}>
          {icon}
        </ThemeIcon>
        <Text fz={24} fw={700} mt="xs" data-testid={testId && `${testId}-value`}>
          {statistic}
        </Text>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
      </Stack>
    ) : (
      <Group justify="space-between" p="lg" pb={0} wrap="nowrap">
        <div>
          <Text fz={24} fw={700} data-testid={testId && `${testId}-value`}>
            {statistic}
          </Text>
          <Text size="sm" c="dimmed">
            {title}
          </Text>
        </div>
        <ThemeIcon size={48} radius="xl" variant="light" color={mantineColor[tone]}>
          {icon}
        </ThemeIcon>
      </Group>
    );
  return (
    <DashCard padding={0} testId={testId}>
      {header}
      <EChart
        option={option}
        height={variant === 'area' ? 100 : 110}
        label={`${title}: ${statistic}`}
      />
    </DashCard>
  );
}

/** A small centred tile: icon, figure and caption. */
export function VerticalStatCard({
  icon,
  tone,
  statistic,
  title,
}: {
  icon: ReactNode;
  tone: Tone;
  statistic: string;
  title: string;
}) {
  return (
    <DashCard testId="vertical-stat">
      <Stack align="center" gap={6}>
        <ThemeIcon size={48} radius="xl" variant="light" color={mantineColor[tone]}>
          {icon}
        </ThemeIcon>
        <Text fz={22} fw={700}>
          {statistic}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {title}
        </Text>
      </Stack>
    </DashCard>
  );
}

/** A figure and caption with the icon on the right. */
export function HorizontalStatCard({
  icon,
  tone,
  statistic,
  title,
}: {
  icon: ReactNode;
  tone: Tone;
  statistic: string;
  title: string;
}) {
  return (
    <DashCard testId="horizontal-stat">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fz={22} fw={700}>
            {statistic}
          </Text>
          <Text size="sm" c="dimmed">
            {title}
          </Text>
        </div>
        <ThemeIcon size={48} radius="xl" variant="light" color={mantineColor[tone]}>
          {icon}
        </ThemeIcon>
      </Group>
    </DashCard>
  );
}

import { Box, Group, Stack, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCircleFilled,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
} from '@tabler/icons-react';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/lib/figures';
import { EChart } from '@/components/echart';
import type {
  CustomersData,
  ProductOrdersData,
  RevenueCardData,
  SessionsDeviceData,
} from '../api/dashboards';
import { DashCard, useChartColors, type ChartColors } from './card-shell';

const toneColor = (colors: ChartColors, tone: string) =>
  ({ brand: colors.primary, yellow: colors.warning, red: colors.danger, teal: colors.success })[
    tone
  ] ?? colors.primary;

export function RevenueLineCard({ data }: { data: RevenueCardData }) {
  const { t, i18n } = useTranslation('dashboards');
  const colors = useChartColors();
  const option = useMemo<EChartsCoreOption>(() => {
    const names = [t('revenue.thisMonth'), t('revenue.lastMonth')];
    return {
      tooltip: { trigger: 'axis', confine: true },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: ['01', '05', '09', '13', '17', '21', '26', '31'],
        axisLabel: { color: colors.text },
        axisLine: { show: false },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        min: 44000,
        axisLabel: {
          color: colors.text,
          formatter: (v: number) => formatCompact(v, i18n.language),
        },
        splitLine: { lineStyle: { type: 'dashed', color: colors.grid } },
      },
      series: data.series.map((s, i) => ({
        name: names[i] ?? s.name,
        type: 'line',
        smooth: true,
        symbol: 'none',
        data: s.data,
        lineStyle: {
          width: 3,
          type: i === 0 ? 'solid' : 'dashed',
          color: i === 0 ? colors.primary : colors.muted,
        },
        itemStyle: { color: i === 0 ? colors.primary : colors.muted },
      })),
    };
  }, [colors, data.series, t, i18n.language]);
  return (
    <DashCard title={t('revenue.title')} testId="revenue-card">
      <Group gap="xl" mb="sm">
        <div>
          <Text size="sm" c="dimmed">
            {t('revenue.thisMonth')}
          </Text>
          <Text fw={700} fz="lg" c="brand" data-testid="revenue-this-month">
            ${data.thisMonth}
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t('revenue.lastMonth')}
          </Text>
          <Text fw={700} fz="lg">
            ${data.lastMonth}
          </Text>
        </div>
      </Group>
      <EChart option={option} height={240} label={t('revenue.title')} />
    </DashCard>
  );
}

export function ProductOrdersCard({ data }: { data: ProductOrdersData }) {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  const rows = [
    { key: 'finished', color: colors.primary, value: data.chartInfo.finished },
    { key: 'pending', color: colors.warning, value: data.chartInfo.pending },
    { key: 'rejected', color: colors.danger, value: data.chartInfo.rejected },
  ];
  const total = data.chartInfo.finished + data.chartInfo.pending + data.chartInfo.rejected;
  const option = useMemo<EChartsCoreOption>(() => {
    const palette = [colors.primary, colors.warning, colors.danger];
    const keys = ['finished', 'pending', 'rejected'];
    return {
      tooltip: { confine: true, formatter: '{b}: {c}%' },
      series: data.series.map((v, i) => ({
        type: 'gauge',
        startAngle: 90,
        endAngle: -270,
        radius: `${92 - i * 20}%`,
        pointer: { show: false },
        progress: { show: true, roundCap: true, width: 11, itemStyle: { color: palette[i] } },
        axisLine: { lineStyle: { width: 11, color: [[1, colors.track]] } },
        splitLine: { show: false },
        axisTick: { show: false },
        axisLabel: { show: false },
        title: { show: false },
        detail:
          i === 0
            ? {
                offsetCenter: [0, 0],
                formatter: () =>
                  `{n|${t('productOrders.total')}}\n{v|${total.toLocaleString('en-US')}}`,
                rich: {
                  n: { fontSize: 12, lineHeight: 18, color: colors.text },
                  v: {
                    fontSize: 18,
                    lineHeight: 26,
                    fontWeight: 600,
                    color: colors.dark ? '#d0d2d6' : '#5e5873',
                    padding: [4, 0, 0, 0],
                  },
                },
              }
            : { show: false },
        data: [{ value: v, name: t(`productOrders.${keys[i] ?? 'finished'}`) }],
      })),
    };
  }, [colors, data, t, total]);
  return (
    <DashCard title={t('productOrders.title')} testId="product-orders-card">
      <EChart option={option} height={240} label={t('productOrders.title')} />
      <Stack gap="xs" mt="sm">
        {rows.map((r) => (
          <Group key={r.key} justify="space-between">
            <Group gap={8}>
              <IconCircleFilled size={10} color={r.color} />
              <Text size="sm">{t(`productOrders.${r.key}`)}</Text>
            </Group>
            <Text size="sm" fw={600} data-testid={`orders-${r.key}`}>
              {r.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </DashCard>
  );
}

function donutOption(
  colors: ChartColors,
  items: { name: string; value: number; color: string }[],
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', confine: true },
    series: [
      {
        type: 'pie',
        radius: ['55%', '85%'],
        label: { show: false },
        itemStyle: { borderColor: colors.dark ? '#283046' : '#fff', borderWidth: 2 },
        data: items.map((i) => ({ name: i.name, value: i.value, itemStyle: { color: i.color } })),
      },
    ],
  };
}

const deviceIcons: Record<string, ComponentType<{ size?: number }>> = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
};

export function SessionsDeviceCard({ data }: { data: SessionsDeviceData }) {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  const option = useMemo(
    () =>
      donutOption(
        colors,
        data.chartInfo.map((d) => ({
          name: t(`devices.${d.icon}`, { defaultValue: d.name }),
          value: d.usage,
          color: toneColor(colors, d.iconColor),
        })),
      ),
    [colors, data, t],
  );
  return (
    <DashCard title={t('devices.title')} testId="sessions-device-card">
      <EChart option={option} height={200} label={t('devices.title')} />
      <Stack gap="sm" mt="md">
        {data.chartInfo.map((d) => {
          const Cmp = deviceIcons[d.icon] ?? IconDeviceDesktop;
          const up = d.upDown >= 0;
          return (
            <Group key={d.name} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Box c={toneColor(colors, d.iconColor)} style={{ display: 'flex' }}>
                  <Cmp size={18} />
                </Box>
                <Text size="sm" fw={600}>
                  {t(`devices.${d.icon}`, { defaultValue: d.name })}
                </Text>
              </Group>
              <Group gap="md" wrap="nowrap">
                <Text size="sm">{d.usage}%</Text>
                <Group gap={2} wrap="nowrap" c={up ? 'teal' : 'red'}>
                  {up ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />}
                  <Text size="sm" c={up ? 'teal' : 'red'}>
                    {Math.abs(d.upDown)}%
                  </Text>
                </Group>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </DashCard>
  );
}

export function CustomersCard({ data }: { data: CustomersData }) {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  const option = useMemo(
    () =>
      donutOption(
        colors,
        data.listData.map((d, i) => ({
          name: t(`customers.${d.text.toLowerCase()}`, { defaultValue: d.text }),
          value: data.series[i] ?? d.result,
          color: toneColor(colors, d.iconColor),
        })),
      ),
    [colors, data, t],
  );
  return (
    <DashCard title={t('customers.title')} testId="customers-card">
      <EChart option={option} height={200} label={t('customers.title')} />
      <Stack gap="sm" mt="md">
        {data.listData.map((d) => (
          <Group key={d.text} justify="space-between">
            <Group gap={8}>
              <IconCircleFilled size={10} color={toneColor(colors, d.iconColor)} />
              <Text size="sm" fw={600}>
                {t(`customers.${d.text.toLowerCase()}`, { defaultValue: d.text })}
              </Text>
            </Group>
            <Text size="sm">{d.result}</Text>
          </Group>
        ))}
      </Stack>
    </DashCard>
  );
}

/** Static sales line over the year (the template's "sale line" card). */
export function SaleLineCard() {
  const { t, i18n } = useTranslation('dashboards');
  const colors = useChartColors();
  const months = t('months', { returnObjects: true }) as string[];
  const option = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis', confine: true },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: months,
        axisLabel: { color: colors.text },
        axisLine: { show: false },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        axisLabel: {
          color: colors.text,
          formatter: (v: number) => formatCompact(v * 1000, i18n.language),
        },
        splitLine: { lineStyle: { color: colors.grid } },
      },
      series: [
        {
          name: t('saleLine.sales'),
          type: 'line',
          smooth: true,
          symbol: 'none',
          data: [140, 180, 150, 205, 160, 295, 125, 255, 205, 305, 240, 295],
          lineStyle: {
            width: 4,
            color: {
              type: 'linear',
              x: 0,
              y: 0,
              x2: 1,
              y2: 0,
              colorStops: [
                { offset: 0, color: colors.primary },
                { offset: 1, color: colors.info },
              ],
            },
          },
        },
      ],
    }),
    [colors, months, t, i18n.language],
  );
  return (
    <DashCard title={t('saleLine.title')} subtitle={t('saleLine.subtitle')} testId="sale-line-card">
      <EChart option={option} height={260} label={t('saleLine.title')} />
    </DashCard>
  );
}

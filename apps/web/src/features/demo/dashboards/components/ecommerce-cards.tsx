import {
  Avatar,
  Box,
  Button,
  Grid,
  Group,
  Menu,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconBox,
  IconBrandChrome,
  IconBrandFirefox,
  IconBrandOpera,
  IconBrandSafari,
  IconBrandEdge,
  IconBuildingBank,
  IconCalendarEvent,
  IconChevronDown,
  IconCoffee,
  IconCreditCard,
  IconCurrencyDollar,
  IconDeviceDesktop,
  IconMapPin,
  IconMedal,
  IconCheck,
  IconTrendingUp,
  IconUser,
  IconWallet,
  IconDeviceWatch,
} from '@tabler/icons-react';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';
import type {
  CompanyRow,
  GoalOverviewData,
  MeetupData,
  RevenueReportData,
  StatisticsItem,
  Transaction,
} from '../api/dashboards';
import { gaugeOption, useGreetingName } from './analytics-cards';
import { formatCompact, formatFigure } from '@/lib/figures';
import { DashCard, useChartColors } from './card-shell';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

export function MedalCard({ name, saleToday }: { name: string; saleToday: string }) {
  const { t, i18n } = useTranslation('dashboards');
  const shown = useGreetingName(name);
  const amount = Number(saleToday);
  return (
    <DashCard testId="medal-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" h="100%">
        <Stack gap={6}>
          <Title order={4}>{t('medal.title', { name: shown })}</Title>
          <Text size="sm" c="dimmed">
            {t('medal.text')}
          </Text>
          <Text fz={26} fw={700} c="brand" mt="sm" data-testid="medal-amount">
            {Number.isFinite(amount)
              ? formatCompact(amount, i18n.language, { currency: 'USD' })
              : saleToday}
          </Text>
          <Button w="fit-content" mt="xs">
            {t('medal.viewSales')}
          </Button>
        </Stack>
        <ThemeIcon size={84} radius={42} variant="light" color="yellow">
          <IconMedal size={52} stroke={1.3} />
        </ThemeIcon>
      </Group>
    </DashCard>
  );
}

const statIcons: Record<string, { icon: Icon; key: string }> = {
  TrendingUpIcon: { icon: IconTrendingUp, key: 'sales' },
  UserIcon: { icon: IconUser, key: 'customers' },
  BoxIcon: { icon: IconBox, key: 'products' },
  DollarSignIcon: { icon: IconCurrencyDollar, key: 'revenue' },
};

export function StatisticsCard({ items }: { items: StatisticsItem[] }) {
  const { t, i18n } = useTranslation('dashboards');
  return (
    <DashCard
      title={t('statistics.title')}
      action={
        <Text size="xs" c="dimmed">
          {t('statistics.updated')}
        </Text>
      }
      testId="statistics-card"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt="sm">
        {items.map((item) => {
          const meta = statIcons[item.icon] ?? { icon: IconTrendingUp, key: item.subtitle };
          const Cmp = meta.icon;
          return (
            <Group key={item.subtitle} gap="md" wrap="nowrap" data-testid="statistics-item">
              <ThemeIcon size={48} radius="xl" variant="light" color={item.color}>
                <Cmp size={24} />
              </ThemeIcon>
              <div>
                <Text fw={700} fz="lg">
                  {formatFigure(item.title, i18n.language)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`statistics.${meta.key}`, { defaultValue: item.subtitle })}
                </Text>
              </div>
            </Group>
          );
        })}
      </SimpleGrid>
    </DashCard>
  );
}

export function OrdersBarCard({ data, total = 2760 }: { data: number[]; total?: number }) {
  const { t, i18n } = useTranslation('dashboards');
  const colors = useChartColors();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      grid: { left: 0, right: 0, top: 6, bottom: 0 },
      tooltip: { trigger: 'axis', confine: true, axisPointer: { type: 'none' } },
      xAxis: { type: 'category', show: false, data: data.map((_, i) => i + 1) },
      yAxis: { type: 'value', show: false, max: 100 },
      series: [
        {
          name: t('orders.title'),
          type: 'bar',
          barWidth: '22%',
          data,
          showBackground: true,
          backgroundStyle: { color: colors.track, borderRadius: 8 },
          itemStyle: { color: colors.warning, borderRadius: 8 },
        },
      ],
    }),
    [colors, data, t],
  );
  return (
    <DashCard testId="orders-card">
      <Text size="sm" c="dimmed">
        {t('orders.title')}
      </Text>
      <Text fw={700} fz="xl" data-testid="orders-total">
        {formatCompact(total, i18n.language)}
      </Text>
      <EChart option={option} height={90} label={t('orders.title')} />
    </DashCard>
  );
}

export function ProfitLineCard({ data, total = 6240 }: { data: number[]; total?: number }) {
  const { t, i18n } = useTranslation('dashboards');
  const colors = useChartColors();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      grid: { left: 6, right: 10, top: 10, bottom: 6 },
      tooltip: { trigger: 'axis', confine: true },
      xAxis: { type: 'category', show: false, boundaryGap: false, data: data.map((_, i) => i + 1) },
      yAxis: {
        type: 'value',
        axisLabel: { show: false },
        splitLine: { lineStyle: { type: 'dashed', color: colors.grid } },
      },
      series: [
        {
          name: t('profit.title'),
          type: 'line',
          data,
          symbolSize: 7,
          lineStyle: { color: colors.info, width: 3 },
          itemStyle: { color: colors.info },
        },
      ],
    }),
    [colors, data, t],
  );
  return (
    <DashCard testId="profit-card">
      <Text size="sm" c="dimmed">
        {t('profit.title')}
      </Text>
      <Text fw={700} fz="xl" data-testid="profit-total">
        {formatCompact(total, i18n.language)}
      </Text>
      <EChart option={option} height={90} label={t('profit.title')} />
    </DashCard>
  );
}

export function EarningsCard({ series }: { series: number[] }) {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  const option = useMemo<EChartsCoreOption>(() => {
    const names = [t('earnings.app'), t('earnings.service'), t('earnings.product')];
    return {
      tooltip: { trigger: 'item', confine: true, formatter: '{b}: {c}%' },
      series: [
        {
          type: 'pie',
          radius: ['62%', '88%'],
          avoidLabelOverlap: true,
          label: {
            show: true,
            position: 'center',
            formatter: () => `{v|${series[0] ?? 0}%}\n{n|${names[0]}}`,
            rich: {
              v: {
                fontSize: 18,
                lineHeight: 24,
                fontWeight: 600,
                color: colors.dark ? '#d0d2d6' : '#5e5873',
              },
              n: { fontSize: 11, lineHeight: 16, color: colors.text },
            },
          },
          emphasis: { scale: false },
          itemStyle: { borderColor: 'transparent' },
          data: series.map((v, i) => ({
            value: v,
            name: names[i],
            itemStyle: {
              color: [colors.success, `${colors.success}66`, `${colors.success}33`][i],
            },
          })),
        },
      ],
    };
  }, [colors, series, t]);
  return (
    <DashCard testId="earnings-card">
      <Grid align="center">
        <Grid.Col span={6}>
          <Title order={4}>{t('earnings.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('earnings.thisMonth')}
          </Text>
          <Text fw={700} fz="xl" my={6}>
            $4055.56
          </Text>
          <Text size="xs" c="dimmed">
            {t('earnings.more', { percent: '68.2' })}
          </Text>
        </Grid.Col>
        <Grid.Col span={6}>
          <EChart option={option} height={140} label={t('earnings.title')} />
        </Grid.Col>
      </Grid>
    </DashCard>
  );
}

export function RevenueReportCard({ data }: { data: RevenueReportData }) {
  const { t, i18n } = useTranslation('dashboards');
  const colors = useChartColors();
  const [year, setYear] = useState(data.years[0] ?? '');
  const report = useMemo(
    () =>
      data.byYear?.[year] ?? {
        price: data.price,
        budget: data.budget,
        revenueReport: data.revenueReport,
      },
    [data, year],
  );
  const months = t('months', { returnObjects: true }) as string[];
  const barOption = useMemo<EChartsCoreOption>(() => {
    const seriesNames: Record<string, string> = {
      Earning: t('revenueReport.earning'),
      Expense: t('revenueReport.expense'),
    };
    return {
      color: [colors.primary, colors.warning],
      tooltip: { trigger: 'axis', confine: true, axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: months.slice(0, 9),
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: { color: colors.text },
      },
      yAxis: {
        type: 'value',
        axisLabel: { color: colors.text },
        splitLine: { lineStyle: { color: colors.grid } },
      },
      series: report.revenueReport.series.map((s) => ({
        name: seriesNames[s.name] ?? s.name,
        type: 'bar',
        stack: 'total',
        barWidth: '28%',
        data: s.data,
        itemStyle: { borderRadius: 8 },
      })),
    };
  }, [colors, months, report, t]);
  const budgetOption = useMemo<EChartsCoreOption>(
    () => ({
      grid: { left: 0, right: 0, top: 6, bottom: 0 },
      xAxis: {
        type: 'category',
        show: false,
        boundaryGap: false,
        data: data.budgetChart.series[0]?.data.map((_, i) => i) ?? [],
      },
      yAxis: { type: 'value', show: false },
      series: data.budgetChart.series.map((s, i) => ({
        type: 'line',
        smooth: true,
        symbol: 'none',
        data: s.data,
        lineStyle: {
          width: 2,
          type: i === 0 ? 'solid' : 'dashed',
          color: i === 0 ? colors.primary : colors.muted,
        },
      })),
    }),
    [colors, data.budgetChart],
  );
  return (
    <DashCard padding={0} testId="revenue-report-card">
      <Grid gap={0}>
        <Grid.Col span={{ base: 12, md: 8 }} p="lg">
          <Group justify="space-between" mb="sm">
            <Title order={4}>{t('revenueReport.title')}</Title>
            <Group gap="md">
              <Group gap={6}>
                <Box w={10} h={10} bg="brand" style={{ borderRadius: '50%' }} />
                <Text size="sm">{t('revenueReport.earning')}</Text>
              </Group>
              <Group gap={6}>
                <Box w={10} h={10} bg="orange" style={{ borderRadius: '50%' }} />
                <Text size="sm">{t('revenueReport.expense')}</Text>
              </Group>
            </Group>
          </Group>
          <EChart option={barOption} height={250} label={t('revenueReport.title')} />
        </Grid.Col>
        <Grid.Col
          span={{ base: 12, md: 4 }}
          p="lg"
          style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}
        >
          <Stack align="center" gap="xs">
            <Menu position="bottom" withinPortal>
              <Menu.Target>
                <Button
                  variant="outline"
                  size="xs"
                  rightSection={<IconChevronDown size={14} />}
                  aria-label={t('revenueReport.year')}
                  data-testid="revenue-year"
                >
                  {year}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {data.years.map((y) => (
                  <Menu.Item key={y} onClick={() => setYear(y)}>
                    {y}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Text fz={26} fw={700} mt="xs" data-testid="revenue-price">
              {formatFigure(`$${report.price}`, i18n.language)}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                {t('revenueReport.budget')}
              </Text>{' '}
              {formatFigure(report.budget, i18n.language)}
            </Text>
            <Box w="100%">
              <EChart option={budgetOption} height={80} label={t('revenueReport.budget')} />
            </Box>
            <Button>{t('revenueReport.increase')}</Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </DashCard>
  );
}

const categoryIcons: Record<string, Icon> = {
  MonitorIcon: IconDeviceDesktop,
  CoffeeIcon: IconCoffee,
  WatchIcon: IconDeviceWatch,
};

export function CompanyTableCard({ rows }: { rows: CompanyRow[] }) {
  const { t, i18n } = useTranslation('dashboards');
  return (
    <DashCard padding={0} testId="company-table-card">
      <ScrollArea type="auto">
        <Table
          verticalSpacing="sm"
          horizontalSpacing="lg"
          miw={640}
          striped={false}
          highlightOnHover
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('company.company')}</Table.Th>
              <Table.Th>{t('company.category')}</Table.Th>
              <Table.Th>{t('company.views')}</Table.Th>
              <Table.Th>{t('company.revenue')}</Table.Th>
              <Table.Th>{t('company.sales')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const CatIcon = categoryIcons[r.avatarIcon] ?? IconDeviceDesktop;
              return (
                <Table.Tr key={r.title}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar radius="md" name={r.title} color="initials" />
                      <div>
                        <Text fw={600} size="sm">
                          {r.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {r.subtitle}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ThemeIcon variant="light" color={r.avatarColor} radius="xl">
                        <CatIcon size={16} />
                      </ThemeIcon>
                      <Text size="sm">
                        {t(`company.categories.${r.avatarTitle}`, { defaultValue: r.avatarTitle })}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {formatFigure(r.viewTitle, i18n.language)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`company.when.${r.viewsub}`, { defaultValue: r.viewsub })}
                    </Text>
                  </Table.Td>
                  <Table.Td>${r.revenue}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {r.sales}%
                      </Text>
                      {r.loss ? (
                        <IconArrowDownRight
                          size={18}
                          color="var(--mantine-color-red-6)"
                          aria-label={t('company.loss')}
                        />
                      ) : (
                        <IconArrowUpRight
                          size={18}
                          color="var(--mantine-color-teal-6)"
                          aria-label={t('company.gain')}
                        />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </DashCard>
  );
}

export function MeetupCard({ data }: { data: MeetupData }) {
  const { t } = useTranslation('dashboards');
  const icons: Record<string, Icon> = { calendar: IconCalendarEvent, 'map-pin': IconMapPin };
  return (
    <DashCard padding={0} testId="meetup-card">
      <Box
        h={150}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-brand-light), var(--mantine-color-cyan-light))',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <ThemeIcon size={80} radius={40} variant="white" c="brand">
          <IconUser size={44} stroke={1.3} />
        </ThemeIcon>
      </Box>
      <Stack p="lg" gap="md">
        <Group wrap="nowrap" align="flex-start">
          <Stack
            gap={0}
            align="center"
            pr="md"
            style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="xs" fw={600} c="dimmed">
              {t('meetup.day')}
            </Text>
            <Text fz={24} fw={700} lh={1}>
              24
            </Text>
          </Stack>
          <div>
            <Text fw={600}>{t('meetup.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('meetup.subtitle')}
            </Text>
          </div>
        </Group>
        {data.mediaData.map((m) => {
          const Cmp = icons[m.avatar] ?? IconCalendarEvent;
          return (
            <Group key={m.title} wrap="nowrap" gap="sm">
              <ThemeIcon variant="light" size={38} radius="md">
                <Cmp size={20} />
              </ThemeIcon>
              <div>
                <Text size="sm" fw={600}>
                  {m.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {m.subtitle}
                </Text>
              </div>
            </Group>
          );
        })}
        <Group gap="xs">
          <Avatar.Group>
            {data.avatars.map((a) => (
              <Avatar key={a.fullName} name={a.fullName} color="initials" title={a.fullName} />
            ))}
          </Avatar.Group>
          <Text size="sm" c="dimmed">
            {t('meetup.more', { count: 42 })}
          </Text>
        </Group>
      </Stack>
    </DashCard>
  );
}

const browsers = [
  { name: 'Google Chrome', icon: IconBrandChrome, value: 54.4, tone: 'primary' },
  { name: 'Mozilla Firefox', icon: IconBrandFirefox, value: 6.1, tone: 'warning' },
  { name: 'Apple Safari', icon: IconBrandSafari, value: 14.6, tone: 'info' },
  { name: 'Microsoft Edge', icon: IconBrandEdge, value: 4.2, tone: 'danger' },
  { name: 'Opera Mini', icon: IconBrandOpera, value: 8.4, tone: 'success' },
] as const;

function MiniGauge({ value, color, label }: { value: number; color: string; label: string }) {
  const colors = useChartColors();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      series: [
        {
          type: 'gauge',
          startAngle: 90,
          endAngle: -270,
          radius: '90%',
          pointer: { show: false },
          progress: { show: true, roundCap: true, width: 4, itemStyle: { color } },
          axisLine: { lineStyle: { width: 4, color: [[1, colors.track]] } },
          splitLine: { show: false },
          axisTick: { show: false },
          axisLabel: { show: false },
          detail: { show: false },
          data: [{ value }],
        },
      ],
    }),
    [colors.track, color, value],
  );
  return (
    <Box w={36}>
      <EChart option={option} height={36} label={label} />
    </Box>
  );
}

export function BrowserStatesCard() {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  return (
    <DashCard
      title={t('browsers.title')}
      subtitle={t('browsers.subtitle')}
      testId="browser-states-card"
    >
      <Stack gap="md">
        {browsers.map((b) => {
          const Cmp = b.icon;
          return (
            <Group key={b.name} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="xl" color="gray">
                  <Cmp size={18} />
                </ThemeIcon>
                <Text size="sm" fw={500}>
                  {b.name}
                </Text>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {b.value}%
                </Text>
                <MiniGauge
                  value={b.value}
                  color={colors[b.tone]}
                  label={`${b.name}: ${b.value}%`}
                />
              </Group>
            </Group>
          );
        })}
      </Stack>
    </DashCard>
  );
}

export function GoalOverviewCard({ data }: { data: GoalOverviewData }) {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  const value = data.series[0] ?? 0;
  const option = useMemo(
    () => gaugeOption(colors, value, '', { color: colors.success, showLabel: false, fontSize: 36 }),
    [colors, value],
  );
  return (
    <DashCard padding={0} testId="goal-overview-card">
      <Title order={4} p="lg" pb={0}>
        {t('goal.title')}
      </Title>
      <EChart option={option} height={230} label={`${t('goal.title')}: ${value}%`} />
      <SimpleGrid
        cols={2}
        spacing={0}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Box
          ta="center"
          p="md"
          style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" c="dimmed">
            {t('goal.completed')}
          </Text>
          <Text fw={700} fz="lg" data-testid="goal-completed">
            {data.completed}
          </Text>
        </Box>
        <Box ta="center" p="md">
          <Text size="sm" c="dimmed">
            {t('goal.inProgress')}
          </Text>
          <Text fw={700} fz="lg">
            {data.inProgress}
          </Text>
        </Box>
      </SimpleGrid>
    </DashCard>
  );
}

const txIcons: Record<string, Icon> = {
  wallet: IconWallet,
  check: IconCheck,
  dollar: IconCurrencyDollar,
  card: IconCreditCard,
  trend: IconTrendingUp,
  bank: IconBuildingBank,
};

export function TransactionsCard({ items }: { items: Transaction[] }) {
  const { t } = useTranslation('dashboards');
  return (
    <DashCard title={t('transactions.title')} testId="transactions-card">
      <Stack gap="md">
        {items.map((tx) => {
          const Cmp = txIcons[tx.avatar] ?? IconWallet;
          return (
            <Group key={tx.mode} justify="space-between" wrap="nowrap" data-testid="transaction">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size={40} color={tx.avatarVariant}>
                  <Cmp size={20} />
                </ThemeIcon>
                <div>
                  <Text size="sm" fw={600}>
                    {t(`transactions.modes.${tx.mode}`, { defaultValue: tx.mode })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`transactions.types.${tx.types}`, { defaultValue: tx.types })}
                  </Text>
                </div>
              </Group>
              <Text size="sm" fw={600} c={tx.deduction ? 'red' : 'teal'}>
                {tx.payment}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </DashCard>
  );
}

import {
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconAward, IconFileTypePdf } from '@tabler/icons-react';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';
import { useSession } from '@/lib/session';
import type {
  AppDesignData,
  AvgSessionsData,
  Series,
  SupportTrackerData,
  TimelineStep,
} from '../api/dashboards';
import { formatCompact, formatFigure, formatTemplateDate } from '@/lib/figures';
import { DashCard, useChartColors, type ChartColors } from './card-shell';

/** The signed-in user's first name, else the username, else the name the data carries. */
export function useGreetingName(fallback: string): string {
  const user = useSession((s) => s.session?.user);
  const first = user?.fullName.trim().split(/\s+/)[0];
  return first || user?.username || fallback;
}

/** Period selector of the cards that show "Last 28 days / last month / last year". */
export function PeriodSelect({
  periods,
  value,
  onChange,
  label,
}: {
  periods: string[];
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <Select
      size="xs"
      w={150}
      aria-label={label}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v)}
      data={periods.map((p) => ({ value: p, label: t(`periods.${p}`, { defaultValue: p }) }))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function CongratulationsCard({ name, saleToday }: { name: string; saleToday: string }) {
  const { t } = useTranslation('dashboards');
  const shown = useGreetingName(name);
  return (
    <Paper
      radius="md"
      p="xl"
      h="100%"
      data-testid="congratulations-card"
      style={{
        background:
          'linear-gradient(118deg, var(--mantine-color-brand-6), var(--mantine-color-brand-4))',
        color: 'white',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon
          size={72}
          radius={36}
          color="white"
          variant="white"
          c="brand"
          style={{ boxShadow: '0 4px 18px rgba(0,0,0,.2)' }}
        >
          <IconAward size={36} />
        </ThemeIcon>
        <Title order={2} size="h3" c="white">
          {t('congratulations.title', { name: shown })}
        </Title>
        <Text maw={420} c="rgba(255,255,255,.9)">
          {t('congratulations.text', { percent: saleToday })}
        </Text>
      </Stack>
    </Paper>
  );
}

function barsOption(colors: ChartColors, name: string, data: number[]): EChartsCoreOption {
  const max = Math.max(...data);
  return {
    grid: { left: 0, right: 0, top: 8, bottom: 0 },
    tooltip: { trigger: 'axis', confine: true, axisPointer: { type: 'none' } },
    xAxis: { type: 'category', show: false, data: data.map((_, i) => i + 1) },
    yAxis: { type: 'value', show: false },
    series: [
      {
        name,
        type: 'bar',
        barWidth: '45%',
        data: data.map((v) => ({
          value: v,
          itemStyle: {
            color: v === max ? colors.primary : `${colors.primary}${colors.dark ? '70' : '40'}`,
            borderRadius: 6,
          },
        })),
      },
    ],
  };
}

export function AvgSessionsCard({ data }: { data: AvgSessionsData }) {
  const { t, i18n } = useTranslation('dashboards');
  const colors = useChartColors();
  const [period, setPeriod] = useState(data.lastDays[0] ?? '');
  const figures = data.byPeriod?.[period] ?? {
    sessions: data.sessions,
    growth: data.growth,
    data: data.salesBar.series[0]?.data ?? [],
  };
  const option = useMemo(
    () => barsOption(colors, t('avgSessions.sessions'), figures.data),
    [colors, t, figures.data],
  );
  const positive = !figures.growth.startsWith('-');
  const progress = [
    {
      label: t('avgSessions.goal', {
        value: formatCompact(data.goal, i18n.language, { currency: 'USD' }),
      }),
      value: 50,
      color: 'brand',
    },
    {
      label: t('avgSessions.users', { value: formatCompact(data.users, i18n.language) }),
      value: 60,
      color: 'orange',
    },
    { label: t('avgSessions.retention', { value: data.retention }), value: 70, color: 'red' },
    { label: t('avgSessions.duration', { count: data.duration }), value: 90, color: 'teal' },
  ];
  return (
    <DashCard testId="avg-sessions-card">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }} order={{ base: 2, sm: 1 }}>
          <Stack gap={4} justify="space-between" h="100%">
            <div>
              <Title order={2} data-testid="avg-sessions-value">
                {formatCompact(figures.sessions, i18n.language)}
              </Title>
              <Text c="dimmed" size="sm">
                {t('avgSessions.title')}
              </Text>
            </div>
            <Text size="sm" my="md">
              <Text span fw={600} c={positive ? 'teal' : 'red'}>
                {figures.growth}
              </Text>{' '}
              {t('avgSessions.vsLast')}
            </Text>
            <Button variant="filled" w="fit-content">
              {t('viewDetails')}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }} order={{ base: 1, sm: 2 }}>
          <Group justify="flex-end" mb="xs">
            <PeriodSelect
              periods={data.lastDays}
              value={period}
              onChange={setPeriod}
              label={t('avgSessions.period')}
            />
          </Group>
          <EChart option={option} height={180} label={t('avgSessions.title')} />
        </Grid.Col>
      </Grid>
      <Divider my="lg" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        {progress.map((p) => (
          <div key={p.color}>
            <Text size="sm" mb={6}>
              {p.label}
            </Text>
            <Progress value={p.value} color={p.color} size="sm" aria-label={p.label} />
          </div>
        ))}
      </SimpleGrid>
    </DashCard>
  );
}

export function gaugeOption(
  colors: ChartColors,
  value: number,
  label: string,
  opts: { color?: string; fontSize?: number; showLabel?: boolean; width?: number } = {},
): EChartsCoreOption {
  const color = opts.color ?? colors.primary;
  return {
    series: [
      {
        type: 'gauge',
        startAngle: 225,
        endAngle: -45,
        min: 0,
        max: 100,
        radius: '92%',
        progress: { show: true, roundCap: true, width: opts.width ?? 14, itemStyle: { color } },
        axisLine: {
          roundCap: true,
          lineStyle: { width: opts.width ?? 14, color: [[1, colors.track]] },
        },
        pointer: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        anchor: { show: false },
        title: {
          show: opts.showLabel ?? true,
          offsetCenter: [0, '-22%'],
          color: colors.text,
          fontSize: 13,
        },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, opts.showLabel === false ? 0 : '12%'],
          formatter: '{value}%',
          color: colors.dark ? '#d0d2d6' : '#5e5873',
          fontSize: opts.fontSize ?? 30,
          fontWeight: 600,
        },
        data: [{ value, name: label }],
      },
    ],
  };
}

export function SupportTrackerCard({ data }: { data: SupportTrackerData }) {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  const [period, setPeriod] = useState(data.lastDays[0] ?? '');
  const f = data.byPeriod?.[period] ?? {
    totalTicket: data.totalTicket,
    newTicket: data.newTicket,
    openTicket: data.openTicket,
    responseTime: data.responseTime,
    completed: data.supportTrackerRadialBar.series[0] ?? 0,
  };
  const option = useMemo(
    () => gaugeOption(colors, f.completed, t('support.completed')),
    [colors, f.completed, t],
  );
  return (
    <DashCard
      testId="support-tracker-card"
      title={t('support.title')}
      action={
        <PeriodSelect
          periods={data.lastDays}
          value={period}
          onChange={setPeriod}
          label={t('support.period')}
        />
      }
    >
      <Grid align="center">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap={0} align="center">
            <Text fz={44} fw={700} lh={1.1} data-testid="support-total">
              {f.totalTicket}
            </Text>
            <Text c="dimmed">{t('support.tickets')}</Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <EChart
            option={option}
            height={240}
            label={`${t('support.completed')}: ${f.completed}%`}
          />
        </Grid.Col>
      </Grid>
      <Group justify="space-around" mt="sm" ta="center">
        <div>
          <Text size="sm">{t('support.newTickets')}</Text>
          <Text fw={700} fz="lg">
            {f.newTicket}
          </Text>
        </div>
        <div>
          <Text size="sm">{t('support.openTickets')}</Text>
          <Text fw={700} fz="lg">
            {f.openTicket}
          </Text>
        </div>
        <div>
          <Text size="sm">{t('support.responseTime')}</Text>
          <Text fw={700} fz="lg">
            {t('support.days', { count: f.responseTime })}
          </Text>
        </div>
      </Group>
    </DashCard>
  );
}

export function TimelineCard({
  steps,
}: {
  steps: Record<'step1' | 'step2' | 'step3' | 'step4', TimelineStep>;
}) {
  const { t } = useTranslation('dashboards');
  const keys = ['step1', 'step2', 'step3', 'step4'] as const;
  const colors = ['brand', 'orange', 'cyan', 'red'];
  return (
    <DashCard title={t('timeline.title')} testId="timeline-card">
      <Timeline bulletSize={14} lineWidth={2} active={3}>
        {keys.map((k, i) => {
          const s = steps[k];
          return (
            <Timeline.Item
              key={k}
              color={colors[i]}
              title={
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm">
                    {t(`timeline.${k}.title`, { defaultValue: s.title })}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t(`timeline.${k}.duration`, { defaultValue: s.duration })}
                  </Text>
                </Group>
              }
            >
              <Text size="sm" c="dimmed">
                {t(`timeline.${k}.subtitle`, { defaultValue: s.subtitle })}
              </Text>
              {s.fileName && (
                <Group gap={6} mt={6}>
                  <IconFileTypePdf size={18} color="var(--mantine-color-red-6)" />
                  <Text size="sm" fw={500}>
                    {s.fileName}
                  </Text>
                </Group>
              )}
              {s.avatarName && (
                <Group gap="sm" mt={6} wrap="nowrap">
                  <Avatar name={s.avatarName} color="initials" size="sm" />
                  <div>
                    <Text size="sm" fw={500}>
                      {s.avatarName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.occupation}
                    </Text>
                  </div>
                </Group>
              )}
              {!s.fileName && !s.avatarName && (
                <Avatar.Group mt={6}>
                  {['Ada Lovelace', 'Grace Hopper', 'Alan Turing'].map((n) => (
                    <Avatar key={n} name={n} color="initials" size="sm" />
                  ))}
                </Avatar.Group>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </DashCard>
  );
}

export function SalesRadarCard({ series }: { series: Series[] }) {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  const months = t('months', { returnObjects: true }) as string[];
  const option = useMemo<EChartsCoreOption>(
    () => ({
      color: [colors.primary, colors.info],
      tooltip: { confine: true },
      legend: { bottom: 0, icon: 'circle', textStyle: { color: colors.text } },
      radar: {
        radius: '62%',
        center: ['50%', '46%'],
        indicator: months.slice(0, 6).map((m) => ({ name: m, max: 100 })),
        axisName: { color: colors.text },
        splitLine: { lineStyle: { color: colors.grid } },
        splitArea: { show: false },
        axisLine: { lineStyle: { color: colors.grid } },
      },
      series: [
        {
          type: 'radar',
          symbol: 'none',
          data: series.map((s, i) => ({
            name: t(`sales.${s.name.toLowerCase()}`, { defaultValue: s.name }),
            value: s.data,
            areaStyle: { opacity: i === 0 ? 0.35 : 0.25 },
          })),
        },
      ],
    }),
    [colors, months, series, t],
  );
  return (
    <DashCard title={t('sales.title')} subtitle={t('sales.last6Months')} testId="sales-radar-card">
      <EChart option={option} height={320} label={t('sales.title')} />
    </DashCard>
  );
}

export function AppDesignCard({ data }: { data: AppDesignData }) {
  const { t, i18n } = useTranslation('dashboards');
  // The template writes its dates and amounts one way ("12 Apr, 21", "$49251.91").
  const shown = (text: string) =>
    formatTemplateDate(formatFigure(text, i18n.language), i18n.language);
  return (
    <DashCard testId="app-design-card">
      <Stack gap="md">
        <Group justify="space-between">
          <Badge variant="light" size="lg" radius="sm" data-testid="app-design-date">
            {shown(data.date)}
          </Badge>
        </Group>
        <div>
          <Title order={4}>{t('appDesign.title', { defaultValue: data.title })}</Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('appDesign.subtitle', { defaultValue: data.subtitle })}
          </Text>
        </div>
        <div>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
            {t('appDesign.team')}
          </Text>
          <Group gap="xs">
            {data.teams.map((team) => (
              <Badge key={team.name} color={team.color} variant="light">
                {team.name}
              </Badge>
            ))}
          </Group>
        </div>
        <div>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
            {t('appDesign.members')}
          </Text>
          <Avatar.Group>
            {data.members.map((m) => (
              <Avatar key={m.name} name={m.name} color={m.color} radius="xl" title={m.name} />
            ))}
          </Avatar.Group>
        </div>
        <Paper withBorder radius="md" p="sm">
          <SimpleGrid cols={3} spacing="xs">
            {data.planing.map((p, i) => (
              <Box key={p.title} ta="center">
                <Text size="xs" c="dimmed">
                  {t(`appDesign.planing.${i}`, { defaultValue: p.title })}
                </Text>
                <Text size="sm" fw={600} data-testid={`app-design-planing-${i}`}>
                  {shown(p.subtitle)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Paper>
        <Button fullWidth>{t('appDesign.join')}</Button>
      </Stack>
    </DashCard>
  );
}

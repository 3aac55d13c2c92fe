import {
  Alert,
  Anchor,
  Badge,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { CubesQueryOutput, FilterNode } from '@fiscus/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/lib/figures';
import { Link } from 'react-router';
import { EChart } from '@/components/echart';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { useBudget } from '../hooks/use-budget';
import { PERIODS_OBJECT, SCENARIOS_OBJECT, toNumber } from '../lib/parts';

const AND = { id: 1, sid: 'and' as const, name: 'AND' as const };

/** The cube's own parameters (its default layout's filter) with more conditions. */
function withConditions(
  base: FilterNode | undefined,
  conditions: FilterNode['conditions'],
): FilterNode {
  return {
    isactive: true,
    isexpanded: true,
    name: 'budget',
    operator: AND,
    children: base ? [base] : [],
    conditions,
  };
}

type Kind = 'costs' | 'revenue';

/** The scenario a filter tree names with `scenario = …` (the plan cube's parameter). */
function scenarioOf(node: FilterNode | undefined): unknown {
  if (!node) return undefined;
  const own = node.conditions.find((c) => c.field === 'scenario' && c.op === 'eq');
  if (own) return own.value;
  for (const child of node.children) {
    const found = scenarioOf(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The budget at a glance, from cube queries over the budget lines: plan against actual by
 * month, the largest variances of the closed months, and how far each cost centre has used its
 * year's budget. Nothing when the domain has no budget.
 */
export function BudgetDashboard() {
  const { t } = useTranslation('budget');
  const budget = useBudget();
  const periodsObject = budget.object(PERIODS_OBJECT);
  const scenariosObject = budget.object(SCENARIOS_OBJECT);
  const cube = budget.planCube;
  const cubeDef = useOp('cubes.get', { id: cube?.id ?? '' }, { enabled: !!cube });
  // The plan the cube shows: the scenario its parameters name.
  const planId = scenarioOf(cubeDef.data?.defaultLayout?.filter);
  const plan = useOp(
    'records.get',
    { objectId: scenariosObject?.id ?? '', id: Number(planId) },
    { enabled: !!scenariosObject && typeof planId === 'number' },
  );
  const closed = useOp(
    'records.list',
    {
      objectId: periodsObject?.id ?? '',
      limit: 500,
      fields: ['name', 'year'],
      filter: withConditions(undefined, [{ field: 'closed', op: 'eq', value: true }]),
    },
    { enabled: !!periodsObject },
  );
  if (budget.isLoading || !budget.hasBudget || !cube) return null;
  if (cubeDef.isPending || closed.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  if (cubeDef.isError || closed.isError)
    return (
      <Alert color="red" title={t('dashboard.loadError')}>
        {messageOf(cubeDef.error ?? closed.error)}
      </Alert>
    );
  return (
    <Stack gap="lg" data-testid="budget-dashboard">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4">
          {t('dashboard.title')}
        </Title>
        <Anchor component={Link} to="/fiscus/budget/report" size="sm">
          {t('dashboard.openReport')}
        </Anchor>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ByMonth cubeId={cube.id} base={cubeDef.data.defaultLayout?.filter} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Completion
            cubeId={cube.id}
            base={cubeDef.data.defaultLayout?.filter}
            closedMonths={
              closed.data.rows.filter((r) => r.values.year === plan.data?.values.year).length
            }
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Variances
            cubeId={cube.id}
            base={cubeDef.data.defaultLayout?.filter}
            closed={closed.data.rows.map((r) => r.id)}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function useNumber() {
  const { i18n } = useTranslation();
  return useMemo(
    () => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }),
    [i18n.language],
  );
}

function QueryState({
  q,
  children,
}: {
  q: { isPending: boolean; isError: boolean; error: unknown };
  children: () => ReactNode;
}) {
  const { t } = useTranslation('budget');
  if (q.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  if (q.isError)
    return (
      <Alert color="red" title={t('dashboard.loadError')}>
        {messageOf(q.error)}
      </Alert>
    );
  return <>{children()}</>;
}

const groupFilter = (kind: Kind) =>
  kind === 'revenue'
    ? { field: 'group', op: 'eq' as const, value: 'revenue' }
    : { field: 'group', op: 'not_in' as const, value: ['revenue'] };

function ByMonth({ cubeId, base }: { cubeId: string; base: FilterNode | undefined }) {
  const { t, i18n } = useTranslation('budget');
  const number = useNumber();
  const [kind, setKind] = useState<Kind>('costs');
  const q = useOp('cubes.query', {
    cubeId,
    rows: ['period'],
    cols: [],
    measures: ['amount', 'actual'],
    filter: withConditions(base, [groupFilter(kind)]),
    rowTotals: false,
    colTotals: false,
    rowSort: { by: 'name', dir: 'asc' },
    rowLimit: 100,
  });
  const option = useMemo(() => {
    if (!q.data) return null;
    const rows = q.data.rows.items;
    const series = (m: number) => rows.map((_, r) => toNumber(q.data.cells[r]?.[0]?.[m]));
    const actual = series(1);
    return {
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? number.format(v) : '—'),
      },
      legend: { data: [t('dashboard.plan'), t('dashboard.actual')], bottom: 0 },
      grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: rows.map((r) => r.labels[0] ?? '') },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (v: number) => formatCompact(v, i18n.language) },
      },
      series: [
        { name: t('dashboard.plan'), type: 'bar', data: series(0), itemStyle: { opacity: 0.55 } },
        {
          name: t('dashboard.actual'),
          type: 'line',
          data: actual.map((v) => (v === 0 ? null : v)),
          symbolSize: 7,
        },
      ],
    };
  }, [q.data, number, t, i18n.language]);
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="budget-by-month">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text fw={600}>{t('dashboard.byMonth')}</Text>
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data={[
            { value: 'costs', label: t('dashboard.costs') },
            { value: 'revenue', label: t('dashboard.revenue') },
          ]}
        />
      </Group>
      <QueryState q={q}>
        {() =>
          option && (
            <EChart
              option={option}
              height={280}
              label={t('dashboard.byMonth')}
              testId="budget-chart"
            />
          )
        }
      </QueryState>
    </Card>
  );
}

function Completion({
  cubeId,
  base,
  closedMonths,
}: {
  cubeId: string;
  base: FilterNode | undefined;
  closedMonths: number;
}) {
  const { t, i18n } = useTranslation('budget');
  const number = useNumber();
  const q = useOp('cubes.query', {
    cubeId,
    rows: ['cost_centre'],
    cols: [],
    measures: ['amount', 'actual'],
    filter: withConditions(base, [groupFilter('costs')]),
    rowTotals: false,
    colTotals: false,
    rowSort: { by: 'measure', measure: 'amount', dir: 'desc' },
    rowLimit: 100,
  });
  // The plan year's months already closed: the share of its budget used "on plan".
  const expected = (Math.min(12, closedMonths) / 12) * 100;
  const pct = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="budget-completion">
      <Text fw={600}>{t('dashboard.completion')}</Text>
      <Text size="xs" c="dimmed" mb="sm">
        {t('dashboard.completionHint', { pct: pct.format(expected) })}
      </Text>
      <QueryState q={q}>
        {() => (
          <Stack gap={8}>
            {rowsOf(q.data!).map((r) => {
              const used = r.plan > 0 ? (r.actual / r.plan) * 100 : 0;
              const over = used > expected + 3;
              return (
                <div key={r.label} data-testid="budget-cc">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" truncate>
                      {r.label}
                    </Text>
                    <Text size="xs" c={over ? 'red' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                      {number.format(r.actual)} / {number.format(r.plan)} · {pct.format(used)} %
                    </Text>
                  </Group>
                  <Progress
                    value={Math.min(100, used)}
                    color={over ? 'red' : 'teal'}
                    size="sm"
                    aria-label={`${r.label}: ${pct.format(used)} %`}
                  />
                </div>
              );
            })}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

function rowsOf(data: CubesQueryOutput) {
  return data.rows.items.map((item, r) => ({
    label: item.labels.join(' › '),
    plan: toNumber(data.cells[r]?.[0]?.[0]),
    actual: toNumber(data.cells[r]?.[0]?.[1]),
    variance: toNumber(data.cells[r]?.[0]?.[2]),
    ratio: data.cells[r]?.[0]?.[3],
  }));
}

function Variances({
  cubeId,
  base,
  closed,
}: {
  cubeId: string;
  base: FilterNode | undefined;
  closed: number[];
}) {
  const { t, i18n } = useTranslation('budget');
  const number = useNumber();
  const pct = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const q = useOp(
    'cubes.query',
    {
      cubeId,
      rows: ['group', 'article'],
      cols: [],
      measures: ['amount', 'actual', 'variance', 'variance_pct'],
      filter: withConditions(base, [{ field: 'period', op: 'in', value: closed }]),
      rowTotals: false,
      colTotals: false,
      rowLimit: 500,
    },
    { enabled: closed.length > 0 },
  );
  if (closed.length === 0)
    return (
      <Card withBorder radius="md" padding="md">
        <Text fw={600}>{t('dashboard.variances')}</Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.noClosed')}
        </Text>
      </Card>
    );
  return (
    <Card withBorder radius="md" padding="md" data-testid="budget-variances">
      <Text fw={600}>{t('dashboard.variances')}</Text>
      <Text size="xs" c="dimmed" mb="sm">
        {t('dashboard.variancesHint', { n: closed.length })}
      </Text>
      <QueryState q={q}>
        {() => {
          const rows = q
            .data!.rows.items.map((item, r) => ({
              group: item.path[0],
              label: item.labels.at(-1) ?? '',
              plan: toNumber(q.data!.cells[r]?.[0]?.[0]),
              actual: toNumber(q.data!.cells[r]?.[0]?.[1]),
              variance: toNumber(q.data!.cells[r]?.[0]?.[2]),
              ratio: q.data!.cells[r]?.[0]?.[3],
            }))
            .sort((a, b) => Math.abs(b.variance) - Math.abs(a.variance))
            .slice(0, 8);
          if (!rows.length)
            return (
              <Text size="sm" c="dimmed">
                {t('dashboard.noVariances')}
              </Text>
            );
          return (
            <Table.ScrollContainer minWidth={520}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dashboard.article')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.plan')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.actual')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.variance')}</Table.Th>
                    <Table.Th ta="right">%</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => {
                    // More revenue, or less cost, than planned is good.
                    const good = r.group === 'revenue' ? r.variance >= 0 : r.variance <= 0;
                    return (
                      <Table.Tr key={`${String(r.group)}-${r.label}`} data-testid="budget-variance">
                        <Table.Td>{r.label}</Table.Td>
                        <Table.Td ta="right">{number.format(r.plan)}</Table.Td>
                        <Table.Td ta="right">{number.format(r.actual)}</Table.Td>
                        <Table.Td ta="right">
                          <Badge variant="light" color={good ? 'teal' : 'red'}>
                            {number.format(r.variance)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
                          {r.ratio === null || r.ratio === undefined
                            ? '—'
                            : pct.format(toNumber(r.ratio))}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          );
        }}
      </QueryState>
    </Card>
  );
}

import { Grid, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IconAlertOctagon,
  IconCpu,
  IconDeviceFloppy,
  IconEye,
  IconHeart,
  IconMail,
  IconMessage,
  IconPackage,
  IconActivity,
  IconArrowBackUp,
  IconCurrencyDollar,
  IconServer,
  IconShoppingBag,
  IconShoppingCart,
  IconStar,
  IconUsers,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalyticCard, useStatisticCard, type StatisticCardName } from '../api/dashboards';
import {
  CustomersCard,
  ProductOrdersCard,
  RevenueLineCard,
  SaleLineCard,
  SessionsDeviceCard,
} from './analytic-cards';
import {
  BusinessSharksCard,
  ChatCard,
  EmployeeTaskCard,
  JobCard,
  PayAmountCard,
  ProfileCard,
} from './advance-cards';
import {
  AppDesignCard,
  AvgSessionsCard,
  CongratulationsCard,
  SalesRadarCard,
  SupportTrackerCard,
  TimelineCard,
} from './analytics-cards';
import { formatCompact, formatFigure } from '@/lib/figures';
import { QueryCard } from './card-shell';
import {
  BrowserStatesCard,
  EarningsCard,
  GoalOverviewCard,
  MedalCard,
  MeetupCard,
  OrdersBarCard,
  ProfitLineCard,
  RevenueReportCard,
  StatisticsCard,
  TransactionsCard,
} from './ecommerce-cards';
import { ChartStatCard, HorizontalStatCard, VerticalStatCard } from './stat-cards';
import {
  staticAppDesign,
  staticMeetup,
  staticSalesRadar,
  staticStatistics,
  staticTimeline,
  staticTransactions,
} from './static-data';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="section">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

type Tone = 'primary' | 'success' | 'warning' | 'danger' | 'info';

function EndpointStatCard({
  name,
  icon,
  tone,
  title,
  statistic,
  variant,
}: {
  name: StatisticCardName;
  icon: ReactNode;
  tone: Tone;
  title: string;
  /** Fixed figure; else the card's `analyticsData` figure. */
  statistic?: string;
  variant: 'area' | 'line';
}) {
  const { i18n } = useTranslation();
  const query = useStatisticCard(name);
  return (
    <QueryCard query={query} minHeight={150}>
      {(data) => {
        const raw = data.analyticsData ? Object.values(data.analyticsData)[0] : undefined;
        const figure =
          statistic !== undefined
            ? formatFigure(statistic, i18n.language)
            : typeof raw === 'number'
              ? formatCompact(raw, i18n.language)
              : (raw ?? '');
        return (
          <ChartStatCard
            icon={icon}
            tone={tone}
            statistic={figure}
            title={title}
            seriesName={title}
            data={data.series[0]?.data ?? []}
            variant={variant}
            testId={`stat-${name}`}
          />
        );
      }}
    </QueryCard>
  );
}

/** Statistic cards (DEMO.md §20). */
export function CardStatisticPage() {
  const { t, i18n } = useTranslation('dashboards');
  const vertical: { icon: ReactNode; tone: Tone; statistic: string; key: string }[] = [
    { icon: <IconEye size={24} />, tone: 'info', statistic: '36.9k', key: 'views' },
    { icon: <IconMessage size={24} />, tone: 'warning', statistic: '12k', key: 'comments' },
    { icon: <IconShoppingBag size={24} />, tone: 'danger', statistic: '97.8k', key: 'orders' },
    { icon: <IconHeart size={24} />, tone: 'primary', statistic: '26.8', key: 'favorited' },
    { icon: <IconStar size={24} />, tone: 'success', statistic: '689', key: 'reviews' },
    { icon: <IconArrowBackUp size={24} />, tone: 'danger', statistic: '2.1k', key: 'returns' },
  ];
  const horizontal: { icon: ReactNode; tone: Tone; statistic: string; key: string }[] = [
    { icon: <IconCpu size={24} />, tone: 'primary', statistic: '86%', key: 'cpu' },
    { icon: <IconServer size={24} />, tone: 'success', statistic: '1.2gb', key: 'memory' },
    { icon: <IconActivity size={24} />, tone: 'danger', statistic: '0.1%', key: 'downtime' },
    { icon: <IconAlertOctagon size={24} />, tone: 'warning', statistic: '13', key: 'issues' },
  ];
  return (
    <Stack gap="xl" data-testid="card-statistic-page">
      <Section title={t('pages.statisticsGroup')}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <StatisticsCard items={staticStatistics} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, lg: 2 }}>
            <OrdersBarCard data={[45, 85, 65, 45, 65]} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, lg: 2 }}>
            <ProfitLineCard data={[0, 20, 5, 30, 15, 45]} />
          </Grid.Col>
        </Grid>
      </Section>
      <Section title={t('pages.verticalStats')}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="lg">
          {vertical.map((v) => (
            <VerticalStatCard
              key={v.key}
              icon={v.icon}
              tone={v.tone}
              statistic={formatFigure(v.statistic, i18n.language)}
              title={t(`stats.${v.key}`)}
            />
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('pages.horizontalStats')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {horizontal.map((v) => (
            <HorizontalStatCard
              key={v.key}
              icon={v.icon}
              tone={v.tone}
              statistic={formatFigure(v.statistic, i18n.language)}
              title={t(`stats.${v.key}`)}
            />
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('pages.areaCharts')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          <EndpointStatCard
            name="subscribers"
            icon={<IconUsers size={24} />}
            tone="primary"
            title={t('stats.subscribersGained')}
            variant="area"
          />
          <EndpointStatCard
            name="revenue"
            icon={<IconCurrencyDollar size={24} />}
            tone="success"
            title={t('stats.revenueGenerated')}
            variant="area"
          />
          <EndpointStatCard
            name="sales"
            icon={<IconShoppingCart size={24} />}
            tone="danger"
            title={t('stats.quarterlySales')}
            variant="area"
          />
          <EndpointStatCard
            name="orders"
            icon={<IconPackage size={24} />}
            tone="warning"
            title={t('stats.ordersReceived')}
            variant="area"
          />
        </SimpleGrid>
      </Section>
      <Section title={t('pages.lineCharts')}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <EndpointStatCard
            name="site-traffic"
            icon={<IconDeviceFloppy size={24} />}
            tone="primary"
            statistic="78.9k"
            title={t('stats.siteTraffic')}
            variant="line"
          />
          <EndpointStatCard
            name="active-users"
            icon={<IconUserCheck size={24} />}
            tone="success"
            statistic="659.8k"
            title={t('stats.activeUsers')}
            variant="line"
          />
          <EndpointStatCard
            name="newsletter"
            icon={<IconMail size={24} />}
            tone="warning"
            statistic="28.7k"
            title={t('stats.newsletter')}
            variant="line"
          />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

/** Analytic cards (DEMO.md §20), each from its GET /card/card-analytics/… endpoint. */
export function CardAnalyticPage() {
  const { t } = useTranslation('dashboards');
  const support = useAnalyticCard('support-tracker');
  const sessions = useAnalyticCard('avg-sessions');
  const report = useAnalyticCard('revenue-report');
  const goal = useAnalyticCard('goal-overview');
  const revenue = useAnalyticCard('revenue');
  const orders = useAnalyticCard('product-orders');
  const devices = useAnalyticCard('sessions-device');
  const customers = useAnalyticCard('customers');
  return (
    <Grid gap="lg" data-testid="card-analytic-page">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <QueryCard query={revenue} title={t('revenue.title')}>
          {(d) => <RevenueLineCard data={d} />}
        </QueryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
        <QueryCard query={goal} title={t('goal.title')}>
          {(d) => <GoalOverviewCard data={d} />}
        </QueryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
        <EarningsCard series={[53, 16, 31]} />
      </Grid.Col>
      <Grid.Col span={12}>
        <QueryCard query={report} title={t('revenueReport.title')}>
          {(d) => <RevenueReportCard data={d} />}
        </QueryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <QueryCard query={orders} title={t('productOrders.title')}>
          {(d) => <ProductOrdersCard data={d} />}
        </QueryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <QueryCard query={devices} title={t('devices.title')}>
          {(d) => <SessionsDeviceCard data={d} />}
        </QueryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <QueryCard query={customers} title={t('customers.title')}>
          {(d) => <CustomersCard data={d} />}
        </QueryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <QueryCard query={sessions} title={t('avgSessions.title')}>
          {(d) => <AvgSessionsCard data={d} />}
        </QueryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <QueryCard query={support} title={t('support.title')}>
          {(d) => <SupportTrackerCard data={d} />}
        </QueryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <SaleLineCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <SalesRadarCard series={staticSalesRadar} />
      </Grid.Col>
    </Grid>
  );
}

/** Advance cards (DEMO.md §20): thirteen self-contained cards. */
export function CardAdvancePage() {
  return (
    <Grid gap="lg" data-testid="card-advance-page">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <CongratulationsCard name="John" saleToday="57.6" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <MedalCard name="John" saleToday="48900" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <EmployeeTaskCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <MeetupCard data={staticMeetup} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <ProfileCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <JobCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <BusinessSharksCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <PayAmountCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <TimelineCard steps={staticTimeline} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <ChatCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <BrowserStatesCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 6 }}>
        <TransactionsCard items={staticTransactions} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 12, lg: 6 }}>
        <AppDesignCard data={staticAppDesign} />
      </Grid.Col>
    </Grid>
  );
}

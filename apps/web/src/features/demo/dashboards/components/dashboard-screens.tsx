import { Button, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileInvoice, IconShoppingCart, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAnalytics, useEcommerceDashboard } from '../api/dashboards';
import {
  AppDesignCard,
  AvgSessionsCard,
  CongratulationsCard,
  SalesRadarCard,
  SupportTrackerCard,
  TimelineCard,
} from './analytics-cards';
import { formatCompact } from '@/lib/figures';
import { DashCard, ScreenState } from './card-shell';
import {
  BrowserStatesCard,
  CompanyTableCard,
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
import { ChartStatCard } from './stat-cards';

/** The link to the invoice list that closes the analytics dashboard. */
function InvoicesLinkCard() {
  const { t } = useTranslation('dashboards');
  return (
    <DashCard testId="invoices-link-card">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconFileInvoice size={26} />
          </ThemeIcon>
          <div>
            <Title order={4}>{t('invoices.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('invoices.text')}
            </Text>
          </div>
        </Group>
        <Button component={Link} to="/apps/invoice/list">
          {t('invoices.open')}
        </Button>
      </Group>
    </DashCard>
  );
}

/** Analytics dashboard (DEMO.md §10), from GET /analytics/data. */
export function AnalyticsDashboard() {
  const { t, i18n } = useTranslation('dashboards');
  const query = useAnalytics();
  if (!query.data) return <ScreenState query={query} />;
  const d = query.data;
  return (
    <Stack gap="lg" data-testid="analytics-dashboard">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CongratulationsCard
            name={d.congratulations.name}
            saleToday={d.congratulations.saleToday}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <ChartStatCard
            icon={<IconUsers size={24} />}
            statistic={formatCompact(d.subscribersGained.analyticsData.subscribers, i18n.language)}
            title={t('stats.subscribersGained')}
            seriesName={t('stats.subscribers')}
            data={d.subscribersGained.series[0]?.data ?? []}
            testId="subscribers-card"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <ChartStatCard
            icon={<IconShoppingCart size={24} />}
            tone="warning"
            statistic={formatCompact(d.ordersRecevied.analyticsData.orders, i18n.language)}
            title={t('stats.ordersReceived')}
            seriesName={t('stats.orders')}
            data={d.ordersRecevied.series[0]?.data ?? []}
            testId="orders-received-card"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <AvgSessionsCard data={d.avgSessions} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <SupportTrackerCard data={d.supportTracker} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <TimelineCard steps={d.timeline} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <SalesRadarCard series={d.salesChart.series} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <AppDesignCard data={d.appDesign} />
        </Grid.Col>
        <Grid.Col span={12}>
          <InvoicesLinkCard />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** eCommerce dashboard (DEMO.md §11), from GET /ecommerce/data. */
export function EcommerceDashboard() {
  const query = useEcommerceDashboard();
  if (!query.data) return <ScreenState query={query} />;
  const d = query.data;
  return (
    <Grid gap="lg" data-testid="ecommerce-dashboard">
      <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
        <MedalCard name={d.congratulations.name} saleToday={d.congratulations.saleToday} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, xl: 8 }}>
        <StatisticsCard items={d.statisticsItems} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, xs: 6, lg: 6 }}>
            <OrdersBarCard data={d.statisticsOrder.series[0]?.data ?? []} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, lg: 6 }}>
            <ProfitLineCard data={d.statisticsProfit.series[0]?.data ?? []} />
          </Grid.Col>
          <Grid.Col span={12}>
            <EarningsCard series={d.earningsChart.series} />
          </Grid.Col>
        </Grid>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <RevenueReportCard data={d.revenue} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <CompanyTableCard rows={d.companyTable} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <MeetupCard data={d.meetup} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <BrowserStatesCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <GoalOverviewCard data={d.goalOverview} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <TransactionsCard items={d.transactionData} />
      </Grid.Col>
    </Grid>
  );
}

import { Grid } from '@mantine/core';
import { BudgetDashboard } from '@/features/budget/components/budget-dashboard';
import { HomeDashboard } from '@/features/platform/components/home-dashboard';
import { RecentActivityCard, RunningJobsCard } from '@/features/ribbon/components/activity-cards';
import { i18next } from '@/lib/i18n';

// The widgets' texts load with the route, beside the console's layer, not after the first render.
void i18next.loadNamespaces(['platform', 'budget', 'ribbon']);

export default function Screen() {
  return (
    <HomeDashboard
      activity={
        <Grid gap="lg">
          <Grid.Col span={12}>
            <BudgetDashboard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <RecentActivityCard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <RunningJobsCard />
          </Grid.Col>
        </Grid>
      }
    />
  );
}

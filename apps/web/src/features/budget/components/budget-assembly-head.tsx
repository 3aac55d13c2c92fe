import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ability } from '@/lib/ability';

/** What the budget assembly does, and the button that runs it. */
export function BudgetAssemblyHead({ onRun }: { onRun: () => void }) {
  const { t } = useTranslation('budget');
  return (
    <Card withBorder radius="md" padding="md" data-testid="budget-assembly">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
          <div>
            <Title order={3}>{t('assembly.title')}</Title>
            <Text size="sm" c="dimmed" maw={720}>
              {t('assembly.hint')}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              component={Link}
              to="/fiscus/budget/report"
              variant="default"
              leftSection={<IconChartBar size={16} />}
            >
              {t('assembly.report')}
            </Button>
            {ability.can('update', 'Procedure') && (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={onRun}
                data-testid="budget-assembly-run"
              >
                {t('assembly.run')}
              </Button>
            )}
          </Group>
        </Group>
        <List size="sm" spacing={2}>
          <List.Item>{t('assembly.step1')}</List.Item>
          <List.Item>{t('assembly.step2')}</List.Item>
          <List.Item>{t('assembly.step3')}</List.Item>
          <List.Item>{t('assembly.step4')}</List.Item>
          <List.Item>{t('assembly.step5')}</List.Item>
        </List>
      </Stack>
    </Card>
  );
}

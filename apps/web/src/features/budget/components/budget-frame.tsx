import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconArrowsExchange, IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '@/lib/api-client';
import { useSwitchDomain } from '@/lib/switch-domain';
import { useBudget, type Budget } from '../hooks/use-budget';

/**
 * A budget screen's frame: waits for the domain's budget parts, explains when the domain has
 * no budget (with a switch to the Demo budget when the user belongs to it), and renders the
 * screen with the parts it found. `need` picks the part the screen cannot do without.
 */
export function BudgetFrame({
  need,
  children,
}: {
  need: (budget: Budget) => boolean;
  children: (budget: Budget) => ReactNode;
}) {
  const { t } = useTranslation('budget');
  const budget = useBudget();
  if (budget.isLoading)
    return (
      <Center py="xl" data-testid="budget-loading">
        <Loader />
      </Center>
    );
  if (budget.error)
    return (
      <Alert color="red" title={t('loadError')} data-testid="budget-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messageOf(budget.error)}</Text>
          <Button size="xs" variant="light" onClick={budget.refetch}>
            {t('common:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (!need(budget)) return <NoBudget budget={budget} />;
  return <>{children(budget)}</>;
}

function NoBudget({ budget }: { budget: Budget }) {
  const { t } = useTranslation('budget');
  const change = useSwitchDomain();
  return (
    <Card withBorder radius="md" padding="xl" data-testid="budget-missing">
      <Stack align="center" gap="sm" ta="center">
        <IconChartBar size={40} stroke={1.5} />
        <Title order={4}>{budget.hasBudget ? t('missing.partTitle') : t('missing.title')}</Title>
        <Text c="dimmed" maw={560}>
          {budget.hasBudget ? t('missing.partText') : t('missing.text')}
        </Text>
        <Group justify="center">
          {budget.demo && (
            <Button
              leftSection={<IconArrowsExchange size={16} />}
              loading={change.isPending}
              onClick={() =>
                change.mutate(
                  { id: budget.demo!.id },
                  {
                    onSuccess: () =>
                      notifications.show({
                        color: 'teal',
                        message: t('missing.switched', { name: budget.demo!.name }),
                      }),
                    onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
                  },
                )
              }
              data-testid="budget-switch"
            >
              {t('missing.switch', { name: budget.demo.name })}
            </Button>
          )}
          <Button component={Link} to="/fiscus/domains" variant="default">
            {t('missing.domains')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Alert, Card, Center, Group, Loader, Text, Title, useMantineTheme } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/lib/theme-store';

interface DashCardProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  padding?: string | number;
}

/** The frame of every dashboard card: title (and an optional action) over the content. */
export function DashCard({
  title,
  subtitle,
  action,
  children,
  testId,
  padding = 'lg',
}: DashCardProps) {
  return (
    <Card withBorder radius="md" shadow="sm" padding={padding} h="100%" data-testid={testId}>
      {(title ?? action) && (
        <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md" gap="xs">
          <div style={{ minWidth: 0 }}>
            {title && (
              <Title order={4} fw={600}>
                {title}
              </Title>
            )}
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </div>
          {action}
        </Group>
      )}
      {children}
    </Card>
  );
}

/** Loading and error states of a card whose data comes from the mock backend. */
export function QueryCard<T>({
  query,
  title,
  minHeight = 200,
  children,
}: {
  query: UseQueryResult<T>;
  title?: ReactNode;
  minHeight?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('dashboards');
  if (query.isError)
    return (
      <DashCard title={title}>
        <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')} role="alert">
          {t('loadErrorText')}
        </Alert>
      </DashCard>
    );
  if (query.isPending)
    return (
      <DashCard title={title}>
        <Center mih={minHeight}>
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      </DashCard>
    );
  return <>{children(query.data)}</>;
}

/** Loading and error states of a whole screen. */
export function ScreenState({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation('dashboards');
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')} role="alert">
        {t('loadErrorText')}
      </Alert>
    );
  return (
    <Center mih={300}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

export interface ChartColors {
  primary: string;
  success: string;
  warning: string;
  danger: string;
  info: string;
  muted: string;
  text: string;
  grid: string;
  track: string;
  dark: boolean;
}

/** Chart colours of the current skin, taken from the UI theme. */
export function useChartColors(): ChartColors {
  const theme = useMantineTheme();
  const dark = useTheme((s) => s.skin) === 'dark';
  return useMemo(() => {
    const c = theme.colors;
    return {
      primary: c.brand?.[6] ?? '#7367f0',
      success: c.teal[6],
      warning: c.orange[5],
      danger: c.red[6],
      info: c.cyan[6],
      muted: dark ? c.dark[3] : c.gray[4],
      text: dark ? c.dark[1] : c.gray[7],
      grid: dark ? c.dark[4] : c.gray[2],
      track: dark ? c.dark[5] : c.gray[1],
      dark,
    };
  }, [theme, dark]);
}

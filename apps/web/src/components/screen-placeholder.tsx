import { Badge, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Marks a screen whose capability is still being built (owned by a later piece of work). */
export function ScreenPlaceholder({ title }: { title: string }) {
  const { t } = useTranslation(['common', 'menu']);
  return (
    <Card padding="xl" radius="md" shadow="sm" data-testid="screen-placeholder">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={34} />
        </ThemeIcon>
        <Title order={3}>{t(title)}</Title>
        <Badge variant="light">{t('common:inProgress')}</Badge>
        <Text c="dimmed" ta="center" maw={460}>
          {t('common:inProgressText')}
        </Text>
      </Stack>
    </Card>
  );
}

import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/lazy';
import { hideLoadingOverlay } from './root-shell';

/**
 * Errors while loading or rendering a screen. A lazy chunk that fails to load (or times out)
 * offers a reload instead of a blank screen.
 */
export function RootError() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  useEffect(() => hideLoadingOverlay(), []);
  if (isRouteErrorResponse(error) && error.status === 404)
    return <Navigate to="/error-404" replace />;
  const chunk = isChunkLoadError(error);
  return (
    <Center mih="100vh" p="xl" data-testid="route-error">
      <Stack align="center" maw={520} gap="md">
        <Title order={2} ta="center">
          {chunk ? t('chunkTitle') : t('screenTitle')}
        </Title>
        <Text c="dimmed" ta="center">
          {chunk ? t('chunkText') : t('screenText')}
        </Text>
        {!chunk && error instanceof Error && import.meta.env.DEV && (
          <Code block>{error.message}</Code>
        )}
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </Stack>
    </Center>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '@/lib/ability';

/** An object without records: an invitation to add the first one (or to import a file). */
export function EmptyObject({ objectId, onNew }: { objectId: string; onNew: () => void }) {
  const { t } = useTranslation('platform');
  return (
    <Stack align="center" gap={6} ta="center" data-testid="empty-object">
      <Text fw={600}>{t('list.emptyTitle')}</Text>
      <Text size="sm" c="dimmed" maw={380}>
        {t('list.emptyHint')}
      </Text>
      <Group gap="xs" justify="center" mt={4}>
        <Can I="create" a="Record">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onNew}>
            {t('list.addFirst')}
          </Button>
        </Can>
        <Can I="create" a="Import">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileImport size={14} />}
            component={Link}
            to={`/fiscus/imports?import=new&object=${encodeURIComponent(objectId)}`}
          >
            {t('list.importFile')}
          </Button>
        </Can>
      </Group>
    </Stack>
  );
}

import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The toolbar's search box, with a clear button while it holds text. */
export function ListSearch({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('platform');
  return (
    <TextInput
      size="xs"
      placeholder={t('common:actions.search')}
      aria-label={t('common:actions.search')}
      leftSection={<IconSearch size={14} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={
        value ? (
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t('common:actions.clear')}
            onClick={() => onChange('')}
          >
            <IconX size={12} />
          </ActionIcon>
        ) : undefined
      }
      style={{ flex: '1 1 160px', maxWidth: 260 }}
      data-testid="toolbar-search"
    />
  );
}

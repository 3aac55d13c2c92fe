import { Button, Menu } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListState, RecordState } from '../hooks/use-list-state';

const DENSITIES = [
  { h: 30, k: 'compact' },
  { h: 36, k: 'normal' },
  { h: 44, k: 'comfortable' },
];

/** The list's Settings: which records (active, deleted, all) and the row density. */
export function ListSettingsMenu({
  state,
  onChange,
}: {
  state: ListState;
  onChange: (s: Partial<Pick<ListState, 'recordState' | 'rowHeight'>>) => void;
}) {
  const { t } = useTranslation('platform');
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconSettings size={16} />}>
          {t('common:actions.settings')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('settings.records')}</Menu.Label>
        {(['active', 'deleted', 'all'] as RecordState[]).map((s) => (
          <Menu.Item
            key={s}
            onClick={() => onChange({ recordState: s })}
            rightSection={state.recordState === s ? '✓' : undefined}
          >
            {t(`settings.state.${s}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('settings.density')}</Menu.Label>
        {DENSITIES.map(({ h, k }) => (
          <Menu.Item
            key={k}
            onClick={() => onChange({ rowHeight: h })}
            rightSection={state.rowHeight === h ? '✓' : undefined}
          >
            {t(`settings.densities.${k}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

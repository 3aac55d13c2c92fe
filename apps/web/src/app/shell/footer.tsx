import { Anchor, Group, Text } from '@mantine/core';
import { IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '@/lib/config';
import classes from './shell.module.css';

/** Footer: copyright with the configured product name. */
export function Footer() {
  const { t } = useTranslation('common');
  return (
    <Group
      justify="space-between"
      className={classes.footer}
      component="footer"
      data-testid="footer"
      wrap="wrap"
      gap="xs"
    >
      <Text size="sm" c="dimmed">
        {t('copyright', { year: new Date().getFullYear(), app: appConfig.appName })}{' '}
        <Anchor href="/" size="sm">
          {appConfig.appName}
        </Anchor>
        <span className="hide-sm">, {t('allRights')}</span>
      </Text>
      <Text size="sm" c="dimmed" className="hide-sm">
        {t('handCrafted')}{' '}
        <IconHeartFilled
          size={12}
          color="var(--mantine-color-red-6)"
          style={{ verticalAlign: 'middle' }}
        />
      </Text>
    </Group>
  );
}

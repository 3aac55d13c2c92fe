import { Stack, Tabs } from '@mantine/core';
import { IconKey, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
// eslint-disable-next-line no-restricted-imports -- only replaces the whole query with the chosen tab
import { useSearchParams } from 'react-router';
import { ListHeader } from '@/components/list-shell';
import { DomainTokensPanel } from './domain-tokens-panel';
import { WebhooksPanel } from './webhooks-panel';

/**
 * `/fiscus/integrations` (owners and admins): the domain's API tokens and its webhooks, one tab
 * each (`?tab=webhooks` opens the second, as the ribbon's notice of a disabled webhook does).
 */
export function IntegrationsScreen() {
  const { t } = useTranslation('integrations');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'webhooks' ? 'webhooks' : 'tokens';
  return (
    <Stack gap="md" data-testid="integrations-screen">
      <ListHeader title={t('title')} hint={t('hint')} />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'webhooks' ? { tab: 'webhooks' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="tokens" leftSection={<IconKey size={16} />} data-testid="tab-tokens">
            {t('tabs.tokens')}
          </Tabs.Tab>
          <Tabs.Tab
            value="webhooks"
            leftSection={<IconWebhook size={16} />}
            data-testid="tab-webhooks"
          >
            {t('tabs.webhooks')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tokens" pt="md">
          <DomainTokensPanel />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <WebhooksPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

import { Card, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBell,
  IconInfoCircle,
  IconKey,
  IconLink,
  IconLock,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// eslint-disable-next-line no-restricted-imports -- only replaces the whole query with the chosen tab: the last click is the one meant
import { useSearchParams } from 'react-router';
import { ApiTokensTab } from './api-tokens-tab';
import { GeneralTab } from './general-tab';
import { InfoTab, NotificationsTab, SocialTab } from './demo-tabs';

const tabs = [
  'general',
  'password',
  'security',
  'tokens',
  'information',
  'social',
  'notifications',
] as const;
type Tab = (typeof tabs)[number];

/**
 * Account settings with vertical tabs. The password and two-factor tabs are provided by the
 * sign-in capability and passed in by the route.
 */
export function AccountSettingsPage({
  passwordTab,
  securityTab,
}: {
  passwordTab: ReactNode;
  securityTab: ReactNode;
}) {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const current = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'general';
  const icons = {
    general: IconUser,
    password: IconLock,
    security: IconShieldLock,
    tokens: IconKey,
    information: IconInfoCircle,
    social: IconLink,
    notifications: IconBell,
  };
  return (
    <Tabs
      value={current}
      onChange={(v) => setParams(v && v !== 'general' ? { tab: v } : {}, { replace: true })}
      orientation={wide ? 'vertical' : 'horizontal'}
      variant="pills"
      keepMounted={false}
      data-testid="account-settings"
    >
      <Tabs.List mr={wide ? 'lg' : 0} mb={wide ? 0 : 'md'} miw={wide ? 220 : undefined}>
        {tabs.map((tab) => {
          const IconCmp = icons[tab];
          return (
            <Tabs.Tab key={tab} value={tab} leftSection={<IconCmp size={18} />}>
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Card padding="lg" radius="md" shadow="sm" style={{ flex: 1 }}>
        <Tabs.Panel value="general">
          <GeneralTab />
        </Tabs.Panel>
        <Tabs.Panel value="password">{passwordTab}</Tabs.Panel>
        <Tabs.Panel value="security">{securityTab}</Tabs.Panel>
        <Tabs.Panel value="tokens">
          <ApiTokensTab />
        </Tabs.Panel>
        <Tabs.Panel value="information">
          <InfoTab />
        </Tabs.Panel>
        <Tabs.Panel value="social">
          <SocialTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationsTab />
        </Tabs.Panel>
      </Card>
    </Tabs>
  );
}

import {
  ActionIcon,
  Affix,
  Button,
  Divider,
  Drawer,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  contentWidths,
  footerTypes,
  layoutTypes,
  navbarTypes,
  skins,
  useTheme,
} from '@/lib/theme-store';

function Section({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The theme customizer: skin, layout, width, menu, navbar and footer — live, persisted. */
export function Customizer() {
  const { t } = useTranslation('common');
  const [opened, { open, close }] = useDisclosure(false);
  const theme = useTheme();
  const seg = <T extends string>(
    list: readonly T[],
    value: T,
    key: keyof typeof theme,
    prefix: string,
    testId: string,
  ) => (
    <SegmentedControl
      fullWidth
      size="xs"
      data-testid={testId}
      value={value}
      onChange={(v) => theme.set({ [key]: v } as never)}
      data={list.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }))}
    />
  );
  return (
    <>
      {/* Phones and tablets have no room for it beside the content (as in the template). */}
      <Affix position={{ top: '45%', right: 0 }} zIndex={190} visibleFrom="md">
        <ActionIcon
          size="xl"
          radius={0}
          aria-label={t('customizer.title')}
          data-testid="customizer-toggle"
          onClick={open}
          style={{ borderTopLeftRadius: 8, borderBottomLeftRadius: 8 }}
        >
          <IconSettings size={20} className="spin-slow" />
        </ActionIcon>
      </Affix>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={340}
        title={
          <div>
            <Title order={4}>{t('customizer.title')}</Title>
            <Text size="xs" c="dimmed">
              {t('customizer.subtitle')}
            </Text>
          </div>
        }
        data-testid="customizer"
      >
        <Stack gap="md">
          <Section label={t('customizer.skin')}>
            {seg(skins, theme.skin, 'skin', 'skins', 'customizer-skin')}
          </Section>
          <Section label={t('customizer.contentWidth')}>
            {seg(contentWidths, theme.contentWidth, 'contentWidth', 'widths', 'customizer-width')}
          </Section>
          <Divider />
          <Section label={t('customizer.layout')}>
            {seg(layoutTypes, theme.layout, 'layout', 'layouts', 'customizer-layout')}
          </Section>
          {theme.layout === 'vertical' && (
            <>
              <Switch
                label={t('customizer.menuCollapsed')}
                checked={theme.menuCollapsed}
                onChange={(e) => theme.set({ menuCollapsed: e.currentTarget.checked })}
                data-testid="customizer-collapsed"
              />
              <Switch
                label={t('customizer.menuHidden')}
                checked={theme.menuHidden}
                onChange={(e) => theme.set({ menuHidden: e.currentTarget.checked })}
              />
            </>
          )}
          <Divider />
          <Section
            label={
              theme.layout === 'horizontal' ? t('customizer.menuType') : t('customizer.navbarType')
            }
          >
            {seg(
              theme.layout === 'horizontal'
                ? navbarTypes.filter((n) => n !== 'hidden')
                : navbarTypes,
              theme.navbarType,
              'navbarType',
              'navbars',
              'customizer-navbar',
            )}
          </Section>
          <Section label={t('customizer.footerType')}>
            {seg(footerTypes, theme.footerType, 'footerType', 'footers', 'customizer-footer')}
          </Section>
          <Divider />
          <Button variant="light" onClick={theme.reset}>
            {t('customizer.reset')}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}

import { ActionIcon, Burger, Group, Image, Text } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appConfig } from '@/lib/config';
import { useTheme } from '@/lib/theme-store';
import { HOME_PATH } from '../routes-table';
import { LanguageSwitch } from '@/components/language-switch';
import { navbarSlots } from './navbar-slots';
import { SkinToggle } from './skin-toggle';
import { UserMenu } from './user-menu';
import classes from './shell.module.css';

export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to={HOME_PATH} className={classes.brand} aria-label={appConfig.appName}>
      <Group gap="xs" wrap="nowrap">
        <Image src="/logo.svg" w={32} h={32} alt="" />
        {!compact && (
          <Text fw={700} size="xl" c="brand">
            {appConfig.appName}
          </Text>
        )}
      </Group>
    </Link>
  );
}

/** The top bar: menu toggles, bookmarks, then search, language, skin, cart, notifications, user. */
export function Navbar({
  mobileOpened,
  onMobileToggle,
  horizontal,
  children,
}: {
  mobileOpened: boolean;
  onMobileToggle: () => void;
  horizontal: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const collapsed = useTheme((s) => s.menuCollapsed);
  const set = useTheme((s) => s.set);
  const { Bookmarks, Cart, Notifications, Search } = navbarSlots;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      className={classes.navbarInner}
      data-testid="navbar"
    >
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onMobileToggle}
          hiddenFrom="md"
          size="sm"
          aria-label={t('toggleMenu')}
        />
        {horizontal ? (
          <Brand />
        ) : (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            visibleFrom="md"
            onClick={() => set({ menuCollapsed: !collapsed })}
            aria-label={collapsed ? t('expandMenu') : t('collapseMenu')}
            data-testid="menu-collapse"
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </ActionIcon>
        )}
        <Suspense fallback={null}>
          <Bookmarks />
        </Suspense>
        {children}
      </Group>
      <Group gap={4} wrap="nowrap">
        <LanguageSwitch />
        <span className="hide-sm">
          <SkinToggle />
        </span>
        <Suspense fallback={null}>
          <Search />
        </Suspense>
        <Suspense fallback={null}>
          <Cart />
        </Suspense>
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
        <UserMenu />
      </Group>
    </Group>
  );
}

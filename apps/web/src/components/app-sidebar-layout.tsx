import { ActionIcon, Card } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './app-sidebar-layout.module.css';

export interface AppSidebarLayoutProps {
  /** Content of the left sidebar (filters, lists, actions). It scrolls on its own if needed. */
  sidebar: ReactNode;
  /** Main area. It fills the remaining width and height; give it its own scrolling regions. */
  children: ReactNode;
  /** On phones and tablets (below the `md` breakpoint) the sidebar is a drawer: is it open? */
  sidebarOpened: boolean;
  /** Closes the drawer (overlay click, Escape). */
  onSidebarClose: () => void;
  /** Sidebar width in px on wide screens (default 260). */
  sidebarWidth?: number;
  /** Accessible name of the sidebar landmark. */
  sidebarLabel?: string;
  className?: string;
  'data-testid'?: string;
}

/**
 * The "sidebar-left" content layout of the demo apps (todo, chat, email): a card with a fixed
 * width left sidebar and a main area that use the full available height. Below the `md`
 * breakpoint the sidebar slides over the main area as a drawer; the main area renders an
 * {@link AppSidebarToggle} to open it.
 *
 * ```tsx
 * const sidebar = useAppSidebar();
 * <AppSidebarLayout sidebar={<Filters onNavigate={sidebar.close} />} sidebarOpened={sidebar.opened} onSidebarClose={sidebar.close}>
 *   <AppSidebarToggle onClick={sidebar.open} />
 *   …
 * </AppSidebarLayout>
 * ```
 */
export function AppSidebarLayout({
  sidebar,
  children,
  sidebarOpened,
  onSidebarClose,
  sidebarWidth = 260,
  sidebarLabel,
  className,
  'data-testid': testId,
}: AppSidebarLayoutProps) {
  useEffect(() => {
    if (!sidebarOpened) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onSidebarClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sidebarOpened, onSidebarClose]);

  return (
    <Card
      padding={0}
      radius="md"
      shadow="sm"
      withBorder
      className={[classes.root, className].filter(Boolean).join(' ')}
      style={{ '--app-sidebar-width': `${sidebarWidth}px` } as CSSProperties}
      data-opened={sidebarOpened || undefined}
      data-testid={testId}
    >
      <aside className={classes.sidebar} aria-label={sidebarLabel} data-testid="app-sidebar">
        {sidebar}
      </aside>
      <div className={classes.overlay} aria-hidden onClick={onSidebarClose} />
      <div className={classes.main}>{children}</div>
    </Card>
  );
}

/** Button that opens the sidebar drawer; visible only below the `md` breakpoint. */
export function AppSidebarToggle({ onClick, label }: { onClick: () => void; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      hiddenFrom="md"
      onClick={onClick}
      aria-label={label ?? t('toggleMenu')}
      data-testid="app-sidebar-toggle"
    >
      <IconMenu2 size={20} />
    </ActionIcon>
  );
}

/** Open state of the sidebar drawer. */
export function useAppSidebar() {
  const [opened, { open, close, toggle }] = useDisclosure(false);
  return { opened, open, close, toggle };
}

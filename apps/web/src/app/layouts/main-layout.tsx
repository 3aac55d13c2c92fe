import { AppShell, Container, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useTheme } from '@/lib/theme-store';
import { Customizer } from '../shell/customizer';
import { Footer } from '../shell/footer';
import { HorizontalMenu } from '../shell/horizontal-menu';
import { useVisibleMenu, VisibleMenu } from '../shell/menu-model';
import { Brand, Navbar } from '../shell/navbar';
import { PageHeader } from '../shell/page-header';
import { ScreenLoader } from '../shell/screen-loader';
import { ScrollToTop } from '../shell/scroll-to-top';
import { useCurrentRoute } from '../shell/use-current-route';
import { VerticalMenu } from '../shell/vertical-menu';
import classes from '../shell/shell.module.css';

/** Vertical (default) or horizontal layout, per the theme config; menu, navbar, footer, content. */
export function MainLayout() {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const nodes = useVisibleMenu();
  const route = useCurrentRoute();
  const { pathname } = useLocation();
  const [mobileOpened, { toggle, close }] = useDisclosure(false);
  useEffect(() => close(), [pathname, close]);
  const vertical = theme.layout === 'vertical';
  const collapsed = vertical && theme.menuCollapsed;
  // A collapsed menu opens over the content while the pointer is on it.
  const [peek, setPeek] = useState(false);
  useEffect(() => setPeek(false), [collapsed]);
  const navbarType = !vertical && theme.navbarType === 'hidden' ? 'floating' : theme.navbarType;

  const content = (
    <Container
      fluid={theme.contentWidth === 'full'}
      size="xl"
      px={0}
      className={classes.contentInner}
      data-content={route?.content ?? 'default'}
    >
      <PageHeader />
      <Suspense fallback={<ScreenLoader />}>
        <Outlet />
      </Suspense>
    </Container>
  );

  return (
    <VisibleMenu value={nodes}>
      <AppShell
        layout="alt"
        padding={0}
        navbar={
          vertical
            ? {
                width: collapsed ? 80 : 260,
                breakpoint: 'md',
                collapsed: { mobile: true, desktop: theme.menuHidden },
              }
            : undefined
        }
        data-layout={theme.layout}
        data-skin={theme.skin}
        className={classes.shell}
      >
        {vertical && (
          <AppShell.Navbar
            className={classes.sidebar}
            data-collapsed={collapsed || undefined}
            data-peek={peek || undefined}
            data-testid="vertical-menu"
            onMouseEnter={() => collapsed && setPeek(true)}
            onMouseLeave={() => setPeek(false)}
          >
            <div className={classes.sidebarBrand}>
              <Brand compact={collapsed && !peek} />
            </div>
            <VerticalMenu nodes={nodes} collapsed={collapsed && !peek} />
          </AppShell.Navbar>
        )}
        <a href="#content" className={classes.skipLink}>
          {t('skipToContent')}
        </a>
        {/* The content's own <main> below is the page's one main landmark (the skip link's target). */}
        <AppShell.Main className={classes.main} renderRoot={(props) => <div {...props} />}>
          <div
            className={classes.page}
            data-navbar={navbarType}
            data-footer={theme.footerType}
            data-width={theme.contentWidth}
            data-customizer={theme.customizer || undefined}
          >
            {/* A hidden navbar still shows on phones: it holds the menu button. */}
            <header className={classes.header} data-type={navbarType} data-layout={theme.layout}>
              <div className={classes.navbar} data-type={navbarType}>
                <Navbar
                  mobileOpened={mobileOpened}
                  onMobileToggle={toggle}
                  horizontal={!vertical}
                />
              </div>
              {!vertical && (
                <div className={classes.hMenuBar} data-testid="horizontal-menu">
                  <HorizontalMenu nodes={nodes} />
                </div>
              )}
            </header>
            <main className={classes.content} id="content" tabIndex={-1}>
              {content}
            </main>
            {theme.footerType !== 'hidden' && (
              <div className={classes.footerWrap} data-type={theme.footerType}>
                <Footer />
              </div>
            )}
          </div>
        </AppShell.Main>
        {/* Phones and tablets: the menu opens as a drawer in both layouts. */}
        <Drawer
          opened={mobileOpened}
          onClose={close}
          size={280}
          hiddenFrom="md"
          title={<Brand />}
          padding={0}
          classNames={{
            header: classes.drawerHeader,
            body: classes.drawerBody,
            content: classes.drawerContent,
          }}
          data-testid="mobile-menu"
        >
          <VerticalMenu nodes={nodes} collapsed={false} />
        </Drawer>
        {theme.customizer && <Customizer />}
        {theme.scrollToTop && <ScrollToTop />}
      </AppShell>
    </VisibleMenu>
  );
}

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { withChunkTimeout } from '@/lib/lazy';
import { routes, HOME_PATH, NOT_FOUND_PATH, type AppRoute } from './routes-table';
import { GuestGuard } from './shell/guest-guard';
import { RootError } from './shell/root-error';
import { RootShell } from './shell/root-shell';

/**
 * The console's layers (query client, abilities, toasts, the full guard with its session check
 * and the menu's texts) load with the first route that needs them — every route but the light
 * sign-in page, which renders before them.
 */
const loadConsoleLayer = () =>
  withChunkTimeout(() =>
    import('./shell/console-layer').then(async (layer) => {
      await layer.ready;
      return layer;
    }),
  );

function toRouteObject(route: AppRoute): RouteObject {
  return {
    id: route.id,
    path: route.path,
    handle: route,
    lazy: async () => {
      if (route.light) {
        const { default: Screen } = await withChunkTimeout(route.load);
        return {
          Component: () => (
            <GuestGuard route={route}>
              <Screen />
            </GuestGuard>
          ),
        };
      }
      const [{ default: Screen }, { ConsoleProviders, Guard }] = await Promise.all([
        withChunkTimeout(route.load),
        loadConsoleLayer(),
      ]);
      return {
        Component: () => (
          <ConsoleProviders>
            <Guard route={route}>
              <Screen />
            </Guard>
          </ConsoleProviders>
        ),
      };
    },
  };
}

/**
 * The layouts are lazy too: the sign-in pages (full layout) never download the console shell
 * (menu, navbar, search, customizer), and the shell loads in parallel with the first screen.
 */
const loadMainLayout = async () => {
  const [{ MainLayout }, { ConsoleProviders }] = await Promise.all([
    withChunkTimeout(() => import('./layouts/main-layout')),
    loadConsoleLayer(),
  ]);
  return {
    Component: () => (
      <ConsoleProviders>
        <MainLayout />
      </ConsoleProviders>
    ),
  };
};
const loadFullLayout = async () => {
  const { FullLayout } = await withChunkTimeout(() => import('./layouts/full-layout'));
  return { Component: FullLayout };
};

/** Router built from the routes table: `/` → dashboard, unknown paths → /error-404. */
export function routeObjects(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootShell />,
      errorElement: <RootError />,
      // The initial loading overlay (index.html) covers the first lazy load.
      hydrateFallbackElement: <></>,
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        {
          id: 'main-layout',
          lazy: loadMainLayout,
          errorElement: <RootError />,
          children: routes.filter((r) => r.layout !== 'full').map(toRouteObject),
        },
        {
          id: 'full-layout',
          lazy: loadFullLayout,
          errorElement: <RootError />,
          children: routes.filter((r) => r.layout === 'full').map(toRouteObject),
        },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}

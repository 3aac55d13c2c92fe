import {
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { HOME_PATH } from '@/lib/config';
import { withChunkTimeout } from '@/lib/lazy';
import { lightRoutes, NOT_FOUND_PATH } from './light-routes';
import type { AppRoute } from './routes-table';
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

/**
 * The route tree of `routes`: `/` → dashboard, the main and the full layout with their routes,
 * unknown paths → /error-404 (only when `routes` is the whole table: before, an unknown path is
 * one the router has yet to discover).
 */
export function routeObjects(routes: AppRoute[], whole = true): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <RootShell />,
      errorElement: <RootError />,
      // The initial loading overlay (index.html) covers the first lazy load.
      hydrateFallbackElement: <></>,
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        ...(routes.some((r) => r.layout !== 'full')
          ? [
              {
                id: 'main-layout',
                lazy: loadMainLayout,
                errorElement: <RootError />,
                children: routes.filter((r) => r.layout !== 'full').map(toRouteObject),
              },
            ]
          : []),
        {
          id: 'full-layout',
          lazy: loadFullLayout,
          errorElement: <RootError />,
          children: routes.filter((r) => r.layout === 'full').map(toRouteObject),
        },
        ...(whole
          ? [{ id: 'not-found', path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> }]
          : []),
      ],
    },
  ];
}

/**
 * The router starts with the sign-in page's routes alone (light-routes.ts), so the sign-in page
 * does not download the routes table with the loaders of every screen (QUALITY.md P8). The first
 * navigation to any other path — or a first path that is not the sign-in page — loads the table
 * (a chunk of its own) and adds the rest of the tree. Adding is repeated on later navigations
 * the router cannot match with certainty (paths with parameters); routes already there are kept.
 */
export function routeDiscovery(): PatchRoutesOnNavigationFunction {
  let table: Promise<RouteObject[]> | undefined;
  return async ({ patch }) => {
    table ??= withChunkTimeout(() => import('./routes-table')).then(
      ({ routes }) => routeObjects(routes)[0]!.children!,
      (error: unknown) => {
        // A failed load is tried again on the next navigation.
        table = undefined;
        throw error;
      },
    );
    const children = await table;
    patch('full-layout', children.find((c) => c.id === 'full-layout')!.children!);
    patch(
      'root',
      children.filter((c) => c.id !== 'full-layout' && !c.index),
    );
  };
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects(lightRoutes, false), {
    patchRoutesOnNavigation: routeDiscovery(),
  });
}

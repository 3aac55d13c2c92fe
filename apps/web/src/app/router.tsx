import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { withChunkTimeout } from '@/lib/lazy';
import { routes, HOME_PATH, NOT_FOUND_PATH, type AppRoute } from './routes-table';
import { Guard } from './shell/guard';
import { RootError } from './shell/root-error';
import { RootShell } from './shell/root-shell';

function toRouteObject(route: AppRoute): RouteObject {
  return {
    id: route.id,
    path: route.path,
    handle: route,
    lazy: async () => {
      const module = await withChunkTimeout(route.load);
      const Screen = module.default;
      return {
        Component: () => (
          <Guard route={route}>
            <Screen />
          </Guard>
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
  const { MainLayout } = await withChunkTimeout(() => import('./layouts/main-layout'));
  return { Component: MainLayout };
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

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { withChunkTimeout } from '@/lib/lazy';
import { FullLayout } from './layouts/full-layout';
import { MainLayout } from './layouts/main-layout';
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

/** Router built from the routes table: `/` → dashboard, unknown paths → /error-404. */
export function routeObjects(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootShell />,
      errorElement: <RootError />,
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        {
          element: <MainLayout />,
          errorElement: <RootError />,
          children: routes.filter((r) => r.layout !== 'full').map(toRouteObject),
        },
        {
          element: <FullLayout />,
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

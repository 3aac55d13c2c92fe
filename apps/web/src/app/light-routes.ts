import type { AppRoute } from './routes-table';

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/error-404';

/**
 * The routes that render before the console's layers — the sign-in page (QUALITY.md P8). The
 * router starts with these alone; the rest of the routes table, with the loaders of its ~90
 * screens, loads on the first navigation elsewhere (router.tsx). Part of the routes table.
 */
export const lightRoutes: AppRoute[] = [
  {
    id: 'login',
    path: LOGIN_PATH,
    load: () => import('./routes/auth/login'),
    action: 'read',
    subject: 'Auth',
    public: true,
    layout: 'full',
    redirectIfLoggedIn: true,
    light: true,
  },
];

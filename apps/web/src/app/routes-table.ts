import type { Action, Subject } from '@fiscus/contracts';
import type { ComponentType } from 'react';
import { lightRoutes } from './light-routes';

/** A screen module: its default export is the screen. */
export type ScreenModule = { default: ComponentType };

export interface Crumb {
  /** i18n key (namespace:key) */
  title: string;
  to?: string;
}

export interface AppRoute {
  /** Stable id; the menu links to routes by id. */
  id: string;
  path: string;
  load: () => Promise<ScreenModule>;
  /** `full`: no menu, navbar or footer (auth, misc and record pages). */
  layout?: 'full';
  /** Layout of the content area (DEMO.md §22). */
  content?: 'sidebar-left' | 'sidebar-left-detached';
  /** Access: the route shows only if the ability allows [action, subject]. */
  action: Action;
  subject: Subject;
  /** Reachable without a session (auth and misc pages). */
  public?: boolean;
  /** A signed-in user is sent away (login, register, forgot password). */
  redirectIfLoggedIn?: boolean;
  /**
   * Renders before the console's layers (query client, abilities, the HTTP client with its
   * token refresh, the menu's texts): the sign-in page, kept light (QUALITY.md P8). Its screen
   * uses none of them.
   */
  light?: boolean;
  /** Page title (i18n key) shown in the page header; breadcrumb trail after it. */
  title?: string;
  breadcrumb?: Crumb[];
  /** Keeps this menu item highlighted (route id) on child screens. */
  navActive?: string;
}

const read = (subject: Subject) => ({ action: 'read' as const, subject });
const auth = {
  action: 'read' as const,
  subject: 'Auth' as const,
  public: true,
  layout: 'full' as const,
};

/**
 * The one routes table: it drives the router, the menu (by id, see menu.ts), the navbar search
 * and access. Screens are lazy modules under app/routes/. The table is a chunk of its own that
 * the router loads on the first navigation to a route the sign-in page does not have
 * (router.tsx); the light routes it starts with are in light-routes.ts.
 */
export const routes: AppRoute[] = [
  // ROOT MENU
  {
    id: 'dashboard',
    path: '/dashboard/fiscus',
    load: () => import('./routes/fiscus/dashboard'),
    ...read('Dashboard'),
    title: 'menu:dashboard',
  },
  {
    id: 'ribbon',
    path: '/fiscus/ribbon',
    load: () => import('./routes/fiscus/ribbon'),
    ...read('Ribbon'),
    title: 'menu:ribbon',
  },
  {
    id: 'api-reference',
    path: '/fiscus/api',
    load: () => import('./routes/fiscus/api-reference'),
    ...read('Auth'),
    title: 'menu:apiReference',
  },
  {
    id: 'todo',
    path: '/fiscus/todo',
    load: () => import('./routes/apps/todo'),
    ...read('Demo'),
    content: 'sidebar-left',
    title: 'menu:todo',
  },
  {
    id: 'todo-filter',
    path: '/fiscus/todo/:filter',
    load: () => import('./routes/apps/todo'),
    ...read('Demo'),
    content: 'sidebar-left',
    navActive: 'todo',
    title: 'menu:todo',
  },
  {
    id: 'todo-tag',
    path: '/fiscus/todo/tag/:tag',
    load: () => import('./routes/apps/todo'),
    ...read('Demo'),
    content: 'sidebar-left',
    navActive: 'todo',
    title: 'menu:todo',
  },

  // ADMIN MENU
  {
    id: 'objects',
    path: '/fiscus/objects',
    load: () => import('./routes/fiscus/objects'),
    ...read('Object'),
    title: 'menu:objects',
  },
  {
    id: 'object',
    path: '/fiscus/object/:objectid',
    load: () => import('./routes/fiscus/object'),
    ...read('Record'),
    navActive: 'objects',
    title: 'menu:objects',
  },
  {
    id: 'domains',
    path: '/fiscus/domains',
    load: () => import('./routes/fiscus/domains'),
    ...read('Domain'),
    title: 'menu:domains',
  },
  {
    id: 'datasources',
    path: '/fiscus/datasources',
    load: () => import('./routes/fiscus/datasources'),
    ...read('DataSource'),
    title: 'menu:datasources',
  },
  {
    id: 'integrations',
    path: '/fiscus/integrations',
    load: () => import('./routes/fiscus/integrations'),
    ...read('Integration'),
    title: 'menu:integrations',
  },
  {
    id: 'mounts',
    path: '/fiscus/mounts',
    load: () => import('./routes/fiscus/mounts'),
    ...read('Mount'),
    title: 'menu:mounts',
  },
  {
    id: 'refs',
    path: '/fiscus/refs',
    load: () => import('./routes/fiscus/refs'),
    ...read('Reference'),
    title: 'menu:refs',
  },
  {
    id: 'tables',
    path: '/fiscus/tables',
    load: () => import('./routes/fiscus/tables'),
    ...read('Table'),
    title: 'menu:tables',
  },
  {
    id: 'imports',
    path: '/fiscus/imports',
    load: () => import('./routes/fiscus/imports'),
    ...read('Import'),
    title: 'menu:imports',
  },
  {
    id: 'cubes',
    path: '/fiscus/cubes',
    load: () => import('./routes/fiscus/cubes'),
    ...read('Cube'),
    title: 'menu:cubes',
  },
  {
    id: 'cube-new',
    path: '/fiscus/cubes/new',
    load: () => import('./routes/fiscus/cube-new'),
    action: 'create',
    subject: 'Cube',
    navActive: 'cubes',
    title: 'menu:cubes',
  },
  {
    id: 'cube',
    path: '/fiscus/cubes/:cubeid',
    load: () => import('./routes/fiscus/cube'),
    ...read('Cube'),
    navActive: 'cubes',
    title: 'menu:cubes',
  },
  {
    id: 'cube-design',
    path: '/fiscus/cubes/:cubeid/design',
    load: () => import('./routes/fiscus/cube-design'),
    action: 'update',
    subject: 'Cube',
    navActive: 'cubes',
    title: 'menu:cubes',
  },
  {
    id: 'reports',
    path: '/fiscus/reports',
    load: () => import('./routes/fiscus/reports'),
    ...read('Report'),
    title: 'menu:reports',
  },
  {
    id: 'procedures',
    path: '/fiscus/procedures',
    load: () => import('./routes/fiscus/procedures'),
    ...read('Procedure'),
    title: 'menu:procedures',
  },
  {
    id: 'actions',
    path: '/fiscus/actions',
    load: () => import('./routes/fiscus/actions'),
    ...read('Action'),
    title: 'menu:actions',
  },
  {
    id: 'recordpage',
    path: '/fiscus/recordpage/:object/:record',
    load: () => import('./routes/fiscus/recordpage'),
    ...read('Record'),
    layout: 'full',
  },

  // BUDGET
  {
    id: 'budget',
    path: '/fiscus/budget/:entry',
    load: () => import('./routes/fiscus/budget'),
    ...read('Budget'),
    title: 'menu:budget',
  },

  // Demo: dashboards
  {
    id: 'dashboard-analytics',
    path: '/dashboard/analytics',
    load: () => import('./routes/dashboards/analytics'),
    ...read('Demo'),
    title: 'menu:analytics',
  },
  {
    id: 'dashboard-ecommerce',
    path: '/dashboard/ecommerce',
    load: () => import('./routes/dashboards/ecommerce'),
    ...read('Demo'),
    title: 'menu:ecommerceDashboard',
  },

  // Demo: apps
  {
    id: 'email',
    path: '/apps/email',
    load: () => import('./routes/apps/email'),
    ...read('Demo'),
    content: 'sidebar-left',
    title: 'menu:email',
  },
  {
    id: 'email-folder',
    path: '/apps/email/:folder',
    load: () => import('./routes/apps/email'),
    ...read('Demo'),
    content: 'sidebar-left',
    navActive: 'email',
    title: 'menu:email',
  },
  {
    id: 'email-label',
    path: '/apps/email/label/:label',
    load: () => import('./routes/apps/email'),
    ...read('Demo'),
    content: 'sidebar-left',
    navActive: 'email',
    title: 'menu:email',
  },
  {
    id: 'chat',
    path: '/apps/chat',
    load: () => import('./routes/apps/chat'),
    ...read('Demo'),
    content: 'sidebar-left',
    title: 'menu:chat',
  },
  {
    id: 'calendar',
    path: '/apps/calendar',
    load: () => import('./routes/apps/calendar'),
    ...read('Demo'),
    title: 'menu:calendar',
  },
  {
    id: 'invoice-list',
    path: '/apps/invoice/list',
    load: () => import('./routes/apps/invoice-list'),
    ...read('Demo'),
    title: 'menu:invoiceList',
    breadcrumb: [{ title: 'menu:invoice' }, { title: 'menu:list' }],
  },
  {
    id: 'invoice-preview',
    path: '/apps/invoice/preview/:id',
    load: () => import('./routes/apps/invoice-preview'),
    ...read('Demo'),
    navActive: 'invoice-list',
    title: 'menu:invoicePreview',
    breadcrumb: [{ title: 'menu:invoice', to: '/apps/invoice/list' }, { title: 'menu:preview' }],
  },
  {
    id: 'invoice-edit',
    path: '/apps/invoice/edit/:id',
    load: () => import('./routes/apps/invoice-edit'),
    ...read('Demo'),
    navActive: 'invoice-list',
    title: 'menu:invoiceEdit',
    breadcrumb: [{ title: 'menu:invoice', to: '/apps/invoice/list' }, { title: 'menu:edit' }],
  },
  {
    id: 'invoice-add',
    path: '/apps/invoice/add',
    load: () => import('./routes/apps/invoice-add'),
    ...read('Demo'),
    title: 'menu:invoiceAdd',
    breadcrumb: [{ title: 'menu:invoice', to: '/apps/invoice/list' }, { title: 'menu:add' }],
  },
  {
    id: 'shop',
    path: '/apps/e-commerce/shop',
    load: () => import('./routes/apps/shop'),
    ...read('Demo'),
    content: 'sidebar-left-detached',
    title: 'menu:shop',
    breadcrumb: [{ title: 'menu:ecommerce' }, { title: 'menu:shop' }],
  },
  {
    id: 'wishlist',
    path: '/apps/e-commerce/wishlist',
    load: () => import('./routes/apps/wishlist'),
    ...read('Demo'),
    title: 'menu:wishlist',
    breadcrumb: [
      { title: 'menu:ecommerce', to: '/apps/e-commerce/shop' },
      { title: 'menu:wishlist' },
    ],
  },
  {
    id: 'checkout',
    path: '/apps/e-commerce/checkout',
    load: () => import('./routes/apps/checkout'),
    ...read('Demo'),
    title: 'menu:checkout',
    breadcrumb: [
      { title: 'menu:ecommerce', to: '/apps/e-commerce/shop' },
      { title: 'menu:checkout' },
    ],
  },
  {
    id: 'product',
    path: '/apps/e-commerce/:slug',
    load: () => import('./routes/apps/product'),
    ...read('Demo'),
    navActive: 'shop',
    title: 'menu:productDetails',
    breadcrumb: [
      { title: 'menu:ecommerce', to: '/apps/e-commerce/shop' },
      { title: 'menu:productDetails' },
    ],
  },
  {
    id: 'users-list',
    path: '/apps/users/list',
    load: () => import('./routes/apps/users-list'),
    ...read('Demo'),
    title: 'menu:usersList',
    breadcrumb: [{ title: 'menu:user' }, { title: 'menu:list' }],
  },
  {
    id: 'users-view',
    path: '/apps/users/view/:id',
    load: () => import('./routes/apps/users-view'),
    ...read('Demo'),
    navActive: 'users-list',
    title: 'menu:usersView',
    breadcrumb: [{ title: 'menu:user', to: '/apps/users/list' }, { title: 'menu:view' }],
  },
  {
    id: 'users-edit',
    path: '/apps/users/edit/:id',
    load: () => import('./routes/apps/users-edit'),
    ...read('Demo'),
    navActive: 'users-list',
    title: 'menu:usersEdit',
    breadcrumb: [{ title: 'menu:user', to: '/apps/users/list' }, { title: 'menu:edit' }],
  },

  // Demo: pages
  {
    id: 'account-setting',
    path: '/pages/account-setting',
    load: () => import('./routes/pages/account-setting'),
    ...read('Demo'),
    title: 'menu:accountSettings',
    breadcrumb: [{ title: 'menu:pages' }, { title: 'menu:accountSettings' }],
  },
  {
    id: 'profile',
    path: '/pages/profile',
    load: () => import('./routes/pages/profile'),
    ...read('Demo'),
    title: 'menu:profile',
    breadcrumb: [{ title: 'menu:pages' }, { title: 'menu:profile' }],
  },
  {
    id: 'faq',
    path: '/pages/faq',
    load: () => import('./routes/pages/faq'),
    ...read('Demo'),
    title: 'menu:faq',
    breadcrumb: [{ title: 'menu:pages' }, { title: 'menu:faq' }],
  },
  {
    id: 'knowledge-base',
    path: '/pages/knowledge-base',
    load: () => import('./routes/pages/knowledge-base'),
    ...read('Demo'),
    title: 'menu:knowledgeBase',
    breadcrumb: [{ title: 'menu:pages' }, { title: 'menu:knowledgeBase' }],
  },
  {
    id: 'knowledge-base-category',
    path: '/pages/knowledge-base/:category',
    load: () => import('./routes/pages/knowledge-base-category'),
    ...read('Demo'),
    navActive: 'knowledge-base',
    title: 'menu:knowledgeBase',
    breadcrumb: [
      { title: 'menu:pages' },
      { title: 'menu:knowledgeBase', to: '/pages/knowledge-base' },
      { title: 'menu:category' },
    ],
  },
  {
    id: 'knowledge-base-question',
    path: '/pages/knowledge-base/:category/:slug',
    load: () => import('./routes/pages/knowledge-base-question'),
    ...read('Demo'),
    navActive: 'knowledge-base',
    title: 'menu:knowledgeBase',
    breadcrumb: [
      { title: 'menu:pages' },
      { title: 'menu:knowledgeBase', to: '/pages/knowledge-base' },
      { title: 'menu:question' },
    ],
  },
  {
    id: 'pricing',
    path: '/pages/pricing',
    load: () => import('./routes/pages/pricing'),
    ...read('Demo'),
    title: 'menu:pricing',
    breadcrumb: [{ title: 'menu:pages' }, { title: 'menu:pricing' }],
  },
  {
    id: 'blog-list',
    path: '/pages/blog/list',
    load: () => import('./routes/pages/blog-list'),
    ...read('Demo'),
    title: 'menu:blogList',
    breadcrumb: [{ title: 'menu:pages' }, { title: 'menu:blog' }, { title: 'menu:list' }],
  },
  {
    id: 'blog-detail',
    path: '/pages/blog/:id',
    load: () => import('./routes/pages/blog-detail'),
    ...read('Demo'),
    navActive: 'blog-list',
    title: 'menu:blogDetail',
    breadcrumb: [
      { title: 'menu:pages' },
      { title: 'menu:blog', to: '/pages/blog/list' },
      { title: 'menu:detail' },
    ],
  },
  {
    id: 'blog-edit',
    path: '/pages/blog/edit/:id',
    load: () => import('./routes/pages/blog-edit'),
    ...read('Demo'),
    navActive: 'blog-list',
    title: 'menu:blogEdit',
    breadcrumb: [
      { title: 'menu:pages' },
      { title: 'menu:blog', to: '/pages/blog/list' },
      { title: 'menu:edit' },
    ],
  },
  {
    id: 'good-table',
    path: '/tables/good-table',
    load: () => import('./routes/pages/good-table'),
    ...read('Demo'),
    title: 'menu:goodTable',
    breadcrumb: [{ title: 'menu:tablesDemo' }, { title: 'menu:goodTable' }],
  },
  {
    id: 'form-elements',
    path: '/forms/form-element',
    load: () => import('./routes/forms/elements'),
    ...read('Demo'),
    title: 'menu:formElementsPage',
    breadcrumb: [{ title: 'menu:formElements' }, { title: 'menu:formElementsPage' }],
  },
  {
    id: 'auto-suggest',
    path: '/forms/form-element/auto-suggest',
    load: () => import('./routes/forms/autosuggest'),
    ...read('Demo'),
    title: 'menu:autoSuggest',
    breadcrumb: [{ title: 'menu:formElements' }, { title: 'menu:autoSuggest' }],
  },
  {
    id: 'form-layout',
    path: '/forms/form-layout',
    load: () => import('./routes/forms/layout'),
    ...read('Demo'),
    title: 'menu:formLayout',
    breadcrumb: [{ title: 'menu:formLayout' }],
  },
  {
    id: 'form-wizard',
    path: '/forms/form-wizard',
    load: () => import('./routes/forms/wizard'),
    ...read('Demo'),
    title: 'menu:formWizard',
    breadcrumb: [{ title: 'menu:formWizard' }],
  },
  {
    id: 'form-validation',
    path: '/forms/form-validation',
    load: () => import('./routes/forms/validation'),
    ...read('Demo'),
    title: 'menu:formValidation',
    breadcrumb: [{ title: 'menu:formValidation' }],
  },
  {
    id: 'form-repeater',
    path: '/forms/form-repeater',
    load: () => import('./routes/forms/repeater'),
    ...read('Demo'),
    title: 'menu:formRepeater',
    breadcrumb: [{ title: 'menu:formRepeater' }],
  },
  {
    id: 'echart',
    path: '/charts/echart',
    load: () => import('./routes/charts/echart'),
    ...read('Demo'),
    title: 'menu:echarts',
    breadcrumb: [{ title: 'menu:charts' }, { title: 'menu:echarts' }],
  },
  {
    id: 'leaflet',
    path: '/maps/leaflet',
    load: () => import('./routes/maps/leaflet'),
    ...read('Demo'),
    title: 'menu:leaflet',
    breadcrumb: [{ title: 'menu:leaflet' }],
  },
  {
    id: 'card-statistic',
    path: '/card/statistic',
    load: () => import('./routes/pages/card-statistic'),
    ...read('Demo'),
    title: 'menu:cardStatistic',
    breadcrumb: [{ title: 'menu:cards' }, { title: 'menu:cardStatistic' }],
  },
  {
    id: 'card-analytic',
    path: '/card/analytic',
    load: () => import('./routes/pages/card-analytic'),
    ...read('Demo'),
    title: 'menu:cardAnalytic',
    breadcrumb: [{ title: 'menu:cards' }, { title: 'menu:cardAnalytic' }],
  },
  {
    id: 'card-advance',
    path: '/card/advance',
    load: () => import('./routes/pages/card-advance'),
    ...read('Demo'),
    title: 'menu:cardAdvance',
    breadcrumb: [{ title: 'menu:cards' }, { title: 'menu:cardAdvance' }],
  },
  {
    id: 'access-control',
    path: '/access-control',
    load: () => import('./routes/pages/access-control'),
    ...read('ACL'),
    title: 'menu:accessControl',
  },

  // Authentication (full layout)
  ...lightRoutes,
  {
    id: 'register',
    path: '/register',
    load: () => import('./routes/auth/register'),
    ...auth,
    redirectIfLoggedIn: true,
  },
  {
    id: 'forgot-password',
    path: '/forgot-password',
    load: () => import('./routes/auth/forgot-password'),
    ...auth,
    redirectIfLoggedIn: true,
  },
  {
    id: 'forgot-password-set-new',
    path: '/forgot-password-set-new',
    load: () => import('./routes/auth/forgot-password-set-new'),
    ...auth,
    redirectIfLoggedIn: true,
  },
  {
    id: 'login-v1',
    path: '/pages/authentication/login-v1',
    load: () => import('./routes/auth/login-v1'),
    ...auth,
  },
  {
    id: 'login-v2',
    path: '/pages/authentication/login-v2',
    load: () => import('./routes/auth/login-v2'),
    ...auth,
  },
  {
    id: 'register-v1',
    path: '/pages/authentication/register-v1',
    load: () => import('./routes/auth/register-v1'),
    ...auth,
  },
  {
    id: 'register-v2',
    path: '/pages/authentication/register-v2',
    load: () => import('./routes/auth/register-v2'),
    ...auth,
  },
  {
    id: 'forgot-password-v1',
    path: '/pages/authentication/forgot-password-v1',
    load: () => import('./routes/auth/forgot-password-v1'),
    ...auth,
  },
  {
    id: 'forgot-password-v2',
    path: '/pages/authentication/forgot-password-v2',
    load: () => import('./routes/auth/forgot-password-v2'),
    ...auth,
  },
  {
    id: 'reset-password-v1',
    path: '/pages/authentication/reset-password-v1',
    load: () => import('./routes/auth/reset-password-v1'),
    ...auth,
  },
  {
    id: 'reset-password-v2',
    path: '/pages/authentication/reset-password-v2',
    load: () => import('./routes/auth/reset-password-v2'),
    ...auth,
  },

  // The link mailed to a new e-mail address: full layout, for its signed-in owner only (a
  // guest is sent to sign-in and back).
  {
    id: 'confirm-email',
    path: '/confirm-email',
    load: () => import('./routes/pages/confirm-email'),
    action: 'read',
    subject: 'Auth',
    layout: 'full',
  },

  // Miscellaneous (full layout, Auth subject)
  { id: 'error-404', path: '/error-404', load: () => import('./routes/misc/error-404'), ...auth },
  {
    id: 'coming-soon',
    path: '/pages/miscellaneous/coming-soon',
    load: () => import('./routes/misc/coming-soon'),
    ...auth,
  },
  {
    id: 'not-authorized',
    path: '/pages/miscellaneous/not-authorized',
    load: () => import('./routes/misc/not-authorized'),
    ...auth,
  },
  {
    id: 'under-maintenance',
    path: '/pages/miscellaneous/under-maintenance',
    load: () => import('./routes/misc/under-maintenance'),
    ...auth,
  },
  {
    id: 'error',
    path: '/pages/miscellaneous/error',
    load: () => import('./routes/misc/error'),
    ...auth,
  },
];

export const routeById = new Map(routes.map((r) => [r.id, r]));

/** Budget entries (PRODUCT.md §4): the `:entry` values of the budget route. */
export const budgetEntries = [
  'vehicles',
  'marketing',
  'taxes',
  'insurance',
  'capex',
  'report',
  'assembly',
] as const;
export type BudgetEntry = (typeof budgetEntries)[number];

export { HOME_PATH } from '@/lib/config';
export { LOGIN_PATH, NOT_FOUND_PATH } from './light-routes';
export const NOT_AUTHORIZED_PATH = '/pages/miscellaneous/not-authorized';

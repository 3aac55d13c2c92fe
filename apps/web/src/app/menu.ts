import {
  IconAddressBook,
  IconApi,
  IconBolt,
  IconBook,
  IconBuildingBank,
  IconCalendar,
  IconCar,
  IconChartBar,
  IconChartLine,
  IconMap2,
  IconChecklist,
  IconForms,
  IconLayoutBoard,
  IconListNumbers,
  IconRepeat,
  IconChartPie,
  IconCheckbox,
  IconCube,
  IconDatabase,
  IconFileImport,
  IconFileInvoice,
  IconFileText,
  IconHome,
  IconLayoutDashboard,
  IconLock,
  IconMail,
  IconMessages,
  IconPlugConnected,
  IconReceiptTax,
  IconReportMoney,
  IconRoute,
  IconShieldLock,
  IconShoppingCart,
  IconSitemap,
  IconSpeakerphone,
  IconTable,
  IconTimeline,
  IconUmbrella,
  IconUsers,
  IconWebhook,
  IconCards,
  IconList,
  IconAlertTriangle,
  IconBuildingFactory2,
  type Icon,
} from '@tabler/icons-react';

export type MenuNode =
  | { kind: 'heading'; title: string; raw?: boolean }
  | {
      kind: 'item';
      title: string;
      icon?: Icon;
      route: string;
      to?: string;
      badge?: string;
      raw?: boolean;
    }
  | { kind: 'group'; title: string; icon: Icon; children: MenuNode[]; badge?: string };

const h = (title: string): MenuNode => ({ kind: 'heading', title });
const i = (title: string, route: string, icon?: Icon, to?: string): MenuNode => ({
  kind: 'item',
  title,
  route,
  icon,
  to,
});
const g = (title: string, icon: Icon, children: MenuNode[], badge?: string): MenuNode => ({
  kind: 'group',
  title,
  icon,
  children,
  badge,
});

/** The text of a menu entry: an i18n key of the `menu` namespace, or plain text when `raw`. */
export function menuLabel(
  t: (key: string) => string,
  node: { title: string; raw?: boolean },
): string {
  return node.raw ? node.title : t(node.title.replace('menu:', ''));
}

/**
 * The static menu. Items link to routes of routes-table.ts by id (access comes from the route);
 * `to` is given where the route has parameters. Dynamic sections (OBJECTS, CATALOGS, …) are
 * inserted after ADMIN MENU from the domain's metadata.
 */
export const menu: MenuNode[] = [
  h('menu:rootMenu'),
  i('menu:dashboard', 'dashboard', IconHome),
  i('menu:ribbon', 'ribbon', IconTimeline),
  // Every member may hold personal API tokens: the reference is not an admin's page.
  i('menu:apiReference', 'api-reference', IconApi),
  i('menu:todo', 'todo', IconCheckbox),

  h('menu:adminMenu'),
  i('menu:objects', 'objects', IconCube),
  i('menu:domains', 'domains', IconSitemap),
  i('menu:datasources', 'datasources', IconPlugConnected),
  i('menu:mounts', 'mounts', IconDatabase),
  i('menu:integrations', 'integrations', IconWebhook),
  i('menu:refs', 'refs', IconAddressBook),
  i('menu:tables', 'tables', IconTable),
  i('menu:imports', 'imports', IconFileImport),
  i('menu:cubes', 'cubes', IconChartPie),
  i('menu:reports', 'reports', IconReportMoney),
  i('menu:procedures', 'procedures', IconRoute),
  i('menu:actions', 'actions', IconBolt),

  h('menu:budgetMenu'),
  i('menu:vehicles', 'budget', IconCar, '/fiscus/budget/vehicles'),
  i('menu:marketing', 'budget', IconSpeakerphone, '/fiscus/budget/marketing'),
  i('menu:taxes', 'budget', IconReceiptTax, '/fiscus/budget/taxes'),
  i('menu:insurance', 'budget', IconUmbrella, '/fiscus/budget/insurance'),
  i('menu:capex', 'budget', IconBuildingFactory2, '/fiscus/budget/capex'),
  i('menu:budgetReport', 'budget', IconChartBar, '/fiscus/budget/report'),
  i('menu:budgetAssembly', 'budget', IconBuildingBank, '/fiscus/budget/assembly'),

  h('menu:appsAndPages'),
  g(
    'menu:dashboards',
    IconLayoutDashboard,
    [
      i('menu:ecommerceDashboard', 'dashboard-ecommerce'),
      i('menu:analytics', 'dashboard-analytics'),
    ],
    '2',
  ),
  i('menu:email', 'email', IconMail),
  i('menu:chat', 'chat', IconMessages),
  i('menu:calendar', 'calendar', IconCalendar),
  g('menu:invoice', IconFileInvoice, [
    i('menu:list', 'invoice-list'),
    i('menu:preview', 'invoice-preview', undefined, '/apps/invoice/preview/4987'),
    i('menu:edit', 'invoice-edit', undefined, '/apps/invoice/edit/4987'),
    i('menu:add', 'invoice-add'),
  ]),
  g('menu:ecommerce', IconShoppingCart, [
    i('menu:shop', 'shop'),
    i('menu:productDetails', 'product', undefined, '/apps/e-commerce/apple-watch-series-5-27'),
    i('menu:wishlist', 'wishlist'),
    i('menu:checkout', 'checkout'),
  ]),
  g('menu:user', IconUsers, [
    i('menu:list', 'users-list'),
    i('menu:view', 'users-view', undefined, '/apps/users/view/21'),
    i('menu:edit', 'users-edit', undefined, '/apps/users/edit/21'),
  ]),
  g('menu:pages', IconFileText, [
    g('menu:authentication', IconLock, [
      i('menu:loginV1', 'login-v1'),
      i('menu:loginV2', 'login-v2'),
      i('menu:registerV1', 'register-v1'),
      i('menu:registerV2', 'register-v2'),
      i('menu:forgotPasswordV1', 'forgot-password-v1'),
      i('menu:forgotPasswordV2', 'forgot-password-v2'),
      i('menu:resetPasswordV1', 'reset-password-v1'),
      i('menu:resetPasswordV2', 'reset-password-v2'),
    ]),
    i('menu:accountSettings', 'account-setting'),
    i('menu:profile', 'profile'),
    i('menu:faq', 'faq'),
    i('menu:knowledgeBase', 'knowledge-base'),
    i('menu:pricing', 'pricing'),
    g('menu:blog', IconBook, [
      i('menu:list', 'blog-list'),
      i('menu:detail', 'blog-detail', undefined, '/pages/blog/1'),
      i('menu:edit', 'blog-edit', undefined, '/pages/blog/edit/1'),
    ]),
    g('menu:miscellaneous', IconAlertTriangle, [
      i('menu:comingSoon', 'coming-soon'),
      i('menu:notAuthorized', 'not-authorized'),
      i('menu:underMaintenance', 'under-maintenance'),
      i('menu:error', 'error'),
    ]),
  ]),

  h('menu:uiElements'),
  g('menu:cards', IconCards, [
    i('menu:cardStatistic', 'card-statistic'),
    i('menu:cardAnalytic', 'card-analytic'),
    i('menu:cardAdvance', 'card-advance'),
  ]),

  h('menu:formsTable'),
  g('menu:formElements', IconForms, [
    i('menu:formElementsPage', 'form-elements'),
    i('menu:autoSuggest', 'auto-suggest'),
  ]),
  i('menu:formLayout', 'form-layout', IconLayoutBoard),
  i('menu:formWizard', 'form-wizard', IconListNumbers),
  i('menu:formValidation', 'form-validation', IconChecklist),
  i('menu:formRepeater', 'form-repeater', IconRepeat),
  i('menu:goodTable', 'good-table', IconList),

  h('menu:chartsMaps'),
  g('menu:charts', IconChartLine, [i('menu:echarts', 'echart')]),
  i('menu:leaflet', 'leaflet', IconMap2),

  h('menu:others'),
  i('menu:accessControl', 'access-control', IconShieldLock),
];

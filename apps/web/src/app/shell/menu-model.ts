import { useAbility } from '@casl/react';
import { createContext, useMemo } from 'react';
import {
  IconAddressBook,
  IconChartPie,
  IconReportMoney,
  IconCube,
  IconDatabase,
  IconFileImport,
  IconRoute,
  IconTable,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
// The hooks' own modules: a feature's index would bring its screens into every page.
import { useCubesMenuSection } from '@/features/cubes/hooks/use-cubes-menu-section';
import { useImportsMenuSection } from '@/features/imports/hooks/use-imports-menu-section';
import { useReportsMenuSection } from '@/features/reports/hooks/use-reports-menu-section';
import { useDynamicMenu } from '@/features/platform/hooks/use-dynamic-menu';
// Likewise: only the menu's hook, not the procedures screens.
import { useProceduresMenuSection } from '@/features/procedures/hooks/use-procedures-menu-section';
import { AbilityContext } from '@/lib/ability';
import { menu, type MenuNode } from '../menu';
import { routeById } from '../routes-table';

/** The link of a menu item: its explicit `to`, or its route's path. */
export function hrefOf(node: Extract<MenuNode, { kind: 'item' }>): string {
  return node.to ?? routeById.get(node.route)?.path ?? '/';
}

/**
 * The visible menu as the main layout computed it, for the navbar's slots (search, bookmarks)
 * inside it: computed once per change, not once per user of it.
 */
export const VisibleMenu = createContext<MenuNode[] | null>(null);

/** The menu the current user may see: items by their route's ability, empty groups and headings dropped. */
export function useVisibleMenu(): MenuNode[] {
  const ability = useAbility(AbilityContext);
  const { sections } = useDynamicMenu();
  const { t } = useTranslation('menu');
  const { items: recentImports } = useImportsMenuSection();
  const { items: procedures } = useProceduresMenuSection();
  const { items: cubes } = useCubesMenuSection();
  const { items: reports } = useReportsMenuSection();
  return useMemo(() => {
    const allowed = (node: MenuNode): MenuNode | null => {
      if (node.kind === 'heading') return node;
      if (node.kind === 'item') {
        const route = routeById.get(node.route);
        return route && ability.can(route.action, route.subject) ? node : null;
      }
      const children = node.children.map(allowed).filter((n): n is MenuNode => n !== null);
      return children.length ? { ...node, children } : null;
    };
    // The domain's own sections (OBJECTS, CATALOGS, DATA TABLES) follow ADMIN MENU.
    const icons = {
      objects: IconCube,
      catalogs: IconAddressBook,
      mounts: IconDatabase,
      tables: IconTable,
    };
    const dynamic: MenuNode[] = sections.flatMap((section) => [
      { kind: 'heading' as const, title: section.title, raw: true },
      ...section.items.map((item) => ({
        kind: 'item' as const,
        title: item.title,
        raw: true,
        route: section.id === 'tables' ? 'tables' : 'object',
        to: item.to,
        icon: icons[section.id],
      })),
    ]);
    // CUBES: the domain's cubes, each opening its pivot.
    if (cubes.length > 0)
      dynamic.push(
        { kind: 'heading' as const, title: t('cubesHeading'), raw: true },
        ...cubes.map((item) => ({
          kind: 'item' as const,
          title: item.title,
          raw: true,
          route: 'cube',
          to: item.to,
          icon: IconChartPie,
        })),
      );
    // REPORTS: the domain's reports, each opening its runs.
    if (reports.length > 0)
      dynamic.push(
        { kind: 'heading' as const, title: t('reportsHeading'), raw: true },
        ...reports.map((item) => ({
          kind: 'item' as const,
          title: item.title,
          raw: true,
          route: 'reports',
          to: item.to,
          icon: IconReportMoney,
        })),
      );
    // IMPORTS: the objects the domain imports into, after the domain's sections.
    if (recentImports.length > 0)
      dynamic.push(
        { kind: 'heading' as const, title: t('importsHeading'), raw: true },
        ...recentImports.map((item) => ({
          kind: 'item' as const,
          title: item.title,
          raw: true,
          route: 'imports',
          to: item.to,
          icon: IconFileImport,
        })),
      );
    // PROCEDURES: the domain's procedures.
    if (procedures.length > 0)
      dynamic.push(
        { kind: 'heading' as const, title: t('proceduresHeading'), raw: true },
        ...procedures.map((item) => ({
          kind: 'item' as const,
          title: item.title,
          raw: true,
          route: 'procedures',
          to: item.to,
          icon: IconRoute,
        })),
      );
    const budgetAt = menu.findIndex((n) => n.kind === 'heading' && n.title === 'menu:budgetMenu');
    const full =
      budgetAt < 0
        ? [...menu, ...dynamic]
        : [...menu.slice(0, budgetAt), ...dynamic, ...menu.slice(budgetAt)];
    const visible = full.map(allowed).filter((n): n is MenuNode => n !== null);
    // Drop headings with nothing under them.
    return visible.filter(
      (n, i) => n.kind !== 'heading' || (visible[i + 1] && visible[i + 1]!.kind !== 'heading'),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ability, ability.rules, sections, recentImports, procedures, cubes, reports, t]);
}

/** A page reachable from the menu: its title (i18n key, or plain text when `raw`), trail, address. */
export interface MenuPage {
  title: string;
  raw?: boolean;
  trail: string[];
  href: string;
  icon?: Extract<MenuNode, { kind: 'item' }>['icon'];
}

/** All pages reachable from the menu, flattened (for search and bookmarks). */
export function flattenPages(nodes: MenuNode[], trail: string[] = []): MenuPage[] {
  const out: MenuPage[] = [];
  for (const n of nodes) {
    if (n.kind === 'item')
      out.push({ title: n.title, raw: n.raw, trail, href: hrefOf(n), icon: n.icon });
    else if (n.kind === 'group') out.push(...flattenPages(n.children, [...trail, n.title]));
  }
  return out;
}

/** Identity of a menu item: its route and address (one route may have several items). */
export const itemKey = (node: Extract<MenuNode, { kind: 'item' }>) =>
  `${node.route}|${hrefOf(node)}`;

/**
 * The one menu item shown as active: the item whose address is the page's (its query included,
 * when it has one), else the item of the screen's route or of the route it names as its menu
 * entry (`navActive`) — never two at once.
 */
export function activeItemKey(
  nodes: MenuNode[],
  pathname: string,
  search: string,
  routeId: string | undefined,
): string | undefined {
  const items: Extract<MenuNode, { kind: 'item' }>[] = [];
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (n.kind === 'item') items.push(n);
      else if (n.kind === 'group') walk(n.children);
    }
  };
  walk(nodes);
  const params = new URLSearchParams(search);
  // Of the items at this path, the one whose query says most about the page.
  let exact: { node: (typeof items)[number]; score: number } | undefined;
  for (const n of items) {
    const [path, query] = hrefOf(n).split('?');
    if (path !== pathname) continue;
    const wanted = [...new URLSearchParams(query ?? '')];
    if (!wanted.every(([k, v]) => params.get(k) === v)) continue;
    if (!exact || wanted.length > exact.score) exact = { node: n, score: wanted.length };
  }
  if (exact) return itemKey(exact.node);
  const byRoute = items.find((n) => !n.to && n.route === routeId);
  return byRoute ? itemKey(byRoute) : undefined;
}

/** Whether a node is, or holds, the active item. */
export function holdsActive(node: MenuNode, active: string | undefined): boolean {
  if (!active) return false;
  if (node.kind === 'item') return itemKey(node) === active;
  if (node.kind === 'group') return node.children.some((c) => holdsActive(c, active));
  return false;
}

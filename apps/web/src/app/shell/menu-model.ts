import { useAbility } from '@casl/react';
import { useMemo } from 'react';
import { AbilityContext } from '@/lib/ability';
import { menu, type MenuNode } from '../menu';
import { routeById } from '../routes-table';

/** The link of a menu item: its explicit `to`, or its route's path. */
export function hrefOf(node: Extract<MenuNode, { kind: 'item' }>): string {
  return node.to ?? routeById.get(node.route)?.path ?? '/';
}

/** The menu the current user may see: items by their route's ability, empty groups and headings dropped. */
export function useVisibleMenu(): MenuNode[] {
  const ability = useAbility(AbilityContext);
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
    const visible = menu.map(allowed).filter((n): n is MenuNode => n !== null);
    // Drop headings with nothing under them.
    return visible.filter(
      (n, i) => n.kind !== 'heading' || (visible[i + 1] && visible[i + 1]!.kind !== 'heading'),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ability, ability.rules]);
}

/** All pages reachable from the menu, flattened (for search and bookmarks). */
export function flattenPages(
  nodes: MenuNode[],
  trail: string[] = [],
): {
  title: string;
  trail: string[];
  href: string;
  icon?: Extract<MenuNode, { kind: 'item' }>['icon'];
}[] {
  const out: {
    title: string;
    trail: string[];
    href: string;
    icon?: Extract<MenuNode, { kind: 'item' }>['icon'];
  }[] = [];
  for (const n of nodes) {
    if (n.kind === 'item') out.push({ title: n.title, trail, href: hrefOf(n), icon: n.icon });
    else if (n.kind === 'group') out.push(...flattenPages(n.children, [...trail, n.title]));
  }
  return out;
}

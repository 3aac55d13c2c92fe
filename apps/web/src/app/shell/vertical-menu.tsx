import { Badge, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuLabel, type MenuNode } from '../menu';
import { activeItemKey, holdsActive, hrefOf } from './menu-model';
import { useCurrentRoute } from './use-current-route';
import classes from './shell.module.css';

/**
 * Keys of a menu's nodes that stay with each node when the domain's sections arrive or change
 * (by index, every node after an inserted one would be rendered anew).
 */
function keysOf(nodes: MenuNode[]): string[] {
  const seen = new Map<string, number>();
  return nodes.map((n) => {
    const key = `${n.kind}:${n.title}:${n.kind === 'item' ? hrefOf(n) : ''}`;
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count === 0 ? key : `${key}#${count}`;
  });
}

/** A node renders again only when it, its place or the active item changes. */
const Node = memo(function Node({
  node,
  collapsed,
  depth,
  activeKey,
  t,
}: {
  node: MenuNode;
  collapsed: boolean;
  depth: number;
  activeKey: string | undefined;
  t: TFunction<'menu'>;
}) {
  if (node.kind === 'heading') {
    return collapsed ? (
      <div className={classes.headingDot} aria-hidden />
    ) : (
      <Text className={classes.heading} size="xs" fw={600} c="dimmed" role="heading" aria-level={3}>
        {menuLabel(t, node)}
      </Text>
    );
  }
  const label = menuLabel(t, node);
  const Icon = node.icon;
  const active = holdsActive(node, activeKey);
  if (node.kind === 'item') {
    const link = (
      <NavLink
        component={Link}
        to={hrefOf(node)}
        label={collapsed ? undefined : label}
        aria-label={label}
        leftSection={Icon ? <Icon size={18} stroke={1.6} /> : <span className={classes.bullet} />}
        active={active}
        variant="filled"
        className={classes.navLink}
        data-depth={depth}
      />
    );
    return collapsed ? (
      <Tooltip label={label} position="right" withArrow>
        {link}
      </Tooltip>
    ) : (
      link
    );
  }
  return (
    <NavLink
      label={collapsed ? undefined : label}
      aria-label={label}
      leftSection={<node.icon size={18} stroke={1.6} />}
      rightSection={
        node.badge && !collapsed ? (
          <Badge size="xs" circle color="red">
            {node.badge}
          </Badge>
        ) : undefined
      }
      defaultOpened={active}
      // A closed group's items are not rendered (Mantine keeps them rendered, hidden, by
      // default): the closed groups hold most of the menu's links, which made the menu most of
      // the first signed-in page's elements and rendering time.
      keepMounted={false}
      childrenOffset={collapsed ? 0 : 12}
      className={classes.navLink}
      active={active && collapsed}
      variant="light"
    >
      {keysOf(node.children).map((key, i) => (
        <Node
          key={key}
          node={node.children[i]!}
          collapsed={collapsed}
          depth={depth + 1}
          activeKey={activeKey}
          t={t}
        />
      ))}
    </NavLink>
  );
});

/** The vertical menu with the seed's headings; icons only when collapsed. */
export const VerticalMenu = memo(function VerticalMenu({
  nodes,
  collapsed,
}: {
  nodes: MenuNode[];
  collapsed: boolean;
}) {
  const { t } = useTranslation('menu');
  const { pathname, search } = useLocation();
  const current = useCurrentRoute();
  const activeKey = activeItemKey(nodes, pathname, search, current?.navActive ?? current?.id);
  return (
    <ScrollArea className={classes.menuScroll} type="hover" scrollbarSize={6}>
      <nav aria-label={t('mainMenu')} className={classes.menu}>
        {keysOf(nodes).map((key, i) => (
          <Node
            key={key}
            node={nodes[i]!}
            collapsed={collapsed}
            depth={0}
            activeKey={activeKey}
            t={t}
          />
        ))}
      </nav>
    </ScrollArea>
  );
});

import { Button, Group, Menu, ScrollArea } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { menuLabel, type MenuNode } from '../menu';
import { hrefOf } from './menu-model';
import classes from './shell.module.css';

type Section = { title: string; raw?: boolean; items: MenuNode[] };

/** Splits the menu at its headings: each heading becomes one top-level dropdown. */
export function sectionsOf(nodes: MenuNode[]): Section[] {
  const sections: Section[] = [];
  for (const n of nodes) {
    if (n.kind === 'heading') sections.push({ title: n.title, raw: n.raw, items: [] });
    else if (sections.length) sections[sections.length - 1]!.items.push(n);
    else sections.push({ title: 'menu:home', items: [n] });
  }
  return sections.filter((s) => s.items.length);
}

function Items({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  return (
    <>
      {nodes.map((n, i) => {
        if (n.kind === 'heading') return null;
        const label = menuLabel(t, n);
        if (n.kind === 'item') {
          const Icon = n.icon;
          return (
            <Menu.Item
              key={i}
              component={Link}
              to={hrefOf(n)}
              leftSection={Icon ? <Icon size={16} /> : undefined}
            >
              {label}
            </Menu.Item>
          );
        }
        return (
          <Menu.Sub key={i}>
            <Menu.Sub.Target>
              <Menu.Sub.Item
                leftSection={<n.icon size={16} />}
                rightSection={<IconChevronRight size={14} />}
              >
                {label}
              </Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <Items nodes={n.children} />
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        );
      })}
      {nodes.length === 0 && (
        <Menu.Item disabled onClick={() => navigate('/')}>
          —
        </Menu.Item>
      )}
    </>
  );
}

/** The top menu of the horizontal layout. */
export function HorizontalMenu({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useTranslation('menu');
  return (
    <ScrollArea type="never" className={classes.hMenu}>
      <Group gap={4} wrap="nowrap" component="nav" aria-label={t('mainMenu')}>
        {sectionsOf(nodes).map((s) => (
          <Menu
            key={s.title}
            trigger="click-hover"
            openDelay={60}
            closeDelay={120}
            position="bottom-start"
            shadow="md"
            withinPortal
          >
            <Menu.Target>
              <Button
                variant="subtle"
                color="gray"
                rightSection={<IconChevronDown size={14} />}
                size="sm"
                className={classes.hMenuButton}
                // The bar scrolls rather than squeezing a label under its chevron.
                style={{ flexShrink: 0 }}
              >
                {menuLabel(t, s)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
              <Items nodes={s.items} />
            </Menu.Dropdown>
          </Menu>
        ))}
      </Group>
    </ScrollArea>
  );
}

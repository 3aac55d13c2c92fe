import { Button, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconCheck, IconMail, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TASK_TAGS, type TaskFilter, type TaskTag } from '../api/types';
import { TAG_COLORS, TODO_BASE } from './constants';

interface Props {
  filter?: TaskFilter;
  tag?: TaskTag;
  onAdd: () => void;
  /** Called after a link was followed (closes the drawer on phones). */
  onNavigate: () => void;
}

const filters: { key: 'all' | TaskFilter; icon: ReactNode }[] = [
  { key: 'all', icon: <IconMail size={18} /> },
  { key: 'important', icon: <IconStar size={18} /> },
  { key: 'completed', icon: <IconCheck size={18} /> },
  { key: 'deleted', icon: <IconTrash size={18} /> },
];

/** Add button, the four filters and the tags. */
export function TodoSidebar({ filter, tag, onAdd, onNavigate }: Props) {
  const { t } = useTranslation('todo');
  return (
    <Stack gap={0} h="100%">
      <div style={{ padding: 'var(--mantine-spacing-md)' }}>
        <Button
          fullWidth
          leftSection={<IconPlus size={16} />}
          onClick={onAdd}
          data-testid="todo-add"
        >
          {t('addTask')}
        </Button>
      </div>
      <ScrollArea style={{ flex: 1 }}>
        <nav aria-label={t('filtersLabel')}>
          {filters.map(({ key, icon }) => {
            const to = key === 'all' ? TODO_BASE : `${TODO_BASE}/${key}`;
            const active = key === 'all' ? !filter && !tag : filter === key;
            return (
              <NavLink
                key={key}
                component={Link}
                to={to}
                label={t(`filters.${key}`)}
                leftSection={icon}
                active={active}
                variant="light"
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                data-testid={`todo-filter-${key}`}
              />
            );
          })}
        </nav>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="md" pt="lg" pb={6}>
          {t('tagsHeading')}
        </Text>
        <nav aria-label={t('tagsHeading')}>
          {TASK_TAGS.map((name) => (
            <NavLink
              key={name}
              component={Link}
              to={`${TODO_BASE}/tag/${name}`}
              label={t(`tags.${name}`)}
              active={tag === name}
              variant="light"
              onClick={onNavigate}
              aria-current={tag === name ? 'page' : undefined}
              data-testid={`todo-tag-${name}`}
              leftSection={
                <span
                  aria-hidden
                  style={{
                    display: 'inline-block',
                    width: 10,
                    height: 10,
                    margin: '0 4px',
                    borderRadius: '50%',
                    background: `var(--mantine-color-${TAG_COLORS[name]}-6)`,
                  }}
                />
              }
            />
          ))}
        </nav>
      </ScrollArea>
    </Stack>
  );
}

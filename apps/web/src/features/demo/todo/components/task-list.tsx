import { Avatar, Badge, Checkbox, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../api/types';
import { TAG_COLORS } from './constants';
import classes from './todo.module.css';

interface Props {
  tasks: Task[];
  onOpen: (task: Task) => void;
  onToggleComplete: (task: Task, completed: boolean) => void;
}

/** The task rows: complete checkbox, title, tags, due date and assignee. */
export function TaskList({ tasks, onOpen, onToggleComplete }: Props) {
  const { t, i18n } = useTranslation('todo');
  const due = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric' });
  return (
    <ul className={classes.list} data-testid="todo-list">
      {tasks.map((task) => (
        <li
          key={task.id}
          className={classes.item}
          data-completed={task.isCompleted || undefined}
          data-testid="todo-item"
        >
          <Checkbox
            checked={task.isCompleted}
            onChange={(e) => onToggleComplete(task, e.currentTarget.checked)}
            aria-label={t('list.complete', { title: task.title })}
            disabled={task.isDeleted}
            data-testid="todo-item-check"
          />
          <UnstyledButton className={classes.itemButton} onClick={() => onOpen(task)}>
            <Group gap="xs" wrap="nowrap" className={classes.titleCol}>
              {task.isImportant && (
                <IconStarFilled
                  size={14}
                  color="var(--mantine-color-yellow-6)"
                  aria-label={t('list.important')}
                />
              )}
              <Text className={classes.title} size="sm" truncate data-testid="todo-item-title">
                {task.title}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" className={classes.meta}>
              <Group gap={4} wrap="nowrap" className={classes.tags}>
                {task.tags.map((tag) => (
                  <Badge key={tag} size="sm" variant="light" color={TAG_COLORS[tag]}>
                    {t(`tags.${tag}`)}
                  </Badge>
                ))}
              </Group>
              {task.dueDate && (
                <Text size="xs" c="dimmed" className={classes.due}>
                  {due.format(new Date(`${task.dueDate}T00:00:00`))}
                </Text>
              )}
              {task.assignee ? (
                <Tooltip label={task.assignee.fullName}>
                  <Avatar
                    size={28}
                    src={task.assignee.avatar || null}
                    name={task.assignee.fullName}
                    color="initials"
                    alt={task.assignee.fullName}
                  />
                </Tooltip>
              ) : (
                <Avatar size={28} aria-label={t('list.unassigned')} />
              )}
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}

import {
  ActionIcon,
  Alert,
  Button,
  Center,
  CloseButton,
  Loader,
  Menu,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconAlertTriangle,
  IconCheck,
  IconDotsVertical,
  IconListCheck,
  IconSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppSidebarLayout, AppSidebarToggle, useAppSidebar } from '@/components/app-sidebar-layout';
import { useAddressParams } from '@/lib/use-address-params';
import { useAddressText } from '@/lib/use-address-text';
import { useTasks, useUpdateTask } from '../api/tasks';
import { isTaskSort, type Task, type TaskFilter, type TaskSort, type TaskTag } from '../api/types';
import { TaskDrawer } from './task-drawer';
import { TaskList } from './task-list';
import { TodoSidebar } from './todo-sidebar';
import classes from './todo.module.css';

const sorts: { value: TaskSort; label: string }[] = [
  { value: 'latest', label: 'sort.reset' },
  { value: 'title-asc', label: 'sort.titleAsc' },
  { value: 'title-desc', label: 'sort.titleDesc' },
  { value: 'assignee', label: 'sort.assignee' },
  { value: 'due-date', label: 'sort.dueDate' },
];

interface Props {
  filter?: TaskFilter;
  tag?: TaskTag;
}

/** The todo app: filters and tags on the left, searchable and sortable task list, task drawer. */
export function TodoApp({ filter, tag }: Props) {
  const { t } = useTranslation('todo');
  const sidebar = useAppSidebar();
  const [params, setParams] = useAddressParams();
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sortBy: TaskSort = isTaskSort(sortParam) ? sortParam : 'latest';
  const [drawer, setDrawer] = useState<{ opened: boolean; task: Task | null }>({
    opened: false,
    task: null,
  });

  const tasks = useTasks({ q: q.trim(), filter, tag, sortBy });
  const update = useUpdateTask();

  const setParam = (key: string, value: string | null) =>
    setParams(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const search = useAddressText(q, (value) => setParam('q', value), 250);

  const toggleComplete = (task: Task, completed: boolean) =>
    update.mutate(
      { id: task.id, task: { isCompleted: completed } },
      {
        onError: () =>
          notifications.show({
            color: 'red',
            title: t('toast.errorTitle'),
            message: t('toast.error'),
          }),
      },
    );

  const openTask = (task: Task | null) => {
    setDrawer({ opened: true, task });
    sidebar.close();
  };

  let body;
  if (tasks.isPending) {
    body = (
      <Center h="100%" mih={200} data-testid="todo-loading">
        <Loader />
      </Center>
    );
  } else if (tasks.isError) {
    body = (
      <Center h="100%" mih={200} p="md">
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('error.title')}
          data-testid="todo-error"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('error.text')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void tasks.refetch()}>
              {t('error.retry')}
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  } else if (tasks.data.length === 0) {
    body = (
      <Center h="100%" mih={200} data-testid="todo-empty">
        <Stack align="center" gap="xs">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconListCheck size={30} />
          </ThemeIcon>
          <Text fw={500}>{t('noItems')}</Text>
        </Stack>
      </Center>
    );
  } else {
    body = <TaskList tasks={tasks.data} onOpen={openTask} onToggleComplete={toggleComplete} />;
  }

  return (
    <>
      <AppSidebarLayout
        sidebar={
          <TodoSidebar
            filter={filter}
            tag={tag}
            onAdd={() => openTask(null)}
            onNavigate={sidebar.close}
          />
        }
        sidebarOpened={sidebar.opened}
        onSidebarClose={sidebar.close}
        sidebarLabel={t('sidebarLabel')}
        data-testid="todo-app"
      >
        <div className={classes.header}>
          <AppSidebarToggle onClick={sidebar.open} label={t('openSidebar')} />
          <TextInput
            className={classes.search}
            variant="unstyled"
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search.text}
            onChange={(e) => search.change(e.currentTarget.value)}
            rightSection={
              search.text ? (
                <CloseButton
                  size="sm"
                  aria-label={t('clearSearch')}
                  onClick={() => search.change('')}
                />
              ) : null
            }
            data-testid="todo-search"
          />
          {tasks.isFetching && !tasks.isPending && <Loader size="xs" />}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('sort.label')}
                data-testid="todo-sort"
              >
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {sorts.map((s) => (
                <Menu.Item
                  key={s.value}
                  onClick={() => setParam('sort', s.value === 'latest' ? null : s.value)}
                  rightSection={sortBy === s.value ? <IconCheck size={14} /> : null}
                  data-testid={`todo-sort-${s.value}`}
                >
                  {t(s.label)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </div>
        <ScrollArea className={classes.body} type="auto">
          {body}
        </ScrollArea>
      </AppSidebarLayout>
      <TaskDrawer
        opened={drawer.opened}
        task={drawer.task}
        onClose={() => setDrawer((d) => ({ ...d, opened: false }))}
      />
    </>
  );
}

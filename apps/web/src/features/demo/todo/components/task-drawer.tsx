import {
  ActionIcon,
  Avatar,
  Button,
  Drawer,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import {
  IconCalendar,
  IconCheck,
  IconRestore,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import 'dayjs/locale/ru';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateTask, useDeleteTask, useUpdateTask } from '../api/tasks';
import { TASK_ASSIGNEES, TASK_TAGS, type Task, type TaskInput, type TaskTag } from '../api/types';
import { DescriptionEditor } from './description-editor';
import { TAG_COLORS } from './constants';

interface FormValues {
  title: string;
  assignee: string | null;
  dueDate: string | null;
  tags: TaskTag[];
  description: string;
  isCompleted: boolean;
  isImportant: boolean;
}

const blank: FormValues = {
  title: '',
  assignee: null,
  dueDate: null,
  tags: [],
  description: '',
  isCompleted: false,
  isImportant: false,
};

const toValues = (task: Task | null): FormValues =>
  task
    ? {
        title: task.title,
        assignee: task.assignee?.fullName ?? null,
        dueDate: task.dueDate || null,
        tags: [...task.tags],
        description: task.description,
        isCompleted: task.isCompleted,
        isImportant: task.isImportant,
      }
    : blank;

interface Props {
  opened: boolean;
  /** The task being edited; null adds a new one. */
  task: Task | null;
  onClose: () => void;
}

/** Right-side drawer to add or edit a task. */
export function TaskDrawer({ opened, task, onClose }: Props) {
  const { t, i18n } = useTranslation('todo');
  const phone = useMediaQuery('(max-width: 36em)');
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const editing = task !== null;

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: blank,
    validate: {
      title: (v) => (v.trim() ? null : t('validation.titleRequired')),
      dueDate: (v) => (v ? null : t('validation.dueDateRequired')),
    },
  });

  // Load the task (or a blank form) each time the drawer opens.
  useEffect(() => {
    if (!opened) return;
    const values = toValues(task);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, task?.id]);

  const fail = () =>
    notifications.show({ color: 'red', title: t('toast.errorTitle'), message: t('toast.error') });

  const submit = form.onSubmit((values) => {
    const assignee = TASK_ASSIGNEES.find((a) => a.fullName === values.assignee) ?? null;
    const body: TaskInput = {
      title: values.title.trim(),
      assignee: assignee ? { ...assignee } : null,
      dueDate: values.dueDate ?? '',
      tags: values.tags,
      description: values.description,
      isCompleted: values.isCompleted,
      isImportant: values.isImportant,
      isDeleted: task?.isDeleted ?? false,
    };
    if (task) {
      update.mutate(
        { id: task.id, task: body },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('toast.updated') });
            onClose();
          },
          onError: fail,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('toast.added') });
          onClose();
        },
        onError: fail,
      });
    }
  });

  const onDelete = () => {
    if (!task) return;
    remove.mutate(task.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('toast.deleted') });
        onClose();
      },
      onError: fail,
    });
  };

  const onRestore = () => {
    if (!task) return;
    update.mutate(
      { id: task.id, task: { isDeleted: false } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('toast.restored') });
          onClose();
        },
        onError: fail,
      },
    );
  };

  const saving = create.isPending || update.isPending;
  const completed = form.values.isCompleted;

  const header = editing ? (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Button
        size="xs"
        variant={completed ? 'filled' : 'outline'}
        color={completed ? 'green' : 'gray'}
        leftSection={completed ? <IconCheck size={14} /> : undefined}
        onClick={() => form.setFieldValue('isCompleted', !completed)}
        aria-pressed={completed}
        data-testid="task-complete-toggle"
      >
        {completed ? t('drawer.completed') : t('drawer.markComplete')}
      </Button>
      <Group gap={4} wrap="nowrap">
        {task.isDeleted ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRestore size={14} />}
            onClick={onRestore}
            loading={update.isPending}
            data-testid="task-restore"
          >
            {t('drawer.restore')}
          </Button>
        ) : (
          <Tooltip label={t('drawer.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              loading={remove.isPending}
              aria-label={t('drawer.delete')}
              data-testid="task-delete"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip
          label={form.values.isImportant ? t('drawer.unmarkImportant') : t('drawer.markImportant')}
        >
          <ActionIcon
            variant="subtle"
            color={form.values.isImportant ? 'yellow' : 'gray'}
            onClick={() => form.setFieldValue('isImportant', !form.values.isImportant)}
            aria-pressed={form.values.isImportant}
            aria-label={t('drawer.markImportant')}
            data-testid="task-important-toggle"
          >
            {form.values.isImportant ? <IconStarFilled size={18} /> : <IconStar size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  ) : (
    <Text fw={600}>{t('drawer.addTitle')}</Text>
  );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 460}
      title={header}
      styles={{ title: { flex: 1, marginRight: 8 } }}
      data-testid="task-drawer"
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.title')}
            placeholder={t('fields.titlePlaceholder')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('title')}
          />
          <Select
            label={t('fields.assignee')}
            placeholder={t('fields.assigneePlaceholder')}
            data={TASK_ASSIGNEES.map((a) => a.fullName)}
            clearable
            searchable
            nothingFoundMessage={t('noItems')}
            renderOption={({ option }) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar name={option.value} color="initials" size={26} />
                <Text size="sm">{option.value}</Text>
              </Group>
            )}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('assignee')}
          />
          <DatePickerInput
            label={t('fields.dueDate')}
            placeholder={t('fields.dueDatePlaceholder')}
            withAsterisk
            clearable
            valueFormat="D MMM YYYY"
            locale={i18n.language}
            leftSection={<IconCalendar size={16} />}
            popoverProps={{ withinPortal: true }}
            data-testid="task-due-date"
            {...form.getInputProps('dueDate')}
          />
          <MultiSelect
            label={t('fields.tags')}
            placeholder={form.values.tags.length ? undefined : t('fields.tagsPlaceholder')}
            data={TASK_TAGS.map((tag) => ({ value: tag, label: t(`tags.${tag}`) }))}
            renderOption={({ option }) => (
              <Group gap="xs">
                <span
                  style={{
                    width: 8,
                    height: 8,
                    borderRadius: '50%',
                    background: `var(--mantine-color-${TAG_COLORS[option.value as TaskTag]}-6)`,
                  }}
                />
                <Text size="sm">{option.label}</Text>
              </Group>
            )}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('tags')}
          />
          <DescriptionEditor
            label={t('fields.description')}
            value={form.values.description}
            onChange={(html) => form.setFieldValue('description', html)}
          />
          <Group gap="sm" mt="xs">
            <Button type="submit" loading={saving} data-testid="task-submit">
              {editing ? t('drawer.update') : t('drawer.add')}
            </Button>
            <Button variant="default" onClick={() => form.reset()} disabled={saving}>
              {t('drawer.reset')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}

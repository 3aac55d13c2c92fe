import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { Action, Subject } from '@fiscus/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { useKeptWhileClosing } from '@/lib/use-kept-while-closing';

/**
 * The shell every list screen of the product shares (reports, procedures, actions, cubes, data
 * sources, mounts, imports): a title line, a toolbar (New, Refresh, Search and the screen's own
 * controls), the loading / error / empty / no-match states around the list, and the question
 * before a delete. The screens keep their own table and dialogs.
 */

/** What a control needs the user to be allowed; without it the control is not shown. */
export type Permission = { I: Action; a: Subject };

function Allowed({ can, children }: { can?: Permission; children: ReactNode }) {
  return can ? (
    <Can I={can.I} a={can.a}>
      {children}
    </Can>
  ) : (
    <>{children}</>
  );
}

/** The title line: title, the count once loaded, and a hint on the right. */
export function ListHeader({
  title,
  count,
  countTestId,
  hint,
}: {
  title: ReactNode;
  /** Shown next to the title ("3 reports"); omit while the list loads. */
  count?: ReactNode;
  countTestId?: string;
  hint?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        <Title order={3}>{title}</Title>
        {count !== undefined && (
          <Text c="dimmed" size="sm" data-testid={countTestId}>
            {count}
          </Text>
        )}
      </Group>
      {hint && (
        <Text size="sm" c="dimmed" maw={720}>
          {hint}
        </Text>
      )}
    </Group>
  );
}

/** The toolbar: New (when allowed), Refresh, an optional search box, then `children`. */
export function ListToolbar({
  onNew,
  newLabel,
  newPermission,
  newTestId,
  onRefresh,
  refreshing,
  refreshTestId,
  search,
  children,
}: {
  onNew?: () => void;
  /** Defaults to "New". */
  newLabel?: ReactNode;
  newPermission?: Permission;
  newTestId?: string;
  onRefresh: () => void;
  /** True while a refresh of loaded data runs (not during the first load). */
  refreshing: boolean;
  refreshTestId?: string;
  search?: { value: string; onChange: (value: string) => void; testId?: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xs" radius="md">
      <Group gap="xs" wrap="wrap">
        {onNew && (
          <Allowed can={newPermission}>
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              onClick={onNew}
              data-testid={newTestId}
            >
              {newLabel ?? t('common:actions.new')}
            </Button>
          </Allowed>
        )}
        <Tooltip label={t('common:actions.refresh')}>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t('common:actions.refresh')}
            onClick={onRefresh}
            loading={refreshing}
            data-testid={refreshTestId}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
        {search && (
          <TextInput
            size="xs"
            leftSection={<IconSearch size={14} />}
            placeholder={t('common:actions.search')}
            aria-label={t('common:actions.search')}
            value={search.value}
            onChange={(e) => search.onChange(e.currentTarget.value)}
            style={{ flex: '1 1 160px', maxWidth: 260 }}
            data-testid={search.testId}
          />
        )}
        {children}
      </Group>
    </Card>
  );
}

/** A toolbar button acting on the selection, with a hint saying what it does or why it cannot. */
export function ToolbarAction({
  tip,
  icon,
  disabled,
  loading,
  onClick,
  testId,
  children,
}: {
  tip: string;
  icon: ReactNode;
  disabled: boolean;
  loading?: boolean;
  onClick: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tip}>
      <span>
        <Button
          size="xs"
          variant="default"
          leftSection={icon}
          disabled={disabled}
          loading={loading}
          onClick={onClick}
          data-testid={testId}
        >
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}

/** The part of a query result the states need (a TanStack Query result fits). */
type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * The list's states: a loader on the first load; on error the message with Try again; with no
 * item at all an invitation to create the first one; with items that the search or filter all
 * hide, `noMatch`; else `children` (the list). Test ids: `<testId>-error`, `-empty`, `-no-match`.
 */
export function ListStates({
  query,
  total,
  shown,
  testId,
  errorTitle,
  empty,
  noMatch,
  children,
}: {
  query: ListQuery;
  /** Items that exist (undefined until loaded). */
  total: number | undefined;
  /** Items the search and filters leave (defaults to `total`). */
  shown?: number;
  testId: string;
  errorTitle: ReactNode;
  empty: {
    icon: ReactNode;
    title: ReactNode;
    text?: ReactNode;
    /** The button creating the first item, already wrapped in its permission. */
    action?: ReactNode;
    color?: string;
  };
  noMatch?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  const error = query.isError && (
    <Alert color="red" title={errorTitle} data-testid={`${testId}-error`}>
      <Group gap="xs">
        <Text size="sm">{messageOf(query.error)}</Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('common:retry')}
        </Button>
      </Group>
    </Alert>
  );
  if (total === undefined) return error;
  let body: ReactNode = children;
  if (total === 0)
    body = (
      <Card withBorder padding="xl" radius="md" data-testid={`${testId}-empty`}>
        <Stack align="center" gap="xs">
          <ThemeIcon size={56} radius="xl" variant="light" color={empty.color}>
            {empty.icon}
          </ThemeIcon>
          <Text fw={600}>{empty.title}</Text>
          {empty.text && (
            <Text size="sm" c="dimmed" ta="center" maw={480}>
              {empty.text}
            </Text>
          )}
          {empty.action}
        </Stack>
      </Card>
    );
  else if ((shown ?? total) === 0)
    body = (
      <Card withBorder padding="lg" radius="md">
        <Text c="dimmed" size="sm" ta="center" data-testid={`${testId}-no-match`}>
          {noMatch}
        </Text>
      </Card>
    );
  return (
    <>
      {error}
      {body}
    </>
  );
}

/** The question before a delete: the text names the item; Cancel and a red Delete. */
export function ConfirmDelete({
  opened,
  title,
  text,
  pending,
  onClose,
  onConfirm,
  confirmLabel,
  confirmTestId,
}: {
  opened: boolean;
  title: ReactNode;
  text: ReactNode;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** Defaults to "Delete". */
  confirmLabel?: ReactNode;
  confirmTestId?: string;
}) {
  const { t } = useTranslation();
  const shown = useKeptWhileClosing({ title, text }, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={shown.title} centered>
      <Stack>
        <Text size="sm">{shown.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel ?? t('common:actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** An icon button in a list row; its label is the tooltip and the accessible name. */
export function RowAction({
  label,
  icon,
  onClick,
  color,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

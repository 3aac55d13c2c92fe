import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  Pagination,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChartBar,
  IconDownload,
  IconFileImport,
  IconHistory,
  IconPlayerPlay,
  IconPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import type { Import } from '@fiscus/contracts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { useOp, useOpMutation } from '@/lib/qry';
import { useImports } from '../api/imports';
import { formatBytes, isActive, isFinished } from '../lib/status';
import { ImportWizard, type WizardIntent } from './import-wizard';
import { LogDrawer } from './log-drawer';
import { ResultModal } from './result-modal';
import { StatusBadge } from './status-badge';
import { shownName } from '@/lib/names';

const PAGE = 50;

/** The imports of the domain: list, toolbar (New, Refresh, Run, Log, Result, Download, Delete). */
export function ImportsScreen() {
  const { t, i18n } = useTranslation('imports');
  const [params, setParams] = useSearchParams();
  const [objectId, setObjectId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [logFor, setLogFor] = useState<Import | null>(null);
  const [resultFor, setResultFor] = useState<Import | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const objects = useOp('objects.list', {});
  const list = useImports({
    objectId: objectId ?? undefined,
    offset: (page - 1) * PAGE,
    limit: PAGE,
  });
  const remove = useOpMutation('imports.delete');
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const total = list.data?.total ?? 0;

  // The wizard is driven by the address: `?import=<id>` opens that import, `?import=new` a new one.
  const wizardParam = params.get('import');
  const openWizard = (id: string | 'new', intent: WizardIntent = 'open') =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('import', id);
      if (intent === 'run') next.set('intent', 'run');
      else next.delete('intent');
      return next;
    });
  const closeWizard = () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('import');
      next.delete('intent');
      return next;
    });

  // Selection keeps only rows still listed.
  useEffect(() => {
    setSelected((s) => {
      const kept = s.filter((id) => items.some((i) => i.id === id));
      return kept.length === s.length ? s : kept;
    });
  }, [items]);

  const chosen = items.filter((i) => selected.includes(i.id));
  const single = chosen.length === 1 ? chosen[0]! : null;
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const allChecked = items.length > 0 && items.every((i) => selected.includes(i.id));

  const download = async (imp: Import) => {
    setDownloading(true);
    try {
      await downloadFile(imp.fileId, imp.fileName);
    } catch (err) {
      notifications.show({ color: 'red', message: messageOf(err) });
    } finally {
      setDownloading(false);
    }
  };

  const objectOptions = (objects.data?.items ?? []).map((o) => ({
    value: o.id,
    label: shownName(o),
  }));
  const dateFmt = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  return (
    <Stack gap="sm" data-testid="imports-screen">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={3}>{t('title')}</Title>
          {list.data && (
            <Text c="dimmed" size="sm" data-testid="imports-total">
              {t('total', { count: total })}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('hint')}
        </Text>
      </Group>

      <Card withBorder padding="xs" radius="md">
        <Group gap="xs" wrap="wrap">
          <Can I="create" a="Import">
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              onClick={() => openWizard('new')}
              data-testid="imports-new"
            >
              {t('common:actions.new')}
            </Button>
          </Can>
          <Tooltip label={t('common:actions.refresh')}>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={t('common:actions.refresh')}
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isLoading}
              data-testid="imports-refresh"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <Select
            size="xs"
            placeholder={t('allObjects')}
            aria-label={t('filterObject')}
            data={objectOptions}
            value={objectId}
            onChange={(v) => {
              setObjectId(v);
              setPage(1);
            }}
            clearable
            searchable
            style={{ flex: '1 1 160px', maxWidth: 240 }}
            data-testid="imports-object-filter"
          />
          <Can I="update" a="Import">
            <SelectionAction
              tip={single ? runHint(single, t) : t('selectOne')}
              icon={<IconPlayerPlay size={16} />}
              disabled={!single}
              onClick={() => single && openWizard(single.id, 'run')}
              testId="imports-run"
            >
              {t('common:actions.run')}
            </SelectionAction>
          </Can>
          <SelectionAction
            tip={single ? t('common:actions.log') : t('selectOne')}
            icon={<IconHistory size={16} />}
            disabled={!single || single.status === 'draft'}
            onClick={() => single && setLogFor(single)}
            testId="imports-log"
          >
            {t('common:actions.log')}
          </SelectionAction>
          <SelectionAction
            tip={single ? t('common:actions.result') : t('selectOne')}
            icon={<IconChartBar size={16} />}
            disabled={!single || !isFinished(single.status)}
            onClick={() => single && setResultFor(single)}
            testId="imports-result"
          >
            {t('common:actions.result')}
          </SelectionAction>
          <SelectionAction
            tip={single ? t('downloadHint') : t('selectOne')}
            icon={<IconDownload size={16} />}
            disabled={!single}
            loading={downloading}
            onClick={() => single && void download(single)}
            testId="imports-download"
          >
            {t('common:actions.download')}
          </SelectionAction>
          <Can I="delete" a="Import">
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={chosen.length === 0 || chosen.some((i) => isActive(i.status))}
              onClick={() => setConfirmDelete(true)}
              data-testid="imports-delete"
            >
              {t('common:actions.delete')}
              {chosen.length > 0 && ` (${chosen.length})`}
            </Button>
          </Can>
        </Group>
      </Card>

      {list.isLoading && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {list.isError && (
        <Alert color="red" title={t('loadError')} data-testid="imports-error">
          <Group gap="xs">
            <Text size="sm">{messageOf(list.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {list.data && items.length === 0 && (
        <Card withBorder padding="xl" radius="md" data-testid="imports-empty">
          <Stack align="center" gap="xs">
            <IconFileImport size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text fw={500}>{objectId ? t('noneForObject') : t('none')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('noneHint')}
            </Text>
            <Can I="create" a="Import">
              <Button
                mt="xs"
                leftSection={<IconPlus size={16} />}
                onClick={() => openWizard('new')}
              >
                {t('newImport')}
              </Button>
            </Can>
          </Stack>
        </Card>
      )}
      {items.length > 0 && (
        <Card withBorder padding={0} radius="md">
          <Table.ScrollContainer minWidth={980}>
            <Table highlightOnHover verticalSpacing="xs" data-testid="imports-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label={t('selectAll')}
                      checked={allChecked}
                      indeterminate={selected.length > 0 && !allChecked}
                      onChange={() => setSelected(allChecked ? [] : items.map((i) => i.id))}
                    />
                  </Table.Th>
                  <Table.Th>{t('col.status')}</Table.Th>
                  <Table.Th>{t('col.object')}</Table.Th>
                  <Table.Th>{t('col.file')}</Table.Th>
                  <Table.Th ta="right">{t('col.size')}</Table.Th>
                  <Table.Th ta="right">{t('col.rows')}</Table.Th>
                  <Table.Th ta="right">{t('col.counts')}</Table.Th>
                  <Table.Th>{t('col.who')}</Table.Th>
                  <Table.Th>{t('col.when')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((imp) => (
                  <Table.Tr
                    key={imp.id}
                    data-testid="import-row"
                    data-status={imp.status}
                    bg={
                      selected.includes(imp.id) ? 'var(--mantine-primary-color-light)' : undefined
                    }
                    style={{ cursor: 'pointer' }}
                    onClick={() => toggle(imp.id)}
                    onDoubleClick={() => openWizard(imp.id)}
                  >
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Checkbox
                        aria-label={t('selectRow', { name: imp.fileName })}
                        checked={selected.includes(imp.id)}
                        onChange={() => toggle(imp.id)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} miw={120} align="flex-start">
                        <StatusBadge status={imp.status} />
                        {isActive(imp.status) && (
                          <Progress
                            size="sm"
                            w="100%"
                            value={Math.round(imp.progress * 100)}
                            animated
                            aria-label={t('progress')}
                          />
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{imp.objectName}</Text>
                    </Table.Td>
                    <Table.Td maw={260}>
                      <Text
                        size="sm"
                        fw={500}
                        truncate
                        c="var(--mantine-primary-color-filled)"
                        style={{ cursor: 'pointer' }}
                        onClick={(e) => {
                          e.stopPropagation();
                          openWizard(imp.id);
                        }}
                        title={imp.fileName}
                      >
                        {imp.fileName}
                      </Text>
                      <Text size="xs" c="dimmed" tt="uppercase">
                        {imp.format}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{formatBytes(imp.fileSize, i18n.language)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">
                        {imp.processed.toLocaleString(i18n.language)}
                        {imp.total !== null && ` / ${imp.total.toLocaleString(i18n.language)}`}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {imp.result ? (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <CountBadge color="teal" label={t('inserted')} n={imp.result.inserted} />
                          <CountBadge color="blue" label={t('updated')} n={imp.result.updated} />
                          <CountBadge color="gray" label={t('skipped')} n={imp.result.skipped} />
                          <CountBadge color="red" label={t('failed')} n={imp.result.failed} />
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{imp.createdByName ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dateFmt.format(new Date(imp.createdAt))}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {total > PAGE && (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={Math.ceil(total / PAGE)}
            value={page}
            onChange={setPage}
            aria-label={t('pages')}
          />
        </Group>
      )}

      <ImportWizard
        opened={wizardParam !== null}
        importId={wizardParam && wizardParam !== 'new' ? wizardParam : null}
        intent={params.get('intent') === 'run' ? 'run' : 'open'}
        defaultObjectId={objectId}
        onCreated={(imp) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.set('import', imp.id);
              return next;
            },
            { replace: true },
          )
        }
        onClose={closeWizard}
      />
      <LogDrawer imp={logFor} onClose={() => setLogFor(null)} />
      <ResultModal
        imp={resultFor}
        onClose={() => setResultFor(null)}
        onLog={() => {
          setLogFor(resultFor);
          setResultFor(null);
        }}
      />
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('deleteTitle')}
        centered
      >
        <Stack>
          <Text size="sm">{t('deleteText', { count: chosen.length })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              data-testid="imports-delete-confirm"
              onClick={() =>
                remove.mutate(
                  { ids: chosen.map((i) => i.id) },
                  {
                    onSuccess: (out) => {
                      setConfirmDelete(false);
                      setSelected([]);
                      notifications.show({
                        color: 'teal',
                        message: t('deleted', { count: out.affected }),
                      });
                    },
                    onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
                  },
                )
              }
            >
              {t('common:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function runHint(imp: Import, t: (k: string) => string): string {
  if (imp.status === 'draft') return t('runDraft');
  if (isActive(imp.status)) return t('runActive');
  return t('runAgain');
}

function CountBadge({ color, label, n }: { color: string; label: string; n: number }) {
  return (
    <Tooltip label={label}>
      <Badge
        size="sm"
        variant="light"
        color={n === 0 ? 'gray' : color}
        aria-label={`${label}: ${n}`}
      >
        {n}
      </Badge>
    </Tooltip>
  );
}

/** A toolbar button acting on the selected import, with a hint when it cannot. */
function SelectionAction({
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
  testId: string;
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

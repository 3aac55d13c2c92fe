import { Button, Group, Pagination, Stack } from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import type { Import } from '@fiscus/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader, ListStates } from '@/components/list-shell';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { useOp } from '@/lib/qry';
import { useImports } from '../api/imports';
import { useWizardAddress } from '../hooks/use-wizard-address';
import { DeleteImportsModal } from './delete-imports-modal';
import { ImportWizard } from './import-wizard';
import { ImportsTable } from './imports-table';
import { ImportsToolbar } from './imports-toolbar';
import { LogDrawer } from './log-drawer';
import { ResultModal } from './result-modal';
import { shownName } from '@/lib/names';

const PAGE = 50;

/** The imports of the domain: list, toolbar (New, Refresh, Run, Log, Result, Download, Delete). */
export function ImportsScreen() {
  const { t } = useTranslation('imports');
  const wizard = useWizardAddress();
  const objectId = wizard.objectId;
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
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const total = list.data?.total ?? 0;

  // Selection keeps only rows still listed.
  useEffect(() => {
    setSelected((s) => {
      const kept = s.filter((id) => items.some((i) => i.id === id));
      return kept.length === s.length ? s : kept;
    });
  }, [items]);
  const chosen = items.filter((i) => selected.includes(i.id));

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

  return (
    <Stack gap="sm" data-testid="imports-screen">
      <ListHeader
        title={t('title')}
        count={list.data && t('total', { count: total })}
        countTestId="imports-total"
        hint={t('hint')}
      />
      <ImportsToolbar
        chosen={chosen}
        objectOptions={(objects.data?.items ?? []).map((o) => ({
          value: o.id,
          label: shownName(o),
        }))}
        objectId={objectId}
        onObjectChange={(v) => {
          wizard.setObjectId(v);
          setPage(1);
        }}
        refreshing={list.isFetching && !list.isLoading}
        downloading={downloading}
        onNew={() => wizard.open('new')}
        onRefresh={() => void list.refetch()}
        onRun={(imp) => wizard.open(imp.id, 'run')}
        onLog={setLogFor}
        onResult={setResultFor}
        onDownload={(imp) => void download(imp)}
        onDelete={() => setConfirmDelete(true)}
      />

      <ListStates
        query={list}
        total={list.data && items.length}
        testId="imports"
        errorTitle={t('loadError')}
        empty={{
          icon: <IconFileImport size={30} />,
          title: objectId ? t('noneForObject') : t('none'),
          text: t('noneHint'),
          action: (
            <Can I="create" a="Import">
              <Button
                mt="xs"
                leftSection={<IconPlus size={16} />}
                onClick={() => wizard.open('new')}
              >
                {t('newImport')}
              </Button>
            </Can>
          ),
        }}
      >
        <ImportsTable
          items={items}
          selected={selected}
          onSelectedChange={setSelected}
          onOpen={(id) => wizard.open(id)}
        />
      </ListStates>
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
        opened={wizard.opened}
        importId={wizard.importId}
        intent={wizard.intent}
        defaultObjectId={objectId}
        onCreated={wizard.created}
        onClose={wizard.close}
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
      <DeleteImportsModal
        opened={confirmDelete}
        chosen={chosen}
        onClose={() => setConfirmDelete(false)}
        onDeleted={() => {
          setConfirmDelete(false);
          setSelected([]);
        }}
      />
    </Stack>
  );
}

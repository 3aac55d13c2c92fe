import { Button, Select } from '@mantine/core';
import {
  IconChartBar,
  IconDownload,
  IconHistory,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import type { Import } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { ListToolbar, ToolbarAction } from '@/components/list-shell';
import { Can } from '@/lib/ability';
import { isActive, isFinished } from '../lib/status';

/** The imports screen's toolbar: New, Refresh, the object filter and the selection's actions. */
export function ImportsToolbar({
  chosen,
  objectOptions,
  objectId,
  onObjectChange,
  refreshing,
  downloading,
  onNew,
  onRefresh,
  onRun,
  onLog,
  onResult,
  onDownload,
  onDelete,
}: {
  chosen: Import[];
  objectOptions: { value: string; label: string }[];
  objectId: string | null;
  onObjectChange: (id: string | null) => void;
  refreshing: boolean;
  downloading: boolean;
  onNew: () => void;
  onRefresh: () => void;
  onRun: (imp: Import) => void;
  onLog: (imp: Import) => void;
  onResult: (imp: Import) => void;
  onDownload: (imp: Import) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('imports');
  const single = chosen.length === 1 ? chosen[0]! : null;
  return (
    <ListToolbar
      onNew={onNew}
      newPermission={{ I: 'create', a: 'Import' }}
      newTestId="imports-new"
      onRefresh={onRefresh}
      refreshing={refreshing}
      refreshTestId="imports-refresh"
    >
      <Select
        size="xs"
        placeholder={t('allObjects')}
        aria-label={t('filterObject')}
        data={objectOptions}
        value={objectId}
        onChange={onObjectChange}
        clearable
        searchable
        style={{ flex: '1 1 160px', maxWidth: 240 }}
        data-testid="imports-object-filter"
      />
      <Can I="update" a="Import">
        <ToolbarAction
          tip={single ? runHint(single, t) : t('selectOne')}
          icon={<IconPlayerPlay size={16} />}
          disabled={!single}
          onClick={() => single && onRun(single)}
          testId="imports-run"
        >
          {t('common:actions.run')}
        </ToolbarAction>
      </Can>
      <ToolbarAction
        tip={single ? t('common:actions.log') : t('selectOne')}
        icon={<IconHistory size={16} />}
        disabled={!single || single.status === 'draft'}
        onClick={() => single && onLog(single)}
        testId="imports-log"
      >
        {t('common:actions.log')}
      </ToolbarAction>
      <ToolbarAction
        tip={single ? t('common:actions.result') : t('selectOne')}
        icon={<IconChartBar size={16} />}
        disabled={!single || !isFinished(single.status)}
        onClick={() => single && onResult(single)}
        testId="imports-result"
      >
        {t('common:actions.result')}
      </ToolbarAction>
      <ToolbarAction
        tip={single ? t('downloadHint') : t('selectOne')}
        icon={<IconDownload size={16} />}
        disabled={!single}
        loading={downloading}
        onClick={() => single && onDownload(single)}
        testId="imports-download"
      >
        {t('common:actions.download')}
      </ToolbarAction>
      <Can I="delete" a="Import">
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={chosen.length === 0 || chosen.some((i) => isActive(i.status))}
          onClick={onDelete}
          data-testid="imports-delete"
        >
          {t('common:actions.delete')}
          {chosen.length > 0 && ` (${chosen.length})`}
        </Button>
      </Can>
    </ListToolbar>
  );
}

function runHint(imp: Import, t: (k: string) => string): string {
  if (imp.status === 'draft') return t('runDraft');
  if (isActive(imp.status)) return t('runActive');
  return t('runAgain');
}

import { ActionIcon, Button, Card, Group, Select, Tooltip } from '@mantine/core';
import {
  IconChartBar,
  IconDownload,
  IconHistory,
  IconPlayerPlay,
  IconPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import type { Import } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { Can } from '@/lib/ability';
import { isActive, isFinished } from '../lib/status';
import { SelectionAction } from './selection-action';

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
    <Card withBorder padding="xs" radius="md">
      <Group gap="xs" wrap="wrap">
        <Can I="create" a="Import">
          <Button
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={onNew}
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
            onClick={onRefresh}
            loading={refreshing}
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
          onChange={onObjectChange}
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
            onClick={() => single && onRun(single)}
            testId="imports-run"
          >
            {t('common:actions.run')}
          </SelectionAction>
        </Can>
        <SelectionAction
          tip={single ? t('common:actions.log') : t('selectOne')}
          icon={<IconHistory size={16} />}
          disabled={!single || single.status === 'draft'}
          onClick={() => single && onLog(single)}
          testId="imports-log"
        >
          {t('common:actions.log')}
        </SelectionAction>
        <SelectionAction
          tip={single ? t('common:actions.result') : t('selectOne')}
          icon={<IconChartBar size={16} />}
          disabled={!single || !isFinished(single.status)}
          onClick={() => single && onResult(single)}
          testId="imports-result"
        >
          {t('common:actions.result')}
        </SelectionAction>
        <SelectionAction
          tip={single ? t('downloadHint') : t('selectOne')}
          icon={<IconDownload size={16} />}
          disabled={!single}
          loading={downloading}
          onClick={() => single && onDownload(single)}
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
            onClick={onDelete}
            data-testid="imports-delete"
          >
            {t('common:actions.delete')}
            {chosen.length > 0 && ` (${chosen.length})`}
          </Button>
        </Can>
      </Group>
    </Card>
  );
}

function runHint(imp: Import, t: (k: string) => string): string {
  if (imp.status === 'draft') return t('runDraft');
  if (isActive(imp.status)) return t('runActive');
  return t('runAgain');
}

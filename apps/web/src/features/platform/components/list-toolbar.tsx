import { ActionIcon, Button, Card, Group, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import type { PlatformObject, SavedView, ViewDefinition } from '@fiscus/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/lib/ability';
import type { ListState } from '../hooks/use-list-state';
import { filterFields } from '../lib/fields';
import { ExportMenu, type ExportView } from './export-menu';
import { ListSearch } from './list-search';
import { ListSelectionActions } from './list-selection-actions';
import { ListSettingsMenu } from './list-settings-menu';
import { FieldsPopover, FilterPopover, GroupPopover, SortPopover } from './toolbar-popovers';
import { ViewsMenu } from './views-menu';
import { shownName } from '@/lib/names';

/** The list screen's toolbar: New, Refresh, Search, Filter, Group, Sort, Fields, Views, Export… */
export function ListToolbar({
  meta,
  state,
  readOnly,
  search,
  onSearch,
  onNew,
  onRefresh,
  onUpdate,
  onResetFields,
  onSettings,
  onSwitchView,
  onViewSaved,
  exportView,
  ids,
  onConfirm,
  onCard,
  onLog,
  extra,
}: {
  meta: PlatformObject;
  state: ListState;
  /** A mounted object: no New, Delete, Restore or Log. */
  readOnly: boolean;
  search: string;
  onSearch: (text: string) => void;
  onNew: () => void;
  onRefresh: () => void;
  onUpdate: (patch: Partial<ViewDefinition>) => void;
  onResetFields: () => void;
  onSettings: (s: Partial<Pick<ListState, 'recordState' | 'rowHeight'>>) => void;
  onSwitchView: (view: SavedView | null) => void;
  onViewSaved: (view: SavedView) => void;
  exportView: ExportView;
  ids: number[];
  onConfirm: (kind: 'delete' | 'restore') => void;
  onCard: (id: number) => void;
  onLog: (id: number) => void;
  /** Buttons other parts of the console add after the toolbar's own (actions). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('platform');
  const def = state.definition;
  return (
    <Card withBorder padding="xs" radius="md">
      <Group gap="xs" wrap="wrap">
        {!readOnly && (
          <Can I="create" a="Record">
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              onClick={onNew}
              disabled={state.recordState === 'deleted'}
              data-testid="toolbar-new"
            >
              {t('common:actions.new')}
            </Button>
          </Can>
        )}
        <Tooltip label={t('common:actions.refresh')}>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t('common:actions.refresh')}
            onClick={onRefresh}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
        <ListSearch value={search} onChange={onSearch} />
        <FilterPopover
          value={def.filter}
          fields={filterFields(meta, t)}
          onApply={(filter) => onUpdate({ filter })}
        />
        <GroupPopover
          meta={meta}
          value={def.groupby}
          onChange={(groupby) => onUpdate({ groupby })}
        />
        <SortPopover
          meta={meta}
          value={def.orderby}
          onChange={(orderby) => onUpdate({ orderby })}
        />
        <FieldsPopover
          meta={meta}
          definition={def}
          onChange={(cols) => onUpdate({ columns: cols })}
          onReset={onResetFields}
        />
        <ViewsMenu
          objectId={meta.id}
          viewId={state.viewId}
          dirty={state.dirty}
          definition={def}
          onSwitch={onSwitchView}
          onSaved={onViewSaved}
        />
        <ExportMenu view={exportView} baseName={meta.code || 'export'} title={shownName(meta)} />
        <ListSelectionActions
          readOnly={readOnly}
          recordState={state.recordState}
          ids={ids}
          onConfirm={onConfirm}
          onCard={onCard}
          onLog={onLog}
        />
        <ListSettingsMenu state={state} onChange={onSettings} />
        {extra}
      </Group>
    </Card>
  );
}

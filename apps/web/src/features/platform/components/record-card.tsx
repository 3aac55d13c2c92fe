import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconExternalLink, IconHistory } from '@tabler/icons-react';
import type { PlatformObject, RecordRow } from '@fiscus/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { useRecordEditor } from '../hooks/use-record-editor';
import { recordPagePath } from '../lib/fields';
import { HistoryDrawer } from './history-drawer';
import { RecordForm } from './record-form';
import { displayFieldOf } from './reference-picker';
import { useOp } from '@/lib/qry';
import { shownName } from '@/lib/names';
import { NameTranslationsInput } from '@/components/names-input';

/**
 * The record card: "New record" (Create, Create and Clear, Create and Close, Create & Update)
 * or "Record card" of an existing record (Save, Cancel, Log, open as a page).
 */
export function RecordCard({
  meta,
  recordId,
  opened,
  onClose,
  onCreated,
  actions,
}: {
  meta: PlatformObject;
  /** null: a new record. */
  recordId: number | null;
  opened: boolean;
  onClose: () => void;
  onCreated?: (row: RecordRow) => void;
  /** Buttons for an existing record (the actions placed on the card). */
  actions?: (recordId: number) => ReactNode;
}) {
  const { t } = useTranslation('platform');
  const [editingId, setEditingId] = useState<number | null>(recordId);
  useEffect(() => setEditingId(recordId), [recordId, opened]);
  const record = useOp(
    'records.get',
    { objectId: meta.id, id: editingId ?? 1 },
    { enabled: opened && editingId !== null },
  );
  const editor = useRecordEditor(meta, editingId === null ? null : record.data);
  const { reset } = editor;
  // A new record card starts from the fields' defaults every time it opens.
  useEffect(() => {
    if (opened && recordId === null) reset();
  }, [opened, recordId, reset]);
  const [logOpen, setLogOpen] = useState(false);
  const isNew = editingId === null;
  const deleted = !!record.data?.deletedAt;
  // A mounted object's rows come from outside: shown, never changed here.
  const mounted = meta.kind === 'mounted';

  const created = (row: RecordRow) => {
    notifications.show({ color: 'teal', message: t('record.created', { id: row.id }) });
    onCreated?.(row);
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        size="xl"
        title={
          <Group gap="xs">
            <Text fw={600}>
              {isNew ? t('common:actions.newRecord') : t('common:actions.recordCard')}
            </Text>
            <Text c="dimmed">
              {shownName(meta)}
              {!isNew && ` #${editingId}`}
            </Text>
            {deleted && (
              <Badge color="red" variant="light">
                {t('record.deleted')}
              </Badge>
            )}
          </Group>
        }
        closeOnClickOutside={false}
        data-testid="record-card"
      >
        {!isNew && record.isLoading && (
          <Group justify="center" py="xl">
            <Loader size="sm" />
          </Group>
        )}
        {!isNew && record.isError && <Alert color="red">{messageOf(record.error)}</Alert>}
        {(isNew || record.data) && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
            }}
            noValidate
          >
            <Stack>
              {editor.formError && (
                <Alert color="red" role="alert">
                  {editor.formError}
                </Alert>
              )}
              <RecordForm
                meta={meta}
                values={editor.values}
                errors={editor.errors}
                onChange={editor.onChange}
                readOnly={deleted || mounted}
              />
              {editor.names && (
                <NameTranslationsInput
                  value={editor.names}
                  onChange={editor.setNames}
                  fallback={String(editor.values[displayFieldOf(meta)?.code ?? ''] ?? '')}
                  errors={editor.errors}
                />
              )}
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  {!isNew && (
                    <>
                      {!mounted && (
                        <Button
                          variant="subtle"
                          size="sm"
                          leftSection={<IconHistory size={16} />}
                          onClick={() => setLogOpen(true)}
                        >
                          {t('common:actions.log')}
                        </Button>
                      )}
                      <Button
                        variant="subtle"
                        size="sm"
                        component={Link}
                        to={recordPagePath(meta.id, editingId ?? 0)}
                        leftSection={<IconExternalLink size={16} />}
                      >
                        {t('record.openPage')}
                      </Button>
                      {editingId !== null && !deleted && actions?.(editingId)}
                    </>
                  )}
                </Group>
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  <Button variant="default" onClick={onClose}>
                    {t('common:actions.cancel')}
                  </Button>
                  {mounted ? null : isNew ? (
                    <Can I="create" a="Record">
                      <Button
                        variant="light"
                        loading={editor.busy}
                        onClick={async () => {
                          const row = await editor.submitCreate();
                          if (row) {
                            created(row);
                            editor.reset();
                          }
                        }}
                      >
                        {t('common:actions.createAndClear')}
                      </Button>
                      <Button
                        variant="light"
                        loading={editor.busy}
                        onClick={async () => {
                          const row = await editor.submitCreate();
                          if (row) {
                            created(row);
                            setEditingId(row.id);
                          }
                        }}
                      >
                        {t('common:actions.createAndUpdate')}
                      </Button>
                      <Button
                        variant="light"
                        loading={editor.busy}
                        onClick={async () => {
                          const row = await editor.submitCreate();
                          if (row) {
                            created(row);
                            onClose();
                          }
                        }}
                      >
                        {t('common:actions.createAndClose')}
                      </Button>
                      <Button
                        type="submit"
                        loading={editor.busy}
                        onClick={async () => {
                          // Create keeps the values, ready for a similar record.
                          const row = await editor.submitCreate();
                          if (row) created(row);
                        }}
                        data-testid="record-create"
                      >
                        {t('common:actions.create')}
                      </Button>
                    </Can>
                  ) : (
                    <Can I="update" a="Record">
                      <Button
                        type="submit"
                        loading={editor.busy}
                        disabled={deleted}
                        onClick={async () => {
                          const row = await editor.submitUpdate();
                          if (row)
                            notifications.show({
                              color: 'teal',
                              message: t('record.saved', { id: row.id }),
                            });
                        }}
                        data-testid="record-save"
                      >
                        {t('common:actions.save')}
                      </Button>
                    </Can>
                  )}
                </Group>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <HistoryDrawer
        meta={meta}
        recordId={editingId}
        opened={logOpen}
        onClose={() => setLogOpen(false)}
      />
    </>
  );
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconArrowLeft, IconHistory, IconLink, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '@/lib/ability';
import { errorOf, messageOf } from '@/lib/api-client';
import { useRecordEditor } from '../hooks/use-record-editor';
import { objectPath } from '../lib/paths';
import { HistoryDrawer } from './history-drawer';
import { RecordForm } from './record-form';
import { displayFieldOf } from './reference-picker';
import { useOp, useOpMutation } from '@/lib/qry';
import { shownName } from '@/lib/names';
import { NameTranslationsInput } from '@/components/names-input';

/** Copies text to the clipboard, with a fallback for browsers without the async clipboard. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** The record page (full layout): one record with its fields, Save, Delete/Restore, Log, GetLink. */
export function RecordPage({
  objectId,
  recordId,
  actions,
}: {
  objectId: string;
  recordId: number;
  /** Buttons for the record (the actions placed on its card). */
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('platform');
  const meta = useOp('objects.get', { id: objectId });
  const record = useOp(
    'records.get',
    { objectId, id: recordId },
    { enabled: Number.isSafeInteger(recordId) && recordId > 0 },
  );
  const editor = useRecordEditor(meta.data, record.data);
  const [logOpen, setLogOpen] = useState(false);
  const remove = useOpMutation('records.delete');
  const restore = useOpMutation('records.restore');

  if (!Number.isSafeInteger(recordId) || recordId <= 0) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={t('record.notFound')}>
          <Anchor component={Link} to="/fiscus/objects">
            {t('record.backToObjects')}
          </Anchor>
        </Alert>
      </Container>
    );
  }
  if (meta.isLoading || record.isLoading) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  const failure = meta.error ?? record.error;
  if (failure || !meta.data || !record.data) {
    const code = errorOf(failure)?.code;
    // A record that is not there is said once; only a failed load offers to try again.
    const missing = code === 'not_found' || code === 'forbidden';
    return (
      <Container size="sm" py="xl">
        <Alert
          color={missing ? 'orange' : 'red'}
          title={missing ? t('record.notFound') : t('record.loadError')}
          data-testid="record-missing"
        >
          <Stack gap="xs" align="flex-start">
            {!missing && <Text size="sm">{messageOf(failure)}</Text>}
            <Group gap="xs">
              {!missing && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => void Promise.all([meta.refetch(), record.refetch()])}
                >
                  {t('common:retry')}
                </Button>
              )}
              <Button size="xs" variant="subtle" component={Link} to="/fiscus/objects">
                {t('record.backToObjects')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Container>
    );
  }
  const m = meta.data;
  const row = record.data;
  const deleted = !!row.deletedAt;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Container size="lg" py="lg" data-testid="record-page">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Button
              component={Link}
              to={objectPath(m.id)}
              variant="subtle"
              leftSection={<IconArrowLeft size={16} />}
            >
              {shownName(m)}
            </Button>
            <Title order={3}>
              {t('common:actions.recordCard')} #{row.id}
            </Title>
            {deleted && (
              <Badge color="red" variant="light">
                {t('record.deleted')}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {!deleted && actions}
            <Button
              variant="default"
              leftSection={<IconLink size={16} />}
              onClick={() =>
                copyText(window.location.href).then(
                  () => notifications.show({ color: 'teal', message: t('record.linkCopied') }),
                  () => notifications.show({ color: 'red', message: t('record.linkNotCopied') }),
                )
              }
              data-testid="get-link"
            >
              {t('common:actions.getLink')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconHistory size={16} />}
              onClick={() => setLogOpen(true)}
            >
              {t('common:actions.log')}
            </Button>
            {deleted ? (
              <Can I="update" a="Record">
                <Button
                  variant="light"
                  color="grape"
                  leftSection={<IconRestore size={16} />}
                  loading={restore.isPending}
                  onClick={() =>
                    restore.mutate(
                      { objectId: m.id, ids: [row.id] },
                      {
                        onSuccess: () => {
                          void record.refetch();
                          notifications.show({
                            color: 'teal',
                            message: t('list.restored', { count: 1 }),
                          });
                        },
                        onError: (err) =>
                          notifications.show({ color: 'red', message: messageOf(err) }),
                      },
                    )
                  }
                >
                  {t('common:actions.restore')}
                </Button>
              </Can>
            ) : (
              <Can I="delete" a="Record">
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { objectId: m.id, ids: [row.id] },
                      {
                        onSuccess: () => {
                          void record.refetch();
                          notifications.show({
                            color: 'teal',
                            message: t('list.deleted', { count: 1 }),
                          });
                        },
                        onError: (err) =>
                          notifications.show({ color: 'red', message: messageOf(err) }),
                      },
                    )
                  }
                >
                  {t('common:actions.delete')}
                </Button>
              </Can>
            )}
          </Group>
        </Group>
        <Card withBorder radius="md" padding="lg">
          <form
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              const saved = await editor.submitUpdate();
              if (saved)
                notifications.show({ color: 'teal', message: t('record.saved', { id: saved.id }) });
            }}
          >
            <Stack>
              {editor.formError && (
                <Alert color="red" role="alert">
                  {editor.formError}
                </Alert>
              )}
              <RecordForm
                meta={m}
                values={editor.values}
                errors={editor.errors}
                onChange={editor.onChange}
                readOnly={deleted}
                cols={3}
              />
              {editor.names && (
                <NameTranslationsInput
                  value={editor.names}
                  onChange={editor.setNames}
                  fallback={String(editor.values[displayFieldOf(m)?.code ?? ''] ?? '')}
                  errors={editor.errors}
                />
              )}
              <Group justify="space-between" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {t('record.meta', {
                    created: when.format(new Date(row.createdAt)),
                    updated: when.format(new Date(row.updatedAt)),
                  })}
                </Text>
                <Group gap="xs">
                  <Button variant="default" onClick={editor.reset}>
                    {t('common:actions.cancel')}
                  </Button>
                  <Can I="update" a="Record">
                    <Button
                      type="submit"
                      loading={editor.busy}
                      disabled={deleted}
                      data-testid="record-save"
                    >
                      {t('common:actions.save')}
                    </Button>
                  </Can>
                </Group>
              </Group>
            </Stack>
          </form>
        </Card>
      </Stack>
      <HistoryDrawer
        meta={m}
        recordId={row.id}
        opened={logOpen}
        onClose={() => setLogOpen(false)}
      />
    </Container>
  );
}

import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@/lib/toast';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { FieldType, MountMode, SourceColumn } from '@fiscus/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf, messageOf } from '@/lib/api-client';
import { startChunkedUpload } from '@/lib/chunked-upload';
import { useOp, useOpMutation } from '@/lib/qry';
import { tableLabel } from './source-browser';

/** Field types a source column may be shown as (the server checks the same). */
function typesFor(
  c: SourceColumn,
  dialect: 'postgres' | 'mysql' | 'sqlite' | undefined,
): FieldType[] {
  const text: FieldType[] = ['text', 'longtext', 'email', 'url', 'phone', 'select'];
  switch (c.proposed) {
    case 'integer':
    case 'decimal':
      return [
        'integer',
        'decimal',
        'money',
        'percent',
        ...(c.proposed === 'integer' ? (['boolean'] as FieldType[]) : []),
        ...text,
      ];
    case 'boolean':
      return ['boolean', ...text];
    case 'date':
    case 'datetime':
      return ['date', 'datetime', ...text];
    case 'text':
      return dialect === 'sqlite' ? [...text, 'date', 'datetime'] : text;
    case 'longtext':
      return ['longtext', 'text'];
    default:
      return [];
  }
}

interface ColumnPick {
  column: string;
  include: boolean;
  name: string;
  type: FieldType;
}

const SCHEDULES = ['', '15', '60', '360', '1440'] as const;

/** New mount: source → table → columns and types → mode (live / synced, schedule). */
export function MountWizard({
  opened,
  initial,
  onClose,
  onCreated,
}: {
  opened: boolean;
  initial?: { sourceId: string; schema: string | null; table: string };
  onClose: () => void;
  onCreated: (objectId: string) => void;
}) {
  const { t } = useTranslation('datasources');
  const [step, setStep] = useState(0);
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [table, setTable] = useState<{ schema: string | null; name: string } | null>(null);
  const [name, setName] = useState('');
  const [cols, setCols] = useState<ColumnPick[]>([]);
  const [display, setDisplay] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [updated, setUpdated] = useState<string | null>(null);
  const [mode, setMode] = useState<MountMode>('live');
  const [schedule, setSchedule] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const sources = useOp('datasources.list', {}, { enabled: opened });
  const tables = useOp(
    'datasources.tables',
    { id: sourceId ?? '' },
    { enabled: opened && !!sourceId },
  );
  const inspect = useOp(
    'mounts.inspect',
    { sourceId: sourceId ?? '', schema: table?.schema ?? null, table: table?.name ?? '' },
    { enabled: opened && !!sourceId && !!table },
  );
  const create = useOpMutation('mounts.create');
  const kind = sources.data?.items.find((s) => s.id === sourceId)?.kind;
  // CSV/XLSX file sources are SQLite databases made from the file.
  const dialect =
    kind === undefined ? undefined : kind === 'postgres' || kind === 'mysql' ? kind : 'sqlite';
  const tableKind = tables.data?.tables.find(
    (x) => x.name === table?.name && x.schema === (table?.schema ?? null),
  )?.kind;
  const makeSource = useOpMutation('datasources.create');
  const [uploading, setUploading] = useState<string | null>(null);
  /** "Upload a file": the file becomes a data source of its own, then its tables are offered. */
  const uploadFile = async (file: File) => {
    setUploading(file.name);
    setError(null);
    try {
      const stored = await startChunkedUpload(file).done;
      const made = await makeSource.mutateAsync({
        name: file.name.slice(0, 120),
        kind: 'file',
        fileId: stored.fileId,
      });
      setSourceId(made.id);
      setTable(null);
      setStep(1);
    } catch (err) {
      const fields = errorOf(err)?.fields;
      setError(fields ? Object.values(fields).flat().join(' ') : messageOf(err));
    } finally {
      setUploading(null);
    }
  };

  useEffect(() => {
    if (!opened) return;
    setStep(initial ? 2 : 0);
    setSourceId(initial?.sourceId ?? null);
    setTable(initial ? { schema: initial.schema, name: initial.table } : null);
    setName(initial?.table ?? '');
    setError(null);
    setMode('live');
    setSchedule('');
    setUpdated(null);
  }, [opened, initial]);
  useEffect(() => {
    const columns = inspect.data?.columns;
    if (!columns) return;
    setCols(
      columns.map((c) => ({
        column: c.name,
        include: c.proposed !== null,
        name: c.name,
        type: (c.proposed ?? 'text') as FieldType,
      })),
    );
    setDisplay(columns.find((c) => c.proposed === 'text')?.name ?? null);
    // The whole-number primary key; else a SQLite table's own row number.
    const pk = columns.find((c) => c.key && c.proposed === 'integer')?.name;
    setKey(pk ?? (dialect === 'sqlite' && tableKind === 'table' ? 'rowid' : null));
  }, [inspect.data, dialect, tableKind]);

  const colsOf = useMemo(
    () => new Map((inspect.data?.columns ?? []).map((c) => [c.name, c])),
    [inspect.data],
  );
  const keyOptions = (inspect.data?.columns ?? [])
    .filter((c) => c.proposed === 'integer')
    .map((c) => ({ value: c.name, label: c.name }));
  const updatedOptions = (inspect.data?.columns ?? [])
    .filter((c) => ['date', 'datetime', 'integer', 'decimal'].includes(c.proposed ?? ''))
    .map((c) => ({ value: c.name, label: c.name }));

  const submit = () => {
    const picked = cols.filter((c) => c.include);
    if (!picked.length) return setError(t('wizard.noColumns'));
    setError(null);
    create.mutate(
      {
        sourceId: sourceId ?? undefined,
        schema: table?.schema ?? null,
        table: table?.name,
        name: name.trim() || table?.name || 'Mount',
        columns: picked.map((c) => ({
          column: c.column,
          name: c.name.trim() || c.column,
          type: c.type as never,
        })),
        ...(display ? { displayColumn: display } : {}),
        mode,
        keyColumn: key,
        updatedColumn: mode === 'synced' ? updated : null,
        scheduleMinutes: mode === 'synced' && schedule ? Number(schedule) : null,
      },
      {
        onSuccess: (m) => {
          notifications.show({ color: 'teal', message: t('wizard.created', { name: m.name }) });
          onCreated(m.objectId);
        },
        onError: (err) => {
          const fields = errorOf(err)?.fields;
          setError(fields ? Object.values(fields).flat().join(' ') : messageOf(err));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('wizard.title')} size="xl">
      <Stack data-testid="mount-wizard">
        <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} size="sm">
          <Stepper.Step label={t('wizard.stepSource')}>
            {sources.isLoading ? (
              <Loader />
            ) : (sources.data?.items.length ?? 0) === 0 ? (
              <Text c="dimmed">{t('wizard.noSources')}</Text>
            ) : (
              <Select
                label={t('wizard.source')}
                data={(sources.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
                value={sourceId}
                onChange={(v) => {
                  setSourceId(v);
                  setTable(null);
                }}
                data-testid="wizard-source"
              />
            )}
            <Stack gap={4} mt="md">
              <Text size="sm" fw={500}>
                {t('wizard.orUpload')}
              </Text>
              <Dropzone
                onDrop={(files) => files[0] && void uploadFile(files[0])}
                multiple={false}
                loading={uploading !== null}
                data-testid="wizard-file-dropzone"
              >
                <Group justify="center" gap="sm" mih={64} style={{ pointerEvents: 'none' }}>
                  <IconFileSpreadsheet size={28} />
                  <Text size="sm" c="dimmed" ta="center">
                    {uploading ? t('form.uploading', { name: uploading }) : t('wizard.uploadHint')}
                  </Text>
                </Group>
              </Dropzone>
              {step === 0 && error && (
                <Text size="xs" c="red" role="alert">
                  {error}
                </Text>
              )}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('wizard.stepTable')}>
            {tables.isLoading ? (
              <Loader />
            ) : tables.isError ? (
              <Alert color="red">{messageOf(tables.error)}</Alert>
            ) : (
              <Select
                label={t('wizard.table')}
                searchable
                data={(tables.data?.tables ?? []).map((x) => ({
                  value: JSON.stringify([x.schema, x.name]),
                  label: tableLabel(x),
                }))}
                value={table ? JSON.stringify([table.schema, table.name]) : null}
                onChange={(v) => {
                  if (!v) return setTable(null);
                  const [schema, tname] = JSON.parse(v) as [string | null, string];
                  setTable({ schema, name: tname });
                  setName(tname);
                }}
                data-testid="wizard-table"
              />
            )}
          </Stepper.Step>
          <Stepper.Step label={t('wizard.stepColumns')}>
            {inspect.isLoading ? (
              <Loader />
            ) : inspect.isError ? (
              <Alert color="red">{messageOf(inspect.error)}</Alert>
            ) : (
              <Stack gap="sm">
                <TextInput
                  label={t('wizard.name')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  data-testid="wizard-name"
                />
                <Table.ScrollContainer minWidth={560}>
                  <Table striped withTableBorder>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('wizard.include')}</Table.Th>
                        <Table.Th>{t('browser.column')}</Table.Th>
                        <Table.Th>{t('wizard.fieldName')}</Table.Th>
                        <Table.Th>{t('browser.proposed')}</Table.Th>
                        <Table.Th>{t('wizard.display')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {cols.map((c, i) => {
                        const src = colsOf.get(c.column);
                        const options = src ? typesFor(src, dialect) : [];
                        const patch = (p: Partial<ColumnPick>) =>
                          setCols((xs) => xs.map((x, j) => (j === i ? { ...x, ...p } : x)));
                        return (
                          <Table.Tr key={c.column}>
                            <Table.Td>
                              <Checkbox
                                checked={c.include}
                                disabled={!options.length}
                                onChange={(e) => patch({ include: e.currentTarget.checked })}
                                aria-label={`${t('wizard.include')} ${c.column}`}
                              />
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{c.column}</Text>
                              <Text size="xs" c="dimmed" ff="monospace">
                                {src?.type}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <TextInput
                                size="xs"
                                value={c.name}
                                disabled={!c.include}
                                onChange={(e) => patch({ name: e.currentTarget.value })}
                                aria-label={`${t('wizard.fieldName')} ${c.column}`}
                              />
                            </Table.Td>
                            <Table.Td>
                              {options.length ? (
                                <Select
                                  size="xs"
                                  value={c.type}
                                  disabled={!c.include}
                                  allowDeselect={false}
                                  data={options.map((o) => ({ value: o, label: t(`types.${o}`) }))}
                                  onChange={(v) => v && patch({ type: v as FieldType })}
                                  aria-label={`${t('browser.proposed')} ${c.column}`}
                                />
                              ) : (
                                <Text size="xs" c="dimmed">
                                  {t('browser.notMountable')}
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td>
                              <Radio
                                checked={display === c.column}
                                disabled={!c.include}
                                onChange={() => setDisplay(c.column)}
                                aria-label={`${t('wizard.display')} ${c.column}`}
                              />
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Select
                  label={t('wizard.key')}
                  description={t('wizard.keyHint')}
                  data={[
                    ...(dialect === 'sqlite' ? [{ value: 'rowid', label: 'rowid' }] : []),
                    ...keyOptions,
                  ]}
                  value={key}
                  onChange={setKey}
                  clearable
                  placeholder={t('wizard.noKey')}
                  data-testid="wizard-key"
                />
              </Stack>
            )}
          </Stepper.Step>
          <Stepper.Step label={t('wizard.stepMode')}>
            <Stack gap="sm">
              <Radio.Group value={mode} onChange={(v) => setMode(v as MountMode)}>
                <Stack gap="xs">
                  <Radio value="live" label={t('wizard.modeLive')} data-testid="wizard-live" />
                  <Radio
                    value="synced"
                    label={t('wizard.modeSynced')}
                    data-testid="wizard-synced"
                  />
                </Stack>
              </Radio.Group>
              {mode === 'synced' && (
                <>
                  <Select
                    label={t('wizard.updated')}
                    description={t('wizard.updatedHint')}
                    data={updatedOptions}
                    value={updated}
                    onChange={setUpdated}
                    clearable
                    placeholder={t('wizard.noUpdated')}
                  />
                  <Select
                    label={t('wizard.schedule')}
                    value={schedule}
                    onChange={(v) => setSchedule(v ?? '')}
                    allowDeselect={false}
                    data={SCHEDULES.map((s) => ({
                      value: s,
                      label:
                        s === ''
                          ? t('wizard.scheduleNone')
                          : s === '1440'
                            ? t('wizard.day')
                            : Number(s) < 60
                              ? t('wizard.minutes', { count: Number(s) })
                              : t('wizard.hours', { count: Number(s) / 60 }),
                    }))}
                  />
                </>
              )}
            </Stack>
          </Stepper.Step>
        </Stepper>
        {error && (
          <Alert color="red" role="alert" data-testid="wizard-error">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => (step === 0 ? onClose() : setStep(step - 1))}>
            {step === 0 ? t('form.cancel') : t('wizard.back')}
          </Button>
          {step < 3 ? (
            <Button
              onClick={() => setStep(step + 1)}
              disabled={
                (step === 0 && !sourceId) || (step === 1 && !table) || (step === 2 && !inspect.data)
              }
              data-testid="wizard-next"
            >
              {t('wizard.next')}
            </Button>
          ) : (
            <Button onClick={submit} loading={create.isPending} data-testid="wizard-create">
              {t('wizard.create')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  reportFormats,
  type FilterNode,
  type DescriptionTranslations,
  type NameTranslations,
  type Report,
  type ReportFormat,
  type ReportSource,
} from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBuilder, newGroup, pruneFilter } from '@/components/filter-builder';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { filterFieldsOf, useFilterLabels } from '../lib/filter';
import { shownName } from '@/lib/names';
import { DescriptionTranslationsInput, NameTranslationsInput } from '@/components/names-input';

interface Draft {
  name: string;
  names: NameTranslations;
  description: string;
  descriptions: DescriptionTranslations;
  source: ReportSource;
  objectId: string | null;
  viewId: string | null;
  cubeId: string | null;
  parameters: FilterNode;
  format: ReportFormat;
}

/** Creates a report (`report` undefined) or changes one: view or cube, parameters, format. */
export function ReportEditor({
  opened,
  report,
  onClose,
  onSaved,
}: {
  opened: boolean;
  report: Report | null;
  onClose: () => void;
  onSaved: (r: Report) => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={report ? t('editor.editTitle', { name: shownName(report) }) : t('editor.newTitle')}
    >
      {opened && (
        <EditorForm key={report?.id ?? 'new'} report={report} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function EditorForm({
  report,
  onClose,
  onSaved,
}: {
  report: Report | null;
  onClose: () => void;
  onSaved: (r: Report) => void;
}) {
  const { t } = useTranslation('reports');
  const labels = useFilterLabels();
  const [d, setD] = useState<Draft>(() => ({
    name: report?.name ?? '',
    names: report?.names ?? {},
    description: report?.description ?? '',
    descriptions: report?.descriptions ?? {},
    source: report?.source ?? 'view',
    objectId: report?.objectId ?? null,
    viewId: report?.viewId ?? null,
    cubeId: report?.cubeId ?? null,
    parameters: report?.parameters ?? newGroup(labels.groupName(1)),
    format: report?.format ?? 'xlsx',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (p: Partial<Draft>) => setD((x) => ({ ...x, ...p }));
  const objects = useOp('objects.list', {});
  const cubes = useOp('cubes.list', {});
  const cube = cubes.data?.items.find((c) => c.id === d.cubeId);
  // A cube report takes the cube's default layout: without one there is nothing to lay out.
  const cubeDef = useOp(
    'cubes.get',
    { id: d.cubeId ?? '' },
    { enabled: d.source === 'cube' && !!d.cubeId },
  );
  const noLayout = d.source === 'cube' && !!cubeDef.data && !cubeDef.data.defaultLayout;
  const objectId = d.source === 'cube' ? (cube?.objectId ?? null) : d.objectId;
  const meta = useOp('objects.get', { id: objectId ?? '' }, { enabled: !!objectId });
  const views = useOp(
    'views.list',
    { objectId: d.objectId ?? '' },
    { enabled: d.source === 'view' && !!d.objectId },
  );
  const create = useOpMutation('reports.create');
  const update = useOpMutation('reports.update');

  const save = () => {
    const local: Record<string, string> = {};
    if (!d.name.trim()) local.name = t('editor.required');
    if (d.source === 'view' && !d.objectId) local.objectId = t('editor.required');
    if (d.source === 'cube' && !d.cubeId) local.cubeId = t('editor.required');
    if (noLayout) local.cubeId = t('editor.noLayout');
    setErrors(local);
    if (Object.keys(local).length) return;
    const input = {
      name: d.name.trim(),
      names: d.names,
      description: d.description,
      descriptions: d.descriptions,
      source: d.source,
      objectId: d.source === 'view' ? (d.objectId ?? undefined) : undefined,
      viewId: d.source === 'view' ? d.viewId : undefined,
      cubeId: d.source === 'cube' ? (d.cubeId ?? undefined) : undefined,
      parameters: pruneFilter(d.parameters) ?? null,
      format: d.format,
    };
    const done = {
      onSuccess: (r: Report) => {
        notifications.show({ color: 'teal', message: t('editor.saved', { name: r.name }) });
        onSaved(r);
      },
      onError: (err: unknown) => {
        const fields = errorOf(err)?.fields;
        if (fields)
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
        setFormError(messageOf(err));
      },
    };
    if (report) update.mutate({ id: report.id, ...input }, done);
    else create.mutate(input, done);
  };

  return (
    <Stack gap="sm" data-testid="report-editor">
      {formError && <Alert color="red">{formError}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('editor.name')}
          required
          value={d.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          data-testid="report-name"
        />
        <Select
          label={t('editor.format')}
          data={reportFormats.map((f) => ({ value: f, label: f.toUpperCase() }))}
          value={d.format}
          onChange={(v) => set({ format: (v ?? 'xlsx') as ReportFormat })}
          allowDeselect={false}
          error={errors.format}
        />
      </SimpleGrid>
      <NameTranslationsInput
        value={d.names}
        onChange={(names) => set({ names })}
        fallback={d.name}
        errors={errors}
      />
      <Textarea
        label={t('editor.description')}
        rows={2}
        value={d.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        error={errors.description}
        data-testid="report-description"
      />
      <DescriptionTranslationsInput
        value={d.descriptions}
        onChange={(descriptions) => set({ descriptions })}
        fallback={d.description}
        errors={errors}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('editor.source')}
        </Text>
        <SegmentedControl
          value={d.source}
          onChange={(v) =>
            set({
              source: v === 'cube' ? 'cube' : 'view',
              parameters: newGroup(labels.groupName(1)),
            })
          }
          data={[
            { value: 'view', label: t('source.view') },
            { value: 'cube', label: t('source.cube') },
          ]}
          data-testid="report-source"
        />
      </Stack>
      {d.source === 'view' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('editor.object')}
            required
            searchable
            data={(objects.data?.items ?? []).map((o) => ({ value: o.id, label: shownName(o) }))}
            value={d.objectId}
            onChange={(v) =>
              set({ objectId: v, viewId: null, parameters: newGroup(labels.groupName(1)) })
            }
            error={errors.objectId}
            data-testid="report-object"
          />
          <Select
            label={t('editor.view')}
            placeholder={t('editor.allFields')}
            clearable
            data={(views.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }))}
            value={d.viewId}
            onChange={(v) => set({ viewId: v })}
            error={errors.viewId}
            disabled={!d.objectId}
          />
        </SimpleGrid>
      ) : (
        <Select
          label={t('editor.cube')}
          required
          searchable
          data={(cubes.data?.items ?? []).map((c) => ({ value: c.id, label: shownName(c) }))}
          value={d.cubeId}
          onChange={(v) => {
            set({ cubeId: v, parameters: newGroup(labels.groupName(1)) });
            setErrors(({ cubeId: _c, layout: _l, ...rest }) => rest);
          }}
          error={errors.cubeId ?? errors.layout ?? (noLayout ? t('editor.noLayout') : undefined)}
          description={d.source === 'cube' ? t('editor.cubeLayout') : undefined}
          data-testid="report-cube"
        />
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('editor.parameters')}
        </Text>
        {meta.data ? (
          <FilterBuilder
            value={d.parameters}
            onChange={(parameters) => set({ parameters })}
            fields={filterFieldsOf(meta.data)}
            labels={labels}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('editor.pickSource')}
          </Text>
        )}
        {errors.parameters && (
          <Text size="sm" c="red">
            {errors.parameters}
          </Text>
        )}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          onClick={save}
          loading={create.isPending || update.isPending}
          data-testid="report-save"
        >
          {report ? t('common:actions.save') : t('common:actions.create')}
        </Button>
      </Group>
    </Stack>
  );
}

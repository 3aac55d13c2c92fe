import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconArrowLeft, IconChartPie, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  cubeAggregates,
  cubeDateGrains,
  cubesCreateInput,
  nameLanguages,
  type Cube,
  type CubeAggregate,
  type CubeCalculated,
  type CubeDimension,
  type CubeLock,
  type CubeMeasure,
  type Field,
  type FilterNode,
  type DescriptionTranslations,
  type NameTranslations,
  type PlatformObject,
} from '@fiscus/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FilterBuilder, newGroup, pruneFilter } from '@/components/filter-builder';
import { ability } from '@/lib/ability';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { useFilterLabels } from '../hooks/use-labels';
import {
  aggregateFits,
  canBeDimension,
  filterFieldsOf,
  followingKey,
  isDateField,
  suggestKey,
} from '../lib/fields';
import { cubePath, cubesPath } from '../lib/paths';
import { shownName } from '@/lib/names';
import { DescriptionTranslationsInput, NameTranslationsInput } from '@/components/names-input';

const nameOf = (f: { name: string } | undefined) => (f ? shownName(f) : '');

interface LayoutDraft {
  rows: string[];
  cols: string[];
  measures: string[];
}

interface Draft {
  objectId: string | null;
  name: string;
  names: NameTranslations;
  description: string;
  descriptions: DescriptionTranslations;
  dimensions: CubeDimension[];
  measures: CubeMeasure[];
  calculated: CubeCalculated[];
  parameters: FilterNode;
  locks: CubeLock[];
  keyDimensions: string[];
  layout: LayoutDraft;
}

type Errors = Record<string, string>;

function draftOf(cube: Cube | undefined, groupName: string): Draft {
  return {
    objectId: cube?.objectId ?? null,
    name: cube?.name ?? '',
    names: cube?.names ?? {},
    description: cube?.description ?? '',
    descriptions: cube?.descriptions ?? {},
    dimensions: cube?.dimensions ?? [],
    measures: cube?.measures ?? [{ key: 'records', fn: 'count' }],
    calculated: cube?.calculated ?? [],
    parameters: cube?.parameters ?? newGroup(groupName),
    locks: cube?.locks ?? [],
    keyDimensions: cube?.keyDimensions ?? [],
    layout: {
      rows: cube?.defaultLayout?.rows ?? [],
      cols: cube?.defaultLayout?.cols ?? [],
      measures: cube?.defaultLayout?.measures ?? [],
    },
  };
}

/** The definition to send: labels trimmed, empty parts left out. */
function definitionOf(d: Draft) {
  const clean = <T extends { label?: string }>(x: T): T => {
    const label = x.label?.trim();
    return { ...x, label: label ? label : undefined };
  };
  const layout =
    d.layout.measures.length > 0
      ? { rows: d.layout.rows, cols: d.layout.cols, measures: d.layout.measures }
      : null;
  return {
    name: d.name,
    names: d.names,
    description: d.description,
    descriptions: d.descriptions,
    dimensions: d.dimensions.map(clean),
    measures: d.measures.map((m) => clean({ ...m, field: m.field || undefined })),
    calculated: d.calculated.map(clean),
    parameters: pruneFilter(d.parameters) ?? null,
    locks: d.locks,
    keyDimensions: d.keyDimensions,
    defaultLayout: layout,
  };
}

/** The cube designer: a new cube (`cubeId` null) or an existing one. */
export function CubeDesigner({ cubeId }: { cubeId: string | null }) {
  const { t } = useTranslation('cubes');
  const cube = useOp('cubes.get', { id: cubeId ?? '' }, { enabled: !!cubeId });
  if (cubeId && cube.isLoading)
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  if (cubeId && (cube.isError || !cube.data))
    return (
      <Alert color="red" title={t('cubeLoadError')} data-testid="designer-error">
        <Group gap="xs">
          <Text size="sm">{messageOf(cube.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void cube.refetch()}>
            {t('common:retry')}
          </Button>
        </Group>
      </Alert>
    );
  return <DesignerForm key={cube.data?.id ?? 'new'} cube={cube.data} />;
}

function DesignerForm({ cube }: { cube: Cube | undefined }) {
  const { t } = useTranslation('cubes');
  const navigate = useNavigate();
  const filterLabels = useFilterLabels();
  const [draft, setDraft] = useState<Draft>(() => draftOf(cube, t('filter.groupName', { n: 1 })));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const objects = useOp('objects.list', {});
  const meta = useOp('objects.get', { id: draft.objectId ?? '' }, { enabled: !!draft.objectId });
  const create = useOpMutation('cubes.create');
  const update = useOpMutation('cubes.update');
  const canSave = cube ? ability.can('update', 'Cube') : ability.can('create', 'Cube');

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const fields = meta.data?.fields ?? [];
  const fieldByCode = new Map(fields.map((f) => [f.code, f]));
  const fieldOptions = (pred: (f: Field) => boolean) =>
    fields.filter(pred).map((f) => ({ value: f.code, label: shownName(f) }));
  // Keys the saved cube already has: layouts, reports and locks refer to them, so they stay.
  const savedKeys = new Set([
    ...(cube?.dimensions ?? []).map((d) => d.key),
    ...(cube?.measures ?? []).map((m) => m.key),
    ...(cube?.calculated ?? []).map((c) => c.key),
  ]);
  const taken = new Set([
    ...draft.dimensions.map((d) => d.key),
    ...draft.measures.map((m) => m.key),
    ...draft.calculated.map((c) => c.key),
  ]);
  const err = (path: string) => errors[path];
  const dimOptions = draft.dimensions
    .filter((d) => d.key)
    .map((d) => ({ value: d.key, label: d.label || nameOf(fieldByCode.get(d.field)) || d.key }));
  const measureOptions = [
    ...draft.measures.map((m) => ({ value: m.key, label: m.label || m.key })),
    ...draft.calculated.map((c) => ({ value: c.key, label: c.label || c.key })),
  ].filter((o) => o.value);

  const save = () => {
    const def = definitionOf(draft);
    const local: Errors = {};
    if (!draft.objectId) local.objectId = t('errors.required');
    const parsed = cubesCreateInput.safeParse({
      ...def,
      objectId: draft.objectId ?? 'x',
      parameters: def.parameters ?? undefined,
      defaultLayout: def.defaultLayout ?? undefined,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (local[path]) continue;
        local[path] =
          issue.code === 'invalid_format' && path.endsWith('key')
            ? t('errors.key')
            : issue.code === 'too_small'
              ? t('errors.required')
              : issue.message;
      }
    const keys = new Map<string, string>();
    const check = (list: { key: string }[], prefix: string) =>
      list.forEach((x, i) => {
        if (!x.key) return;
        if (keys.has(x.key)) local[`${prefix}.${i}.key`] = t('errors.keyTaken');
        keys.set(x.key, prefix);
      });
    check(draft.dimensions, 'dimensions');
    check(draft.measures, 'measures');
    check(draft.calculated, 'calculated');
    setErrors(local);
    if (Object.keys(local).length) {
      setFormError(t('errors.fix'));
      return;
    }
    setFormError(null);
    const done = {
      onSuccess: (saved: Cube) => {
        notifications.show({ color: 'teal', message: t('saved', { name: saved.name }) });
        void navigate(cubePath(saved.id));
      },
      onError: (e: unknown) => {
        const fieldErrors = errorOf(e)?.fields;
        if (fieldErrors) {
          const out: Errors = {};
          for (const [k, v] of Object.entries(fieldErrors)) out[k] = v[0] ?? '';
          setErrors(out);
        }
        setFormError(messageOf(e));
      },
    };
    if (cube) update.mutate({ id: cube.id, ...def }, done);
    else
      create.mutate(
        {
          objectId: draft.objectId!,
          ...def,
          parameters: def.parameters ?? undefined,
          defaultLayout: def.defaultLayout ?? undefined,
        },
        done,
      );
  };

  // Errors the form cannot place next to a field.
  const shown = new Set(placedPaths(draft));
  const unplaced = Object.entries(errors).filter(([k]) => !shown.has(k));

  return (
    <Stack gap="md" data-testid="cube-designer">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Tooltip label={t('backToList')}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={cube ? cubePath(cube.id) : cubesPath}
              aria-label={t('backToList')}
            >
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Title order={3}>
            {cube ? t('designer.editTitle', { name: shownName(cube) }) : t('newCube')}
          </Title>
        </Group>
        <Group gap="xs">
          {cube && (
            <Button
              variant="default"
              size="xs"
              component={Link}
              to={cubePath(cube.id)}
              leftSection={<IconChartPie size={16} />}
            >
              {t('openPivot')}
            </Button>
          )}
          <Button
            size="xs"
            onClick={save}
            loading={create.isPending || update.isPending}
            disabled={!canSave}
            data-testid="designer-save"
          >
            {cube ? t('common:actions.save') : t('common:actions.create')}
          </Button>
        </Group>
      </Group>

      {formError && (
        <Alert color="red" data-testid="designer-form-error">
          <Text size="sm">{formError}</Text>
          {unplaced.map(([k, v]) => (
            <Text size="sm" key={k}>
              {k}: {v}
            </Text>
          ))}
        </Alert>
      )}

      <Section title={t('designer.general')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('designer.name')}
            required
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={err('name')}
            data-testid="designer-name"
          />
          <Select
            label={t('designer.object')}
            required
            searchable
            disabled={!!cube}
            description={cube ? t('designer.objectFixed') : undefined}
            data={(objects.data?.items ?? []).map((o) => ({ value: o.id, label: shownName(o) }))}
            value={draft.objectId}
            onChange={(v) =>
              set({
                objectId: v,
                dimensions: [],
                measures: [{ key: 'records', fn: 'count' }],
                calculated: [],
                locks: [],
                keyDimensions: [],
                layout: { rows: [], cols: [], measures: [] },
                parameters: newGroup(t('filter.groupName', { n: 1 })),
              })
            }
            error={err('objectId')}
            data-testid="designer-object"
          />
        </SimpleGrid>
        <NameTranslationsInput
          value={draft.names}
          onChange={(names) => set({ names })}
          fallback={draft.name}
          errors={errors}
        />
        <Textarea
          label={t('designer.description')}
          rows={2}
          value={draft.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={err('description')}
          data-testid="designer-description"
        />
        <DescriptionTranslationsInput
          value={draft.descriptions}
          onChange={(descriptions) => set({ descriptions })}
          fallback={draft.description}
          errors={errors}
        />
      </Section>

      {!draft.objectId ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed" ta="center" size="sm">
            {t('designer.pickObject')}
          </Text>
        </Card>
      ) : meta.isLoading ? (
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      ) : meta.isError || !meta.data ? (
        <Alert color="red">{messageOf(meta.error)}</Alert>
      ) : (
        <>
          <Section
            title={t('designer.dimensions')}
            hint={t('designer.dimensionsHint')}
            action={
              <AddButton
                label={t('designer.addDimension')}
                testId="designer-add-dimension"
                onClick={() => {
                  // The next field worth grouping by: choices, references, dates, then the rest.
                  const used = new Set(draft.dimensions.map((d) => d.field));
                  const rank = (x: Field) =>
                    ['select', 'reference', 'date', 'datetime', 'boolean'].indexOf(x.type) + 1 || 9;
                  const f =
                    fields
                      .filter((x) => canBeDimension(x) && !used.has(x.code))
                      .sort((a, b) => rank(a) - rank(b))[0] ?? fields.find(canBeDimension);
                  if (!f) return;
                  set({
                    dimensions: [
                      ...draft.dimensions,
                      {
                        key: suggestKey(f.code, taken),
                        field: f.code,
                        grain: isDateField(f) ? 'month' : undefined,
                      },
                    ],
                  });
                }}
              />
            }
          >
            {draft.dimensions.length === 0 && <Empty text={t('designer.noDimensions')} />}
            {draft.dimensions.map((d, i) => {
              const f = fieldByCode.get(d.field);
              const patch = (p: Partial<CubeDimension>) =>
                set({
                  dimensions: draft.dimensions.map((x, j) => (j === i ? { ...x, ...p } : x)),
                });
              return (
                <RowCard
                  key={i}
                  onRemove={() => removeDimension(draft, set, i)}
                  label={t('designer.remove')}
                >
                  <KeyInput
                    value={d.key}
                    onChange={(key) => patch({ key })}
                    error={err(`dimensions.${i}.key`)}
                    label={t('designer.key')}
                  />
                  <Select
                    label={t('designer.field')}
                    searchable
                    data={fieldOptions(canBeDimension)}
                    value={d.field}
                    onChange={(v) => {
                      const nf = v ? fieldByCode.get(v) : undefined;
                      const key = followingKey(d.key, d.field, v ?? '', taken, savedKeys);
                      setDraft((cur) => {
                        const next = renameKey(cur, d.key, key);
                        return {
                          ...next,
                          dimensions: next.dimensions.map((x, j) =>
                            j === i
                              ? {
                                  ...x,
                                  field: v ?? '',
                                  grain: isDateField(nf) ? (d.grain ?? 'month') : undefined,
                                }
                              : x,
                          ),
                        };
                      });
                    }}
                    error={err(`dimensions.${i}.field`)}
                    data-testid={`dimension-field-${i}`}
                  />
                  {isDateField(f) ? (
                    <Select
                      label={t('designer.grain')}
                      data={cubeDateGrains.map((g) => ({
                        value: g,
                        label: capital(t(`grain.${g}`)),
                      }))}
                      value={d.grain ?? 'month'}
                      onChange={(v) => patch({ grain: (v ?? 'month') as CubeDimension['grain'] })}
                      error={err(`dimensions.${i}.grain`)}
                      allowDeselect={false}
                    />
                  ) : (
                    <div />
                  )}
                  <TextInput
                    label={t('designer.label')}
                    placeholder={f ? shownName(f) : undefined}
                    value={d.label ?? ''}
                    onChange={(e) => patch({ label: e.currentTarget.value })}
                    error={err(`dimensions.${i}.label`)}
                  />
                </RowCard>
              );
            })}
          </Section>

          <Section
            title={t('designer.measures')}
            hint={t('designer.measuresHint')}
            action={
              <AddButton
                label={t('designer.addMeasure')}
                testId="designer-add-measure"
                onClick={() => {
                  const f = fields.find((x) => aggregateFits('sum', x));
                  set({
                    measures: [
                      ...draft.measures,
                      f
                        ? { key: suggestKey(f.code, taken), fn: 'sum', field: f.code }
                        : { key: suggestKey('records', taken), fn: 'count' },
                    ],
                  });
                }}
              />
            }
          >
            {draft.measures.map((m, i) => {
              const patch = (p: Partial<CubeMeasure>) =>
                set({ measures: draft.measures.map((x, j) => (j === i ? { ...x, ...p } : x)) });
              return (
                <RowCard
                  key={i}
                  onRemove={
                    draft.measures.length > 1
                      ? () => set({ measures: draft.measures.filter((_, j) => j !== i) })
                      : undefined
                  }
                  label={t('designer.remove')}
                >
                  <KeyInput
                    value={m.key}
                    onChange={(key) => patch({ key })}
                    error={err(`measures.${i}.key`)}
                    label={t('designer.key')}
                  />
                  <Select
                    label={t('designer.fn')}
                    data={cubeAggregates.map((a) => ({ value: a, label: t(`fn.${a}`) }))}
                    value={m.fn}
                    allowDeselect={false}
                    onChange={(v) => {
                      const fn = (v ?? 'sum') as CubeAggregate;
                      const f = m.field ? fieldByCode.get(m.field) : undefined;
                      patch({ fn, field: aggregateFits(fn, f) ? m.field : undefined });
                    }}
                    error={err(`measures.${i}.fn`)}
                    data-testid={`measure-fn-${i}`}
                  />
                  <Select
                    label={t('designer.field')}
                    searchable
                    clearable={m.fn === 'count'}
                    placeholder={m.fn === 'count' ? t('designer.countRecords') : undefined}
                    data={fieldOptions((f) => aggregateFits(m.fn, f))}
                    value={m.field ?? null}
                    onChange={(v) => {
                      const key = followingKey(
                        m.key,
                        m.field ?? 'records',
                        v ?? 'records',
                        taken,
                        savedKeys,
                      );
                      setDraft((cur) => {
                        const next = renameKey(cur, m.key, key);
                        return {
                          ...next,
                          measures: next.measures.map((x, j) =>
                            j === i ? { ...x, field: v ?? undefined } : x,
                          ),
                        };
                      });
                    }}
                    error={err(`measures.${i}.field`)}
                    data-testid={`measure-field-${i}`}
                  />
                  <TextInput
                    label={t('designer.label')}
                    value={m.label ?? ''}
                    onChange={(e) => patch({ label: e.currentTarget.value })}
                    error={err(`measures.${i}.label`)}
                  />
                </RowCard>
              );
            })}
          </Section>

          <Section
            title={t('designer.calculated')}
            hint={t('designer.calculatedHint')}
            action={
              <Group gap="xs">
                <VarianceButton draft={draft} set={set} taken={taken} />
                <AddButton
                  label={t('designer.addCalculated')}
                  testId="designer-add-calculated"
                  onClick={() =>
                    set({
                      calculated: [
                        ...draft.calculated,
                        {
                          key: suggestKey('difference', taken),
                          fn: 'difference',
                          left: draft.measures[0]?.key ?? '',
                          right: draft.measures[1]?.key ?? draft.measures[0]?.key ?? '',
                        },
                      ],
                    })
                  }
                />
              </Group>
            }
          >
            {draft.calculated.length === 0 && <Empty text={t('designer.noCalculated')} />}
            {draft.calculated.map((c, i) => {
              const patch = (p: Partial<CubeCalculated>) =>
                set({
                  calculated: draft.calculated.map((x, j) => (j === i ? { ...x, ...p } : x)),
                });
              // Operands: measures and the calculated measures listed before this one.
              const operands = [
                ...draft.measures.map((m) => ({ value: m.key, label: m.label || m.key })),
                ...draft.calculated
                  .slice(0, i)
                  .map((x) => ({ value: x.key, label: x.label || x.key })),
              ].filter((o) => o.value);
              return (
                <RowCard
                  key={i}
                  onRemove={() => set({ calculated: draft.calculated.filter((_, j) => j !== i) })}
                  label={t('designer.remove')}
                >
                  <KeyInput
                    value={c.key}
                    onChange={(key) => patch({ key })}
                    error={err(`calculated.${i}.key`)}
                    label={t('designer.key')}
                  />
                  <Select
                    label={t('designer.fn')}
                    data={[
                      { value: 'difference', label: t('fn.difference') },
                      { value: 'ratio', label: t('fn.ratio') },
                    ]}
                    value={c.fn}
                    allowDeselect={false}
                    onChange={(v) => patch({ fn: v === 'ratio' ? 'ratio' : 'difference' })}
                    error={err(`calculated.${i}.fn`)}
                  />
                  <Group gap="xs" grow wrap="nowrap" align="flex-start">
                    <Select
                      label={t('designer.left')}
                      data={operands}
                      value={c.left || null}
                      onChange={(v) => patch({ left: v ?? '' })}
                      error={err(`calculated.${i}.left`)}
                    />
                    <Select
                      label={t('designer.right')}
                      data={operands}
                      value={c.right || null}
                      onChange={(v) => patch({ right: v ?? '' })}
                      error={err(`calculated.${i}.right`)}
                    />
                  </Group>
                  <Group gap="xs" grow wrap="nowrap" align="flex-start">
                    <TextInput
                      label={t('designer.label')}
                      value={c.label ?? ''}
                      onChange={(e) => patch({ label: e.currentTarget.value })}
                      error={err(`calculated.${i}.label`)}
                    />
                    {c.fn === 'ratio' && (
                      <NumberInput
                        label={t('designer.scale')}
                        min={0}
                        max={8}
                        value={c.scale ?? 4}
                        onChange={(v) => patch({ scale: typeof v === 'number' ? v : undefined })}
                        error={err(`calculated.${i}.scale`)}
                        maw={110}
                      />
                    )}
                  </Group>
                </RowCard>
              );
            })}
          </Section>

          <Section title={t('designer.parameters')} hint={t('designer.parametersHint')}>
            <FilterBuilder
              value={draft.parameters}
              onChange={(parameters) => set({ parameters })}
              fields={filterFieldsOf(meta.data)}
              labels={filterLabels}
            />
            {err('parameters') && (
              <Text c="red" size="sm">
                {err('parameters')}
              </Text>
            )}
          </Section>

          <Section
            title={t('designer.locks')}
            hint={t('designer.locksHint')}
            action={
              <AddButton
                label={t('designer.addLock')}
                testId="designer-add-lock"
                onClick={() => {
                  const d = draft.dimensions.find(
                    (x) => fieldByCode.get(x.field)?.type === 'reference',
                  );
                  set({ locks: [...draft.locks, { dimension: d?.key ?? '', field: '' }] });
                }}
              />
            }
          >
            {draft.locks.length === 0 && <Empty text={t('designer.noLocks')} />}
            {draft.locks.map((l, i) => (
              <LockRow
                key={i}
                lock={l}
                index={i}
                meta={meta.data!}
                dimensions={draft.dimensions}
                error={err}
                onChange={(next) => set({ locks: draft.locks.map((x, j) => (j === i ? next : x)) })}
                onRemove={() => set({ locks: draft.locks.filter((_, j) => j !== i) })}
              />
            ))}
          </Section>

          <Section title={t('designer.keyDimensions')} hint={t('designer.keyDimensionsHint')}>
            <MultiSelect
              aria-label={t('designer.keyDimensions')}
              data={dimOptions}
              value={draft.keyDimensions.filter((k) => dimOptions.some((o) => o.value === k))}
              onChange={(keyDimensions) => set({ keyDimensions })}
              error={err('keyDimensions')}
              clearable
            />
          </Section>

          <Section title={t('designer.defaultLayout')} hint={t('designer.defaultLayoutHint')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <MultiSelect
                label={t('common:pivot.rows')}
                data={dimOptions.filter((o) => !draft.layout.cols.includes(o.value))}
                value={draft.layout.rows}
                onChange={(rows) => set({ layout: { ...draft.layout, rows } })}
                error={err('defaultLayout.rows') ?? firstError(errors, 'defaultLayout.rows.')}
                maxValues={6}
              />
              <MultiSelect
                label={t('common:pivot.columns')}
                data={dimOptions.filter((o) => !draft.layout.rows.includes(o.value))}
                value={draft.layout.cols}
                onChange={(cols) => set({ layout: { ...draft.layout, cols } })}
                error={err('defaultLayout.cols') ?? firstError(errors, 'defaultLayout.cols.')}
                maxValues={4}
              />
              <MultiSelect
                label={t('common:pivot.values')}
                data={measureOptions}
                value={draft.layout.measures}
                onChange={(measures) => set({ layout: { ...draft.layout, measures } })}
                error={
                  err('defaultLayout.measures') ?? firstError(errors, 'defaultLayout.measures.')
                }
                maxValues={12}
              />
            </SimpleGrid>
          </Section>
        </>
      )}
    </Stack>
  );
}

const capital = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

function firstError(errors: Errors, prefix: string): string | undefined {
  return Object.entries(errors).find(([k]) => k.startsWith(prefix))?.[1];
}

/** Paths of inputs that show their own errors. */
function placedPaths(d: Draft): string[] {
  const out = ['name', 'objectId', 'description', 'parameters', 'keyDimensions'];
  out.push(...nameLanguages.map((l) => `names.${l}`));
  d.dimensions.forEach((_, i) =>
    out.push(...['key', 'field', 'grain', 'label'].map((p) => `dimensions.${i}.${p}`)),
  );
  d.measures.forEach((_, i) =>
    out.push(...['key', 'fn', 'field', 'label'].map((p) => `measures.${i}.${p}`)),
  );
  d.calculated.forEach((_, i) =>
    out.push(
      ...['key', 'fn', 'left', 'right', 'label', 'scale'].map((p) => `calculated.${i}.${p}`),
    ),
  );
  d.locks.forEach((_, i) => out.push(`locks.${i}.dimension`, `locks.${i}.field`));
  for (const axis of ['rows', 'cols', 'measures'] as const) {
    out.push(`defaultLayout.${axis}`);
    d.layout[axis].forEach((_, i) => out.push(`defaultLayout.${axis}.${i}`));
  }
  return out;
}

/** Renames a dimension or measure key everywhere the draft refers to it. */
function renameKey(d: Draft, from: string, to: string): Draft {
  if (from === to) return d;
  const r = (k: string) => (k === from ? to : k);
  return {
    ...d,
    dimensions: d.dimensions.map((x) => (x.key === from ? { ...x, key: to } : x)),
    measures: d.measures.map((x) => (x.key === from ? { ...x, key: to } : x)),
    calculated: d.calculated.map((c) => ({ ...c, left: r(c.left), right: r(c.right) })),
    locks: d.locks.map((l) => ({ ...l, dimension: r(l.dimension) })),
    keyDimensions: d.keyDimensions.map(r),
    layout: {
      rows: d.layout.rows.map(r),
      cols: d.layout.cols.map(r),
      measures: d.layout.measures.map(r),
    },
  };
}

/** Removing a dimension also removes it from the layout, the key and the locks. */
function removeDimension(d: Draft, set: (p: Partial<Draft>) => void, i: number) {
  const key = d.dimensions[i]?.key;
  set({
    dimensions: d.dimensions.filter((_, j) => j !== i),
    keyDimensions: d.keyDimensions.filter((k) => k !== key),
    locks: d.locks.filter((l) => l.dimension !== key),
    layout: {
      ...d.layout,
      rows: d.layout.rows.filter((k) => k !== key),
      cols: d.layout.cols.filter((k) => k !== key),
    },
  });
}

/** Adds variance (actual − plan) and variance % (variance ÷ plan) from two chosen measures. */
function VarianceButton({
  draft,
  set,
  taken,
}: {
  draft: Draft;
  set: (p: Partial<Draft>) => void;
  taken: Set<string>;
}) {
  const { t } = useTranslation('cubes');
  const [open, setOpen] = useState(false);
  const [actual, setActual] = useState<string | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const options = draft.measures.map((m) => ({ value: m.key, label: m.label || m.key }));
  if (!open)
    return (
      <Button
        size="xs"
        variant="light"
        onClick={() => setOpen(true)}
        disabled={draft.measures.length < 2}
        data-testid="designer-add-variance"
      >
        {t('designer.addVariance')}
      </Button>
    );
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <Select
        size="xs"
        label={t('designer.actual')}
        data={options}
        value={actual}
        onChange={setActual}
        w={140}
      />
      <Select
        size="xs"
        label={t('designer.plan')}
        data={options}
        value={plan}
        onChange={setPlan}
        w={140}
      />
      <Button
        size="xs"
        disabled={!actual || !plan || actual === plan}
        onClick={() => {
          const v = suggestKey('variance', taken);
          const pct = suggestKey(`${v}_pct`, new Set([...taken, v]));
          set({
            calculated: [
              ...draft.calculated,
              {
                key: v,
                fn: 'difference',
                left: actual!,
                right: plan!,
                label: t('designer.variance'),
              },
              {
                key: pct,
                fn: 'ratio',
                left: v,
                right: plan!,
                label: t('designer.variancePct'),
                scale: 4,
              },
            ],
          });
          setOpen(false);
        }}
      >
        {t('designer.add')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setOpen(false)}>
        {t('common:actions.cancel')}
      </Button>
    </Group>
  );
}

function LockRow({
  lock,
  index,
  meta,
  dimensions,
  error,
  onChange,
  onRemove,
}: {
  lock: CubeLock;
  index: number;
  meta: PlatformObject;
  dimensions: CubeDimension[];
  error: (path: string) => string | undefined;
  onChange: (next: CubeLock) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('cubes');
  const byCode = new Map(meta.fields.map((f) => [f.code, f]));
  const refDims = dimensions.filter((d) => byCode.get(d.field)?.type === 'reference');
  const dim = dimensions.find((d) => d.key === lock.dimension);
  const target = dim ? byCode.get(dim.field)?.options.target : undefined;
  const targetMeta = useOp('objects.get', { id: target ?? '' }, { enabled: !!target });
  return (
    <RowCard onRemove={onRemove} label={t('designer.remove')}>
      <Select
        label={t('designer.lockDimension')}
        data={refDims.map((d) => ({
          value: d.key,
          label: d.label || nameOf(byCode.get(d.field)) || d.key,
        }))}
        value={lock.dimension || null}
        onChange={(v) => onChange({ dimension: v ?? '', field: '' })}
        error={error(`locks.${index}.dimension`)}
        description={refDims.length === 0 ? t('designer.lockNeedsReference') : undefined}
      />
      <Select
        label={t('designer.lockField')}
        data={(targetMeta.data?.fields ?? [])
          .filter((f) => f.type === 'boolean')
          .map((f) => ({ value: f.code, label: shownName(f) }))}
        value={lock.field || null}
        onChange={(v) => onChange({ ...lock, field: v ?? '' })}
        error={error(`locks.${index}.field`)}
        description={
          targetMeta.data
            ? t('designer.lockFieldOf', { name: shownName(targetMeta.data) })
            : undefined
        }
      />
    </RowCard>
  );
}

function KeyInput({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  label: string;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}

function Section({
  title,
  hint,
  action,
  children,
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={600}>{title}</Text>
            {hint && (
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            )}
          </div>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function RowCard({
  children,
  onRemove,
  label,
}: {
  children: ReactNode;
  onRemove?: () => void;
  label: string;
}) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" data-testid="designer-row">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" style={{ flex: 1 }}>
        {children}
      </SimpleGrid>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="red"
          mt={26}
          onClick={onRemove}
          disabled={!onRemove}
          aria-label={label}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function AddButton({
  label,
  onClick,
  testId,
}: {
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconPlus size={14} />}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

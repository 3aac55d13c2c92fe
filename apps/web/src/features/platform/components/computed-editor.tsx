import { Alert, Group, Loader, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import {
  MAX_LOOKUP_DEPTH,
  rollupFns,
  type ComputedDefinition,
  type Field,
  type FieldType,
  type FilterNode,
  type ObjectSummary,
  type OpOutput,
  type RollupFn,
} from '@fiscus/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBuilder, countConditions, newGroup } from '@/components/filter-builder';
import { useOp } from '@/lib/qry';
import { shownName } from '@/lib/names';
import { useFilterLabels } from '../hooks/use-labels';
import { filterFields } from '../lib/fields';
import { FORMULA_TYPES, rollupFits } from '../lib/computed';

export type ComputedKind = ComputedDefinition['kind'];

/** What the field designer holds of a computed field while it is edited. */
export interface ComputedDraft {
  kind: ComputedKind;
  formula: string;
  /** A formula's declared result type ('' = the formula's own). */
  resultType: FieldType | '';
  scale: number | '';
  /** Reference fields followed (ids), the first of this object. */
  path: string[];
  lookupField: string | null;
  rollupObject: string | null;
  via: string | null;
  fn: RollupFn;
  rollupField: string | null;
  filter: FilterNode | null;
}

export function computedDraftOf(field: Field | null, kind: ComputedKind): ComputedDraft {
  const c = field?.computed;
  return {
    kind: c?.kind ?? kind,
    formula: c?.kind === 'formula' ? c.formula : '',
    resultType: '',
    scale: '',
    path: c?.kind === 'lookup' ? c.path : [],
    lookupField: c?.kind === 'lookup' ? c.field : null,
    rollupObject: c?.kind === 'rollup' ? c.object : null,
    via: c?.kind === 'rollup' ? c.via : null,
    fn: c?.kind === 'rollup' ? c.fn : 'sum',
    rollupField: c?.kind === 'rollup' ? (c.field ?? null) : null,
    filter: c?.kind === 'rollup' ? (c.filter ?? null) : null,
  };
}

/** The definition a draft stands for; null while a part it needs is not chosen yet. */
export function definitionOf(d: ComputedDraft): ComputedDefinition | null {
  if (d.kind === 'formula')
    return d.formula.trim() ? { kind: 'formula', formula: d.formula } : null;
  if (d.kind === 'lookup')
    return d.path.length && d.lookupField
      ? { kind: 'lookup', path: d.path, field: d.lookupField }
      : null;
  if (!d.rollupObject || !d.via || (d.fn !== 'count' && !d.rollupField)) return null;
  const filter = d.filter && countConditions(d.filter) ? d.filter : undefined;
  return {
    kind: 'rollup',
    object: d.rollupObject,
    via: d.via,
    fn: d.fn,
    ...(d.fn !== 'count' && d.rollupField ? { field: d.rollupField } : {}),
    ...(filter ? { filter } : {}),
  };
}

/** The declared type and options a formula draft asks for (lookups and rollups take their own). */
export function declaredOf(d: ComputedDraft): { type?: FieldType; options: { scale?: number } } {
  if (d.kind !== 'formula' || !d.resultType) return { options: {} };
  const decimal = ['decimal', 'money', 'percent'].includes(d.resultType);
  return {
    type: d.resultType,
    options: decimal && d.scale !== '' ? { scale: d.scale } : {},
  };
}

/**
 * The computed part of the field designer: a formula (checked by the server as it is typed,
 * with the field it cannot find named), a lookup along up to three references, or a rollup of
 * the records of another object that point to this one, with an optional filter. Under it the
 * type its values will have, or what is wrong — from `fields.check`, in the user's language.
 */
export function ComputedEditor({
  objectId,
  fieldId,
  value,
  onChange,
  objects,
  errors,
}: {
  objectId: string;
  fieldId: string | null;
  value: ComputedDraft;
  onChange: (patch: Partial<ComputedDraft>) => void;
  objects: ObjectSummary[];
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('platform');
  const def = definitionOf(value);
  const declared = declaredOf(value);
  const [checked] = useDebouncedValue(
    def ? { objectId, id: fieldId ?? undefined, computed: def, ...declared } : null,
    300,
  );
  const check = useOp(
    'fields.check',
    checked ?? { objectId, computed: { kind: 'formula', formula: '0' } },
    { enabled: !!checked, placeholderData: keepPreviousData },
  );
  const result = def && checked ? check.data : undefined;
  const problems = result && !result.valid ? result.errors : {};
  const formulaProblem = problems['computed.formula']?.[0];
  const otherProblems = Object.entries(problems)
    .filter(([k]) => k !== 'computed.formula')
    .flatMap(([, v]) => v);

  return (
    <Stack gap="sm" data-testid="computed-editor">
      {value.kind === 'formula' && (
        <>
          <Textarea
            label={t('computed.formula')}
            description={t('computed.formulaHint')}
            required
            autosize
            minRows={2}
            value={value.formula}
            onChange={(e) => onChange({ formula: e.currentTarget.value })}
            error={errors['computed.formula'] ?? formulaProblem}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="computed-formula"
          />
          <Group grow align="flex-start">
            <Select
              label={t('computed.resultType')}
              data={[
                { value: '', label: t('computed.inferred') },
                ...FORMULA_TYPES.map((ft) => ({ value: ft, label: t(`types.${ft}`) })),
              ]}
              value={value.resultType}
              onChange={(v) => onChange({ resultType: (v ?? '') as FieldType | '' })}
              allowDeselect={false}
              error={errors.type}
            />
            {['decimal', 'money', 'percent'].includes(value.resultType) && (
              <NumberInput
                label={t('fields.scale')}
                min={0}
                max={6}
                allowDecimal={false}
                value={value.scale}
                onChange={(v) => onChange({ scale: typeof v === 'number' ? v : '' })}
                error={errors.scale}
              />
            )}
          </Group>
        </>
      )}
      {value.kind === 'lookup' && (
        <LookupEditor objectId={objectId} value={value} onChange={onChange} objects={objects} />
      )}
      {value.kind === 'rollup' && (
        <RollupEditor objectId={objectId} value={value} onChange={onChange} objects={objects} />
      )}
      <CheckResult
        pending={!result}
        incomplete={!def}
        result={result}
        problems={[...otherProblems, ...(errors.computed ? [errors.computed] : [])]}
      />
    </Stack>
  );
}

function CheckResult({
  pending,
  incomplete,
  result,
  problems,
}: {
  pending: boolean;
  incomplete: boolean;
  result: OpOutput<'fields.check'> | undefined;
  problems: string[];
}) {
  const { t } = useTranslation('platform');
  if (problems.length)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={16} />} data-testid="computed-problem">
        {problems.map((p) => (
          <Text key={p} size="sm">
            {p}
          </Text>
        ))}
      </Alert>
    );
  if (incomplete)
    return (
      <Text size="xs" c="dimmed">
        {t('computed.incomplete')}
      </Text>
    );
  if (pending || !result)
    return (
      <Group gap={6}>
        <Loader size={12} />
        <Text size="xs" c="dimmed">
          {t('computed.checking')}
        </Text>
      </Group>
    );
  if (!result.valid || !result.type) return null;
  const scale = result.options?.scale;
  return (
    <Group gap={6} data-testid="computed-result">
      <IconCheck size={14} color="var(--mantine-color-teal-6)" />
      <Text size="xs" c="dimmed">
        {t('computed.gives', {
          type:
            scale !== undefined && result.type !== 'integer'
              ? t('computed.typeWithScale', { type: t(`types.${result.type}`), scale })
              : t(`types.${result.type}`),
        })}
        {result.stored ? ` · ${t('computed.stored')}` : ''}
      </Text>
    </Group>
  );
}

/** One step of a lookup: the reference fields of the object reached so far. */
function useFieldsOf(objectId: string | null | undefined) {
  const meta = useOp('objects.get', { id: objectId ?? '' }, { enabled: !!objectId });
  return meta.data?.fields ?? [];
}

function LookupEditor({
  objectId,
  value,
  onChange,
}: {
  objectId: string;
  value: ComputedDraft;
  onChange: (patch: Partial<ComputedDraft>) => void;
  objects: ObjectSummary[];
}) {
  const { t } = useTranslation('platform');
  const own = useFieldsOf(objectId);
  const f0 = own.find((f) => f.id === value.path[0]);
  const level1 = useFieldsOf(f0?.options.target);
  const f1 = level1.find((f) => f.id === value.path[1]);
  const level2 = useFieldsOf(f1?.options.target);
  const f2 = level2.find((f) => f.id === value.path[2]);
  const levels = [own, level1, level2];
  const chosen = [f0, f1, f2];
  const last = chosen[value.path.length - 1];
  const finalFields = useFieldsOf(last?.options.target);
  const refs = (fields: Field[]) =>
    fields.filter((f) => f.type === 'reference').map((f) => ({ value: f.id, label: shownName(f) }));
  const setPath = (i: number, id: string | null) => {
    const path = value.path.slice(0, i);
    if (id) path.push(id);
    onChange({ path, lookupField: null });
  };
  return (
    <Stack gap="xs">
      {levels.slice(0, Math.min(MAX_LOOKUP_DEPTH, value.path.length + 1)).map((fields, i) => (
        <Select
          key={i}
          label={i === 0 ? t('computed.through') : t('computed.thenThrough')}
          required={i === 0}
          placeholder={i === 0 ? undefined : t('computed.stopHere')}
          data={refs(fields)}
          value={value.path[i] ?? null}
          onChange={(v) => setPath(i, v)}
          clearable={i > 0}
          searchable
          nothingFoundMessage={t('noMatches')}
          data-testid={`computed-path-${i}`}
        />
      ))}
      {last && (
        <Select
          label={t('computed.lookupField')}
          required
          data={finalFields.map((f) => ({
            value: f.id,
            label: `${shownName(f)} · ${t(`types.${f.type}`)}`,
          }))}
          value={value.lookupField}
          onChange={(v) => onChange({ lookupField: v })}
          searchable
          nothingFoundMessage={t('noMatches')}
          data-testid="computed-lookup-field"
        />
      )}
    </Stack>
  );
}

function RollupEditor({
  objectId,
  value,
  onChange,
  objects,
}: {
  objectId: string;
  value: ComputedDraft;
  onChange: (patch: Partial<ComputedDraft>) => void;
  objects: ObjectSummary[];
}) {
  const { t } = useTranslation('platform');
  const labels = useFilterLabels();
  const child = useOp(
    'objects.get',
    { id: value.rollupObject ?? '' },
    { enabled: !!value.rollupObject },
  );
  const childFields = useMemo(() => child.data?.fields ?? [], [child.data]);
  const vias = childFields.filter((f) => f.type === 'reference' && f.options.target === objectId);
  const valueFields = childFields.filter((f) => rollupFits(value.fn, f.type));
  const sources = objects.filter((o) => o.kind !== 'mounted' || o.id === value.rollupObject);
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <Select
          label={t('computed.rollupObject')}
          required
          data={sources.map((o) => ({ value: o.id, label: shownName(o) }))}
          value={value.rollupObject}
          onChange={(v) =>
            onChange({ rollupObject: v, via: null, rollupField: null, filter: null })
          }
          searchable
          nothingFoundMessage={t('noMatches')}
          data-testid="computed-rollup-object"
        />
        <Select
          label={t('computed.via')}
          required
          disabled={!value.rollupObject}
          data={vias.map((f) => ({ value: f.id, label: shownName(f) }))}
          value={value.via}
          onChange={(v) => onChange({ via: v })}
          error={value.rollupObject && child.data && !vias.length ? t('computed.noVia') : undefined}
          data-testid="computed-rollup-via"
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('computed.fn')}
          required
          data={rollupFns.map((fn) => ({ value: fn, label: t(`computed.fns.${fn}`) }))}
          value={value.fn}
          onChange={(v) => {
            const fn = (v ?? 'sum') as RollupFn;
            const keep = childFields.find((f) => f.id === value.rollupField);
            onChange({
              fn,
              rollupField: keep && rollupFits(fn, keep.type) ? keep.id : null,
            });
          }}
          allowDeselect={false}
          data-testid="computed-rollup-fn"
        />
        {value.fn !== 'count' && (
          <Select
            label={t('computed.rollupField')}
            required
            disabled={!value.rollupObject}
            data={valueFields.map((f) => ({
              value: f.id,
              label: `${shownName(f)} · ${t(`types.${f.type}`)}`,
            }))}
            value={value.rollupField}
            onChange={(v) => onChange({ rollupField: v })}
            searchable
            nothingFoundMessage={t('noMatches')}
            data-testid="computed-rollup-field"
          />
        )}
      </Group>
      {child.data && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('computed.rollupFilter')}
          </Text>
          <FilterBuilder
            value={value.filter ?? newGroup(t('filter.groupName', { n: 1 }))}
            onChange={(filter) => onChange({ filter })}
            fields={filterFields(child.data, t)}
            labels={labels}
            maxDepth={2}
          />
        </Stack>
      )}
    </Stack>
  );
}

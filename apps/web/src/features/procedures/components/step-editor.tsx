import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import {
  aggregateFns,
  type Assignment,
  type ProcedureParam,
  type ProcedureStep,
} from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { useOp } from '@/lib/qry';
import type { Issues } from '../lib/steps';
import { ExprInput } from './expr-input';
import classes from './procedures.module.css';
import { shownName } from '@/lib/names';

interface Option {
  value: string;
  label: string;
}

/** The fields of an object as choices (`Name (code)`). */
function useFieldOptions(objectId: string | null): Option[] {
  const meta = useOp('objects.get', { id: objectId ?? '' }, { enabled: !!objectId });
  return (meta.data?.fields ?? []).map((f) => ({
    value: f.code,
    label: `${shownName(f)} (${f.code})`,
  }));
}

/** Rows of `field ← expression`. */
function AssignmentsEditor({
  label,
  rows,
  onChange,
  targetObject,
  sourceObject,
  params,
  issues,
  path,
  min = 0,
}: {
  label: string;
  rows: Assignment[];
  onChange: (rows: Assignment[]) => void;
  targetObject: string | null;
  sourceObject: string | null;
  params: readonly ProcedureParam[];
  issues: Issues;
  path: string;
  min?: number;
}) {
  const { t } = useTranslation('procedures');
  const fields = useFieldOptions(targetObject);
  const set = (i: number, patch: Partial<Assignment>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('steps.noAssignments')}
        </Text>
      )}
      {rows.map((r, i) => (
        <Group key={i} align="flex-start" wrap="wrap" gap="xs" data-testid="assignment">
          <Select
            aria-label={t('steps.targetField')}
            placeholder={t('steps.targetField')}
            data={fields}
            value={r.field || null}
            onChange={(v) => set(i, { field: v ?? '' })}
            searchable
            error={issues[`${path}.${i}.field`]}
            style={{ flex: '1 1 180px', maxWidth: 260 }}
            data-testid="assignment-field"
          />
          <Text pt={6} c="dimmed" aria-hidden>
            ←
          </Text>
          <div style={{ flex: '3 1 260px', minWidth: 0 }}>
            <ExprInput
              label=""
              value={r.expr}
              onChange={(expr) => set(i, { expr })}
              objectId={sourceObject}
              params={params}
              target={targetObject && r.field ? { objectId: targetObject, field: r.field } : null}
              placeholder={t('steps.exprPlaceholder')}
              error={issues[`${path}.${i}.expr`]}
              testId="assignment-expr"
            />
          </div>
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={t('steps.removeAssignment')}
            disabled={rows.length <= min}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...rows, { field: '', expr: '' }])}
        style={{ alignSelf: 'flex-start' }}
        data-testid="assignment-add"
      >
        {t('steps.addAssignment')}
      </Button>
      {issues[path] && (
        <Text size="xs" c="red">
          {issues[path]}
        </Text>
      )}
    </Stack>
  );
}

/** The parameters of a procedure a `run` step calls, each an expression over this one's. */
function RunParams({
  procedureId,
  values,
  onChange,
  params,
  issues,
  path,
}: {
  procedureId: string;
  values: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
  params: readonly ProcedureParam[];
  issues: Issues;
  path: string;
}) {
  const { t } = useTranslation('procedures');
  const called = useOp('procedures.get', { id: procedureId }, { enabled: !!procedureId });
  if (!procedureId || !called.data) return null;
  if (!called.data.params.length)
    return (
      <Text size="xs" c="dimmed">
        {t('steps.run.noParams')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {called.data.params.map((p) => (
        <ExprInput
          key={p.name}
          label={`@${p.name}${p.label ? ` — ${p.label}` : ''}`}
          required={p.required}
          value={values[p.name] ?? ''}
          onChange={(v) => {
            const next = { ...values, [p.name]: v };
            if (!v) delete next[p.name];
            onChange(next);
          }}
          objectId={null}
          params={params}
          error={issues[`${path}.${p.name}`]}
        />
      ))}
    </Stack>
  );
}

/** One step of the procedure as a form of its type. */
export function StepEditor({
  step,
  index,
  count,
  onChange,
  onMove,
  onRemove,
  params,
  objects,
  procedures,
  issues,
}: {
  step: ProcedureStep;
  index: number;
  count: number;
  onChange: (s: ProcedureStep) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
  params: readonly ProcedureParam[];
  objects: Option[];
  procedures: Option[];
  issues: Issues;
}) {
  const { t } = useTranslation('procedures');
  const p = `steps.${index}`;
  const objectSelect = (
    label: string,
    value: string | null,
    set: (v: string) => void,
    key: string,
    testId: string,
  ) => (
    <Select
      label={label}
      data={objects}
      value={value || null}
      onChange={(v) => set(v ?? '')}
      searchable
      required
      error={issues[`${p}.${key}`]}
      data-testid={testId}
    />
  );
  const where = (objectId: string | null, scope: readonly ProcedureParam[] = params) =>
    'where' in step ? (
      <ExprInput
        label={t('steps.where')}
        description={t('steps.whereHint')}
        kind="condition"
        value={step.where}
        onChange={(where) => onChange({ ...step, where } as ProcedureStep)}
        objectId={objectId}
        params={scope}
        placeholder="amount > 0 and scenario = @from"
        error={issues[`${p}.where`]}
        testId="step-where"
      />
    ) : null;

  let body: React.ReactNode = null;
  switch (step.type) {
    case 'copy': {
      // The series' number is `@name` in the step's condition and assignments.
      const scope: readonly ProcedureParam[] = step.series
        ? [
            ...params,
            {
              name: step.series.name,
              label: '',
              type: 'number',
              required: false,
              scale: 0,
              choices: [],
              objectId: null,
              default: null,
            },
          ]
        : params;
      body = (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {objectSelect(
              t('steps.source'),
              step.source,
              (source) => onChange({ ...step, source }),
              'source',
              'step-source',
            )}
            {objectSelect(
              t('steps.target'),
              step.target,
              (target) => onChange({ ...step, target }),
              'target',
              'step-target',
            )}
          </SimpleGrid>
          {where(step.source || null, scope)}
          <AssignmentsEditor
            label={t('steps.assignments')}
            rows={step.assignments}
            onChange={(assignments) => onChange({ ...step, assignments })}
            targetObject={step.target || null}
            sourceObject={step.source || null}
            params={scope}
            issues={issues}
            path={`${p}.assignments`}
          />
          <Switch
            label={t('steps.copySameFields')}
            description={t('steps.copySameFieldsHint')}
            checked={step.copySameFields}
            onChange={(e) => onChange({ ...step, copySameFields: e.currentTarget.checked })}
          />
          <Switch
            label={t('steps.series.enable')}
            description={t('steps.series.hint')}
            checked={!!step.series}
            onChange={(e) =>
              onChange({
                ...step,
                series: e.currentTarget.checked ? { name: 'n', from: '1', to: '12' } : null,
              })
            }
            data-testid="step-series"
          />
          {step.series && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('steps.series.name')}
                leftSection={<Text size="sm">@</Text>}
                value={step.series.name}
                onChange={(e) =>
                  onChange({ ...step, series: { ...step.series!, name: e.currentTarget.value } })
                }
                error={issues[`${p}.series.name`]}
              />
              <ExprInput
                label={t('steps.series.from')}
                value={step.series.from}
                onChange={(from) => onChange({ ...step, series: { ...step.series!, from } })}
                objectId={step.source || null}
                params={params}
                error={issues[`${p}.series.from`]}
              />
              <ExprInput
                label={t('steps.series.to')}
                value={step.series.to}
                onChange={(to) => onChange({ ...step, series: { ...step.series!, to } })}
                objectId={step.source || null}
                params={params}
                placeholder="lifeMonths"
                error={issues[`${p}.series.to`]}
              />
            </SimpleGrid>
          )}
        </>
      );
      break;
    }
    case 'update':
      body = (
        <>
          {objectSelect(
            t('steps.object'),
            step.object,
            (object) => onChange({ ...step, object }),
            'object',
            'step-object',
          )}
          {where(step.object || null)}
          <AssignmentsEditor
            label={t('steps.assignments')}
            rows={step.assignments}
            onChange={(assignments) => onChange({ ...step, assignments })}
            targetObject={step.object || null}
            sourceObject={step.object || null}
            params={params}
            issues={issues}
            path={`${p}.assignments`}
            min={1}
          />
        </>
      );
      break;
    case 'delete':
      body = (
        <>
          {objectSelect(
            t('steps.object'),
            step.object,
            (object) => onChange({ ...step, object }),
            'object',
            'step-object',
          )}
          {where(step.object || null)}
          <Text size="xs" c="dimmed">
            {t('steps.delete.hint')}
          </Text>
        </>
      );
      break;
    case 'aggregate':
      body = (
        <AggregateBody
          step={step}
          onChange={onChange}
          params={params}
          issues={issues}
          path={p}
          objectSelect={objectSelect}
          where={where(step.source || null)}
        />
      );
      break;
    case 'run':
      body = (
        <>
          <Select
            label={t('steps.run.procedure')}
            data={procedures}
            value={step.procedure || null}
            onChange={(v) => onChange({ ...step, procedure: v ?? '', params: {} })}
            searchable
            required
            error={issues[`${p}.procedure`]}
            data-testid="step-procedure"
          />
          <RunParams
            procedureId={step.procedure}
            values={step.params}
            onChange={(v) => onChange({ ...step, params: v })}
            params={params}
            issues={issues}
            path={`${p}.params`}
          />
        </>
      );
      break;
    case 'check':
      body = (
        <>
          <Select
            label={t('steps.check.object')}
            description={t('steps.check.objectHint')}
            data={objects}
            value={step.object}
            onChange={(v) => onChange({ ...step, object: v })}
            searchable
            clearable
            error={issues[`${p}.object`]}
          />
          <ExprInput
            label={t('steps.check.condition')}
            kind="condition"
            required
            value={step.condition}
            onChange={(condition) => onChange({ ...step, condition })}
            objectId={step.object}
            params={params}
            placeholder="@amount <= 0"
            error={issues[`${p}.condition`]}
            testId="step-condition"
          />
          <TextInput
            label={t('steps.check.message')}
            required
            value={step.message}
            onChange={(e) => onChange({ ...step, message: e.currentTarget.value })}
            error={issues[`${p}.message`]}
          />
        </>
      );
      break;
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      className={classes.step}
      data-testid="step"
      data-type={step.type}
    >
      <Group justify="space-between" wrap="wrap" mb="xs" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Badge variant="filled" radius="sm">
            {index + 1}
          </Badge>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {t(`steps.${step.type}.name`)}
          </Badge>
          <TextInput
            size="xs"
            variant="unstyled"
            placeholder={t('steps.titlePlaceholder')}
            aria-label={t('steps.title')}
            value={step.title}
            onChange={(e) => onChange({ ...step, title: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 80 }}
          />
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('steps.up')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('steps.up')}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('steps.down')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('steps.down')}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('steps.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('steps.remove')}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t(`steps.${step.type}.hint`)}
      </Text>
      <Stack gap="sm">{body}</Stack>
      {issues[p] && (
        <Text size="xs" c="red" mt="xs">
          {issues[p]}
        </Text>
      )}
    </Card>
  );
}

function AggregateBody({
  step,
  onChange,
  params,
  issues,
  path,
  objectSelect,
  where,
}: {
  step: Extract<ProcedureStep, { type: 'aggregate' }>;
  onChange: (s: ProcedureStep) => void;
  params: readonly ProcedureParam[];
  issues: Issues;
  path: string;
  objectSelect: (
    label: string,
    value: string | null,
    set: (v: string) => void,
    key: string,
    testId: string,
  ) => React.ReactNode;
  where: React.ReactNode;
}) {
  const { t } = useTranslation('procedures');
  const targetFields = useFieldOptions(step.target || null);
  const setValue = (i: number, patch: Partial<(typeof step.values)[number]>) =>
    onChange({ ...step, values: step.values.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {objectSelect(
          t('steps.source'),
          step.source,
          (source) => onChange({ ...step, source }),
          'source',
          'step-source',
        )}
        {objectSelect(
          t('steps.target'),
          step.target,
          (target) => onChange({ ...step, target }),
          'target',
          'step-target',
        )}
      </SimpleGrid>
      {where}
      <AssignmentsEditor
        label={t('steps.aggregate.groupBy')}
        rows={step.groupBy}
        onChange={(groupBy) => onChange({ ...step, groupBy })}
        targetObject={step.target || null}
        sourceObject={step.source || null}
        params={params}
        issues={issues}
        path={`${path}.groupBy`}
        min={1}
      />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('steps.aggregate.values')}
        </Text>
        {step.values.map((v, i) => (
          <Group key={i} align="flex-start" wrap="wrap" gap="xs">
            <Select
              aria-label={t('steps.targetField')}
              placeholder={t('steps.targetField')}
              data={targetFields}
              value={v.field || null}
              onChange={(x) => setValue(i, { field: x ?? '' })}
              searchable
              error={issues[`${path}.values.${i}.field`]}
              style={{ flex: '1 1 160px', maxWidth: 240 }}
            />
            <Text pt={6} c="dimmed" aria-hidden>
              ←
            </Text>
            <Select
              aria-label={t('steps.aggregate.fn')}
              data={aggregateFns.map((fn) => ({
                value: fn,
                label: t(`steps.aggregate.fns.${fn}`),
              }))}
              value={v.fn}
              onChange={(x) => x && setValue(i, { fn: x as (typeof aggregateFns)[number] })}
              allowDeselect={false}
              style={{ width: 130 }}
            />
            {v.fn !== 'count' && (
              <div style={{ flex: '3 1 220px', minWidth: 0 }}>
                <ExprInput
                  label=""
                  value={v.expr}
                  onChange={(expr) => setValue(i, { expr })}
                  objectId={step.source || null}
                  params={params}
                  placeholder="amount"
                  error={issues[`${path}.values.${i}.expr`]}
                />
              </div>
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={4}
              aria-label={t('steps.removeAssignment')}
              disabled={step.values.length <= 1}
              onClick={() => onChange({ ...step, values: step.values.filter((_, j) => j !== i) })}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            onChange({ ...step, values: [...step.values, { field: '', fn: 'sum', expr: '' }] })
          }
        >
          {t('steps.addAssignment')}
        </Button>
      </Stack>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('steps.aggregate.mode')}
        </Text>
        <SegmentedControl
          size="xs"
          value={step.mode}
          onChange={(mode) => onChange({ ...step, mode: mode as 'replace' | 'add' })}
          data={[
            { value: 'replace', label: t('steps.aggregate.replace') },
            { value: 'add', label: t('steps.aggregate.add') },
          ]}
        />
      </div>
    </>
  );
}

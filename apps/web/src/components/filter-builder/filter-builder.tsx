import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconFolderPlus,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  AND,
  OR,
  type Condition,
  type DecimalString,
  type FilterNode,
  type FilterOp,
} from '@fiscus/contracts';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../decimal-input';
import { decimalEditText, parseDecimalText } from '@/lib/decimal';
import { newGroup, opsForType, valueShape, type FilterField } from './ops';

export interface FilterLabels {
  and: string;
  or: string;
  active: string;
  addCondition: string;
  addGroup: string;
  removeCondition: string;
  removeGroup: string;
  expand: string;
  collapse: string;
  field: string;
  operator: string;
  value: string;
  from: string;
  to: string;
  days: string;
  yes: string;
  no: string;
  noConditions: string;
  /** Under a number box whose text is no number. */
  notANumber: string;
  groupName: (n: number) => string;
  ops: Record<FilterOp, string>;
}

/** What a reference picker gets: one record id, or a list of them for `in` / `not in`. */
export interface ReferenceInputProps {
  field: FilterField;
  multiple: boolean;
  value: number | number[] | undefined;
  onChange: (value: number | number[] | undefined) => void;
  /** Accessible label / placeholder. */
  label: string;
}

export interface FilterBuilderProps {
  value: FilterNode;
  onChange: (next: FilterNode) => void;
  fields: FilterField[];
  labels: FilterLabels;
  /** Deepest nesting of groups the user may create (the server allows 6). */
  maxDepth?: number;
  /**
   * Value input of conditions on reference fields (e.g. a searchable picker of the target's
   * records). Without it the value is typed as a record id.
   */
  renderReferenceInput?: (props: ReferenceInputProps) => ReactNode;
}

const ReferenceInputSlot = createContext<FilterBuilderProps['renderReferenceInput']>(undefined);

/** Visual builder of the seed's filter tree: AND/OR groups, nestable, with typed conditions. */
export function FilterBuilder({
  value,
  onChange,
  fields,
  labels,
  maxDepth = 5,
  renderReferenceInput,
}: FilterBuilderProps) {
  return (
    <ReferenceInputSlot.Provider value={renderReferenceInput}>
      <GroupEditor
        node={value}
        onChange={onChange}
        fields={fields}
        labels={labels}
        depth={0}
        maxDepth={maxDepth}
        path="root"
      />
    </ReferenceInputSlot.Provider>
  );
}

interface GroupProps {
  node: FilterNode;
  onChange: (next: FilterNode) => void;
  onRemove?: () => void;
  fields: FilterField[];
  labels: FilterLabels;
  depth: number;
  maxDepth: number;
  path: string;
}

function GroupEditor({
  node,
  onChange,
  onRemove,
  fields,
  labels,
  depth,
  maxDepth,
  path,
}: GroupProps) {
  const set = (patch: Partial<FilterNode>) => onChange({ ...node, ...patch });
  const addCondition = () => {
    const field = fields[0];
    if (!field) return;
    const op = opsForType(field.type)[0] ?? 'eq';
    set({
      conditions: [...node.conditions, { field: field.code, op }],
      isexpanded: true,
      isactive: true,
    });
  };
  const addGroup = () =>
    set({
      children: [...node.children, newGroup(labels.groupName(countGroups(node) + 1))],
      isexpanded: true,
      isactive: true,
    });
  const label = depth === 0 ? labels.active : node.name;

  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      role="group"
      aria-label={node.name}
      data-testid="filter-group"
      style={{
        opacity: node.isactive ? 1 : 0.6,
        background: depth % 2 ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={node.isexpanded ? labels.collapse : labels.expand}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={node.isexpanded ? labels.collapse : labels.expand}
              aria-expanded={node.isexpanded}
              onClick={() => set({ isexpanded: !node.isexpanded })}
            >
              {node.isexpanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            </ActionIcon>
          </Tooltip>
          <SegmentedControl
            size="xs"
            value={node.operator.sid}
            onChange={(sid) => set({ operator: sid === 'or' ? { ...OR } : { ...AND } })}
            data={[
              { value: 'and', label: labels.and },
              { value: 'or', label: labels.or },
            ]}
            aria-label={labels.operator}
          />
          <Switch
            size="xs"
            label={label}
            checked={node.isactive}
            onChange={(e) => set({ isactive: e.currentTarget.checked })}
          />
          {!node.isexpanded && (
            <Badge size="sm" variant="light">
              {node.conditions.length + node.children.length}
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={addCondition}
            disabled={fields.length === 0}
          >
            {labels.addCondition}
          </Button>
          {depth < maxDepth && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconFolderPlus size={14} />}
              onClick={addGroup}
            >
              {labels.addGroup}
            </Button>
          )}
          {onRemove && (
            <Tooltip label={labels.removeGroup}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={labels.removeGroup}
                onClick={onRemove}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {node.isexpanded && (
        <Stack gap="xs" mt="xs" pl={{ base: 0, sm: 'md' }}>
          {node.conditions.length === 0 && node.children.length === 0 && (
            <Text size="sm" c="dimmed">
              {labels.noConditions}
            </Text>
          )}
          {node.conditions.map((c, i) => (
            <ConditionEditor
              key={`${path}-c${i}`}
              condition={c}
              fields={fields}
              labels={labels}
              onChange={(next) =>
                set({ conditions: node.conditions.map((x, j) => (j === i ? next : x)) })
              }
              onRemove={() => set({ conditions: node.conditions.filter((_, j) => j !== i) })}
            />
          ))}
          {node.children.map((child, i) => (
            <GroupEditor
              key={`${path}-g${i}`}
              path={`${path}-g${i}`}
              node={child}
              fields={fields}
              labels={labels}
              depth={depth + 1}
              maxDepth={maxDepth}
              onChange={(next) =>
                set({ children: node.children.map((x, j) => (j === i ? next : x)) })
              }
              onRemove={() => set({ children: node.children.filter((_, j) => j !== i) })}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function countGroups(node: FilterNode): number {
  return node.children.reduce((n, c) => n + 1 + countGroups(c), 0);
}

function ConditionEditor({
  condition,
  fields,
  labels,
  onChange,
  onRemove,
}: {
  condition: Condition;
  fields: FilterField[];
  labels: FilterLabels;
  onChange: (c: Condition) => void;
  onRemove: () => void;
}) {
  const field = fields.find((f) => f.code === condition.field);
  const ops = field ? opsForType(field.type) : [];
  const changeField = (code: string) => {
    const next = fields.find((f) => f.code === code);
    if (!next) return;
    const nextOps = opsForType(next.type);
    const op =
      nextOps.includes(condition.op as FilterOp) && next.type === field?.type
        ? condition.op
        : (nextOps[0] ?? 'eq');
    onChange({ field: code, op, value: next.type === field?.type ? condition.value : undefined });
  };
  const changeOp = (op: string) => {
    const keep = valueShape(op) === valueShape(condition.op);
    onChange({ ...condition, op, value: keep ? condition.value : undefined });
  };

  return (
    <Group gap="xs" wrap="wrap" align="flex-end" data-testid="filter-condition">
      <NativeSelect
        size="xs"
        aria-label={labels.field}
        value={condition.field}
        onChange={(e) => changeField(e.currentTarget.value)}
        data={fields.map((f) => ({ value: f.code, label: f.name }))}
        style={{ minWidth: 140, flex: '1 1 140px' }}
      />
      <NativeSelect
        size="xs"
        aria-label={labels.operator}
        value={condition.op}
        onChange={(e) => changeOp(e.currentTarget.value)}
        data={ops.map((op) => ({ value: op, label: labels.ops[op] }))}
        style={{ minWidth: 130, flex: '1 1 130px' }}
      />
      <div style={{ flex: '2 1 180px', minWidth: 160 }}>
        {field && (
          <ValueInput
            field={field}
            condition={condition}
            labels={labels}
            onChange={(value) => onChange({ ...condition, value })}
          />
        )}
      </div>
      <Tooltip label={labels.removeCondition}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={labels.removeCondition}
          onClick={onRemove}
          mb={4}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function ValueInput({
  field,
  condition,
  labels,
  onChange,
}: {
  field: FilterField;
  condition: Condition;
  labels: FilterLabels;
  onChange: (value: unknown) => void;
}): ReactNode {
  const renderReference = useContext(ReferenceInputSlot);
  const locale = useLocale();
  const shape = valueShape(condition.op);
  const isRef = field.type === 'reference' || field.type === 'id';
  if (shape === 'none') return null;
  if (renderReference && field.type === 'reference' && (shape === 'one' || shape === 'list')) {
    const multiple = shape === 'list';
    const v = condition.value;
    const value = multiple
      ? Array.isArray(v)
        ? (v as unknown[]).map(Number).filter((n) => Number.isInteger(n))
        : []
      : typeof v === 'number'
        ? v
        : undefined;
    return renderReference({
      field,
      multiple,
      value,
      label: labels.value,
      onChange: (next) => onChange(next),
    });
  }
  if (shape === 'days') {
    return (
      <NumberInput
        size="xs"
        aria-label={labels.days}
        placeholder={labels.days}
        min={1}
        max={3650}
        allowDecimal={false}
        value={typeof condition.value === 'number' ? condition.value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      />
    );
  }
  if (shape === 'list') {
    const list = Array.isArray(condition.value) ? (condition.value as unknown[]).map(String) : [];
    if (field.choices) {
      return (
        <MultiSelect
          size="xs"
          aria-label={labels.value}
          placeholder={labels.value}
          data={field.choices}
          value={list}
          searchable
          onChange={(v) => onChange(isRef ? v.map(Number) : v)}
        />
      );
    }
    if (isDecimal(field.type)) {
      // Exact decimals in the user's locale; `;` separates them (a comma may be the decimal one).
      return (
        <TagsInput
          size="xs"
          aria-label={labels.value}
          placeholder={labels.value}
          splitChars={[';']}
          value={list.map((x) => decimalEditText(x, locale))}
          onChange={(v) =>
            onChange(
              v
                .map((x) => parseDecimalText(x, locale))
                .filter((x): x is DecimalString => x !== null),
            )
          }
        />
      );
    }
    return (
      <TagsInput
        size="xs"
        aria-label={labels.value}
        placeholder={labels.value}
        value={list}
        onChange={(v) =>
          onChange(
            isNumeric(field.type) || isRef ? v.map(Number).filter((n) => !Number.isNaN(n)) : v,
          )
        }
      />
    );
  }
  if (shape === 'range') {
    const [from, to] = Array.isArray(condition.value)
      ? (condition.value as unknown[])
      : [undefined, undefined];
    return (
      <Group gap={4} wrap="nowrap" grow>
        <ScalarInput
          field={field}
          label={labels.from}
          value={from}
          onChange={(v) => onChange([v, to])}
          labels={labels}
        />
        <ScalarInput
          field={field}
          label={labels.to}
          value={to}
          onChange={(v) => onChange([from, v])}
          labels={labels}
        />
      </Group>
    );
  }
  return (
    <ScalarInput
      field={field}
      label={labels.value}
      value={condition.value}
      onChange={onChange}
      labels={labels}
    />
  );
}

/** The console's language, which decimals are read and shown in. */
function useLocale(): string {
  const { i18n } = useTranslation();
  return i18n.language || 'en';
}

function isNumeric(type: FilterField['type']) {
  return type === 'integer' || isDecimal(type);
}

function isDecimal(type: FilterField['type']) {
  return type === 'decimal' || type === 'money' || type === 'percent';
}

function ScalarInput({
  field,
  label,
  value,
  onChange,
  labels,
}: {
  field: FilterField;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  labels: FilterLabels;
}) {
  const locale = useLocale();
  const [invalid, setInvalid] = useState(false);
  if (field.type === 'boolean') {
    return (
      <NativeSelect
        size="xs"
        aria-label={label}
        value={value === true ? 'true' : value === false ? 'false' : ''}
        onChange={(e) =>
          onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value === 'true')
        }
        data={[
          { value: '', label: '—' },
          { value: 'true', label: labels.yes },
          { value: 'false', label: labels.no },
        ]}
      />
    );
  }
  if (field.choices) {
    const isRef = field.type === 'reference' || field.type === 'id';
    return (
      <NativeSelect
        size="xs"
        aria-label={label}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange(v === '' ? undefined : isRef ? Number(v) : v);
        }}
        data={[{ value: '', label: '—' }, ...field.choices]}
      />
    );
  }
  if (isDecimal(field.type)) {
    // The exact decimal typed in the user's locale; a text that is no number is not sent.
    return (
      <DecimalInput
        size="xs"
        aria-label={label}
        placeholder={label}
        locale={locale}
        value={value === undefined ? null : value}
        error={invalid ? labels.notANumber : undefined}
        onChange={(v, valid) => {
          setInvalid(!valid);
          onChange(valid && v !== null ? v : undefined);
        }}
      />
    );
  }
  if (isNumeric(field.type) || field.type === 'id' || field.type === 'reference') {
    return (
      <NumberInput
        size="xs"
        aria-label={label}
        placeholder={label}
        allowDecimal={field.type !== 'integer' && field.type !== 'id' && field.type !== 'reference'}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      />
    );
  }
  const inputType =
    field.type === 'date' ? 'date' : field.type === 'datetime' ? 'datetime-local' : 'text';
  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder={label}
      type={inputType}
      value={
        typeof value === 'string' ? (field.type === 'datetime' ? value.slice(0, 16) : value) : ''
      }
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
    />
  );
}

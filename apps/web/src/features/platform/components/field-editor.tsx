import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Modal,
  NumberInput,
  Popover,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import { IconLanguage, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CODE_PATTERN,
  fieldTypes,
  MAX_DECIMAL_SCALE,
  numericTypes,
  textualTypes,
  type Field,
  type FieldOptions,
  type FieldType,
  type NameTranslations,
  type ObjectSummary,
} from '@fiscus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOpMutation } from '@/lib/qry';
import { choiceName, shownName } from '@/lib/names';
import { NameTranslationsInput } from '@/components/names-input';
import {
  ComputedEditor,
  computedDraftOf,
  declaredOf,
  definitionOf,
  type ComputedDraft,
  type ComputedKind,
} from './computed-editor';

/** A stored field (typed in) or one of the computed kinds. */
type Mode = 'stored' | ComputedKind;

type Choice = NonNullable<FieldOptions['choices']>[number];

interface Draft {
  name: string;
  code: string;
  type: FieldType;
  required: boolean;
  unique: boolean;
  hidden: boolean;
  defaultText: string;
  min: string;
  max: string;
  pattern: string;
  scale: number | '';
  currency: string;
  choices: Choice[];
  target: string | null;
  names: NameTranslations;
}

function draftOf(field: Field | null): Draft {
  const o = field?.options ?? {};
  return {
    name: field?.name ?? '',
    names: field?.names ?? {},
    code: field?.code ?? '',
    type: field?.type ?? 'text',
    required: !!o.required,
    unique: !!o.unique,
    hidden: !!o.hidden,
    defaultText:
      o.default === undefined || o.default === null
        ? ''
        : Array.isArray(o.default)
          ? o.default.join(', ')
          : String(o.default),
    min: o.min === undefined ? '' : String(o.min),
    max: o.max === undefined ? '' : String(o.max),
    pattern: o.pattern ?? '',
    scale: o.scale ?? '',
    currency: o.currency ?? '',
    choices: o.choices ?? [],
    target: o.target ?? null,
  };
}

const isNum = (t: FieldType) => numericTypes.includes(t);
const isText = (t: FieldType) => textualTypes.includes(t);
const isDate = (t: FieldType) => t === 'date' || t === 'datetime';
const hasChoices = (t: FieldType) => t === 'select' || t === 'multiselect';

function bound(t: FieldType, s: string): number | string | undefined {
  if (s.trim() === '') return undefined;
  if (isDate(t)) return s.trim();
  const n = Number(s);
  return Number.isFinite(n) ? n : s.trim();
}

function defaultValue(t: FieldType, s: string): FieldOptions['default'] {
  const v = s.trim();
  if (v === '') return undefined;
  if (isNum(t)) return Number.isFinite(Number(v)) ? Number(v) : v;
  if (t === 'boolean') return v === 'true';
  if (t === 'multiselect')
    return v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  if (t === 'reference') return Number.isFinite(Number(v)) ? Number(v) : v;
  return v;
}

/** Creates or edits a field of an object, with every option its type takes. */
export function FieldEditor({
  objectId,
  field,
  opened,
  onClose,
  objects,
}: {
  objectId: string;
  field: Field | null;
  opened: boolean;
  onClose: () => void;
  objects: ObjectSummary[];
}) {
  const { t } = useTranslation('platform');
  const [d, setD] = useState<Draft>(() => draftOf(field));
  const [mode, setMode] = useState<Mode>(field?.computed?.kind ?? 'stored');
  // At phone width the four kinds stack: side by side their names do not fit (German, French).
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [cd, setCd] = useState<ComputedDraft>(() => computedDraftOf(field, 'formula'));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useOpMutation('fields.create');
  const update = useOpMutation('fields.update');
  useEffect(() => {
    if (opened) {
      setD(draftOf(field));
      setMode(field?.computed?.kind ?? 'stored');
      setCd(computedDraftOf(field, 'formula'));
      setErrors({});
      setFormError(null);
    }
  }, [opened, field]);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  const done = {
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        message: field ? t('fields.updated') : t('fields.created'),
      });
      onClose();
    },
    onError: (err: unknown) => {
      const fields = errorOf(err)?.fields;
      if (fields) {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(fields)) out[k.replace(/^options\./, '')] = v[0] ?? '';
        setErrors(out);
      }
      setFormError(messageOf(err));
    },
  };

  const submit = () => {
    const errs: Record<string, string> = {};
    if (!d.name.trim()) errs.name = t('validation.required');
    if (d.code && !CODE_PATTERN.test(d.code)) errs.code = t('validation.code');
    if (mode !== 'stored') return submitComputed(errs);
    if (d.type === 'reference' && !d.target) errs.target = t('validation.required');
    if (hasChoices(d.type) && d.choices.some((c) => !c.value.trim()))
      errs.choices = t('validation.choiceValue');
    if (d.pattern) {
      try {
        new RegExp(d.pattern, 'u');
      } catch {
        errs.pattern = t('validation.regex');
      }
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const options: FieldOptions = {
      required: d.required || undefined,
      unique: d.unique || undefined,
      hidden: d.hidden || undefined,
      default: defaultValue(d.type, d.defaultText),
      min: isNum(d.type) || isText(d.type) || isDate(d.type) ? bound(d.type, d.min) : undefined,
      max: isNum(d.type) || isText(d.type) || isDate(d.type) ? bound(d.type, d.max) : undefined,
      pattern: isText(d.type) && d.pattern ? d.pattern : undefined,
      scale: isNum(d.type) && d.scale !== '' ? d.scale : undefined,
      currency: d.type === 'money' && d.currency ? d.currency.toUpperCase() : undefined,
      choices: hasChoices(d.type)
        ? d.choices.map((c) => ({
            value: c.value.trim(),
            label: c.label?.trim() || undefined,
            labels: c.labels,
            color: c.color || undefined,
          }))
        : undefined,
      target: d.type === 'reference' ? (d.target ?? undefined) : undefined,
    };
    if (field)
      update.mutate(
        { id: field.id, name: d.name.trim(), type: d.type, options, names: d.names },
        done,
      );
    else
      create.mutate(
        {
          objectId,
          name: d.name.trim(),
          code: d.code || undefined,
          type: d.type,
          options,
          names: d.names,
        },
        done,
      );
  };

  /** A formula, lookup or rollup: its definition, a formula's declared type, `hidden`. */
  const submitComputed = (errs: Record<string, string>) => {
    const def = definitionOf({ ...cd, kind: mode as ComputedKind });
    if (!def) errs.computed = t('computed.incomplete');
    setErrors(errs);
    if (Object.keys(errs).length || !def) return;
    const declared = declaredOf({ ...cd, kind: mode as ComputedKind });
    const options = { ...declared.options, hidden: d.hidden || undefined };
    if (field)
      update.mutate(
        {
          id: field.id,
          name: d.name.trim(),
          computed: def,
          type: declared.type,
          options,
          names: d.names,
        },
        done,
      );
    else
      create.mutate(
        {
          objectId,
          name: d.name.trim(),
          code: d.code || undefined,
          computed: def,
          type: declared.type,
          options,
          names: d.names,
        },
        done,
      );
  };

  const targets = objects.filter((o) => o.id !== objectId || d.type === 'reference');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={field ? t('fields.edit', { name: shownName(field) }) : t('fields.new')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {field ? (
            mode !== 'stored' && (
              <Text size="sm" c="dimmed">
                {t(`computed.kinds.${mode}`)}
              </Text>
            )
          ) : (
            <SegmentedControl
              fullWidth
              orientation={phone ? 'vertical' : 'horizontal'}
              value={mode}
              onChange={(v) => {
                setMode(v as Mode);
                setErrors({});
                if (v !== 'stored') setCd((x) => ({ ...x, kind: v as ComputedKind }));
              }}
              data={(['stored', 'formula', 'lookup', 'rollup'] as const).map((m) => ({
                value: m,
                label: t(`computed.kinds.${m}`),
              }))}
              data-testid="field-mode"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.name')}
              required
              value={d.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errors.name}
              data-autofocus
            />
            <TextInput
              label={t('fields.code')}
              description={field ? undefined : t('fields.codeHint')}
              value={d.code}
              disabled={!!field}
              onChange={(e) => set({ code: e.currentTarget.value })}
              error={errors.code}
            />
            {mode === 'stored' && (
              <Select
                label={t('fields.type')}
                required
                data={fieldTypes.map((ft) => ({ value: ft, label: t(`types.${ft}`) }))}
                value={d.type}
                onChange={(v) => v && set({ type: v as FieldType })}
                allowDeselect={false}
                error={errors.type}
                description={field ? t('fields.typeChangeHint') : undefined}
              />
            )}
            {mode === 'stored' && d.type === 'reference' && (
              <Select
                label={t('fields.target')}
                required
                data={targets.map((o) => ({
                  value: o.id,
                  label: `${shownName(o)} (${t(`kinds.${o.kind}`)})`,
                }))}
                value={d.target}
                onChange={(v) => set({ target: v })}
                searchable
                error={errors.target}
              />
            )}
          </SimpleGrid>
          <NameTranslationsInput
            value={d.names}
            onChange={(names) => set({ names })}
            fallback={d.name}
            errors={errors}
          />
          {mode !== 'stored' && (
            <ComputedEditor
              objectId={objectId}
              fieldId={field?.id ?? null}
              value={{ ...cd, kind: mode }}
              onChange={(patch) => setCd((x) => ({ ...x, ...patch }))}
              objects={objects}
              errors={errors}
            />
          )}
          {mode !== 'stored' ? (
            <Checkbox
              label={t('fields.hidden')}
              checked={d.hidden}
              onChange={(e) => set({ hidden: e.currentTarget.checked })}
            />
          ) : (
            <>
              <Group gap="lg">
                <Checkbox
                  label={t('fields.required')}
                  checked={d.required}
                  onChange={(e) => set({ required: e.currentTarget.checked })}
                />
                <Checkbox
                  label={t('fields.unique')}
                  checked={d.unique}
                  onChange={(e) => set({ unique: e.currentTarget.checked })}
                />
                <Checkbox
                  label={t('fields.hidden')}
                  checked={d.hidden}
                  onChange={(e) => set({ hidden: e.currentTarget.checked })}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {d.type === 'boolean' ? (
                  <Select
                    label={t('fields.default')}
                    data={[
                      { value: '', label: '—' },
                      { value: 'true', label: t('yes') },
                      { value: 'false', label: t('no') },
                    ]}
                    value={d.defaultText}
                    onChange={(v) => set({ defaultText: v ?? '' })}
                  />
                ) : hasChoices(d.type) ? (
                  <Select
                    label={t('fields.default')}
                    data={[
                      { value: '', label: '—' },
                      ...d.choices
                        .filter((c) => c.value)
                        .map((c) => ({ value: c.value, label: choiceName(c) })),
                    ]}
                    value={d.defaultText}
                    onChange={(v) => set({ defaultText: v ?? '' })}
                  />
                ) : d.type !== 'attachment' ? (
                  <TextInput
                    label={t('fields.default')}
                    type={d.type === 'date' ? 'date' : 'text'}
                    value={d.defaultText}
                    onChange={(e) => set({ defaultText: e.currentTarget.value })}
                    error={errors.default}
                  />
                ) : null}
                {isText(d.type) && (
                  <TextInput
                    label={t('fields.pattern')}
                    value={d.pattern}
                    onChange={(e) => set({ pattern: e.currentTarget.value })}
                    error={errors.pattern}
                    placeholder="^[A-Z]{3}$"
                  />
                )}
                {(isNum(d.type) || isText(d.type) || isDate(d.type)) && (
                  <>
                    <TextInput
                      label={isText(d.type) ? t('fields.minLength') : t('fields.min')}
                      type={d.type === 'date' ? 'date' : 'text'}
                      inputMode={isDate(d.type) ? undefined : 'decimal'}
                      value={d.min}
                      onChange={(e) => set({ min: e.currentTarget.value })}
                      error={errors.min}
                    />
                    <TextInput
                      label={isText(d.type) ? t('fields.maxLength') : t('fields.max')}
                      type={d.type === 'date' ? 'date' : 'text'}
                      inputMode={isDate(d.type) ? undefined : 'decimal'}
                      value={d.max}
                      onChange={(e) => set({ max: e.currentTarget.value })}
                      error={errors.max}
                    />
                  </>
                )}
                {isNum(d.type) && d.type !== 'integer' && (
                  <NumberInput
                    label={t('fields.scale')}
                    min={0}
                    max={MAX_DECIMAL_SCALE}
                    allowDecimal={false}
                    value={d.scale}
                    onChange={(v) => set({ scale: typeof v === 'number' ? v : '' })}
                    error={errors.scale}
                  />
                )}
                {d.type === 'money' && (
                  <TextInput
                    label={t('fields.currency')}
                    placeholder="EUR"
                    maxLength={3}
                    value={d.currency}
                    onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() })}
                    error={errors.currency}
                  />
                )}
              </SimpleGrid>
              {hasChoices(d.type) && (
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    {t('fields.choices')}
                  </Text>
                  {d.choices.map((c, i) => (
                    <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                      <TextInput
                        size="xs"
                        style={{ flex: 1 }}
                        aria-label={t('fields.choiceValue')}
                        placeholder={t('fields.choiceValue')}
                        value={c.value}
                        onChange={(e) =>
                          set({
                            choices: d.choices.map((x, j) =>
                              j === i ? { ...x, value: e.currentTarget.value } : x,
                            ),
                          })
                        }
                      />
                      <TextInput
                        size="xs"
                        style={{ flex: 1 }}
                        aria-label={t('fields.choiceLabel')}
                        placeholder={t('fields.choiceLabel')}
                        value={c.label ?? ''}
                        onChange={(e) =>
                          set({
                            choices: d.choices.map((x, j) =>
                              j === i ? { ...x, label: e.currentTarget.value } : x,
                            ),
                          })
                        }
                      />
                      <ChoiceLabels
                        index={i}
                        choice={c}
                        errors={errors}
                        onChange={(labels) =>
                          set({
                            choices: d.choices.map((x, j) => (j === i ? { ...x, labels } : x)),
                          })
                        }
                      />
                      <ColorInput
                        size="xs"
                        w={120}
                        aria-label={t('fields.choiceColor')}
                        placeholder={t('fields.choiceColor')}
                        value={c.color ?? ''}
                        onChange={(color) =>
                          set({ choices: d.choices.map((x, j) => (j === i ? { ...x, color } : x)) })
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('common:actions.remove')}
                        onClick={() => set({ choices: d.choices.filter((_, j) => j !== i) })}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  ))}
                  {errors.choices && (
                    <Text size="xs" c="red">
                      {errors.choices}
                    </Text>
                  )}
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => set({ choices: [...d.choices, { value: '' }] })}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('fields.addChoice')}
                  </Button>
                </Stack>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              data-testid="field-submit"
            >
              {field ? t('common:actions.save') : t('common:actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A choice's label in other languages, behind a button with the language icon (the number of
 * languages given on it): a user of a language sees the choice by its label there.
 */
function ChoiceLabels({
  index,
  choice,
  errors,
  onChange,
}: {
  index: number;
  choice: Choice;
  errors: Record<string, string | undefined>;
  onChange: (labels: NameTranslations) => void;
}) {
  const { t } = useTranslation('common');
  const labels = choice.labels ?? {};
  const filled = Object.values(labels).filter((v) => v?.trim()).length;
  const key = `choices.${index}.labels`;
  const failed = Object.keys(errors).some((k) => k.startsWith(`${key}.`) && errors[k]);
  return (
    <Popover width={340} position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon
          variant={filled ? 'light' : 'subtle'}
          color={failed ? 'red' : undefined}
          aria-label={`${t('names.labelTitle')}${filled ? ` (${filled})` : ''}`}
          title={t('names.labelTitle')}
          data-testid={`choice-labels-${index}`}
        >
          <IconLanguage size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <NameTranslationsInput
          value={labels}
          onChange={onChange}
          fallback={choice.label?.trim() || choice.value}
          errors={errors}
          errorKey={key}
          title={t('names.labelTitle')}
          hint={t('names.labelHint')}
          maxLength={200}
          testId={`choice-names-${index}`}
          inputTestId={`choice-${index}-label`}
          open
        />
      </Popover.Dropdown>
    </Popover>
  );
}

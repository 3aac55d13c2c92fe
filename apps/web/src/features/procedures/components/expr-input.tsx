import { Badge, Combobox, Group, Text, Textarea, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconMathFunction } from '@tabler/icons-react';
import type { OpInput, ProcedureParam } from '@fiscus/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOp } from '@/lib/qry';
import { completionsFor, wordAt, type Completion } from '../lib/completion';
import classes from './procedures.module.css';

export interface ExprInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The object whose fields are in scope (null: parameters only). */
  objectId: string | null;
  params: readonly ProcedureParam[];
  kind?: 'value' | 'condition';
  /** Where the value is written: the check also says whether it fits. */
  target?: { objectId: string; field: string } | null;
  placeholder?: string;
  description?: string;
  /** A problem the procedure's own check found here. */
  error?: string | null;
  required?: boolean;
  testId?: string;
}

/**
 * The expression editor: checked by the server (`expressions.validate`) as the user types, with
 * the problem and where it is, or the kind of the result; completes field names (`code` or
 * `{Name}`), `@parameters` and functions.
 */
export function ExprInput({
  label,
  value,
  onChange,
  objectId,
  params,
  kind = 'value',
  target = null,
  placeholder,
  description,
  error,
  required,
  testId,
}: ExprInputProps) {
  const { t } = useTranslation('procedures');
  const ref = useRef<HTMLTextAreaElement>(null);
  const combobox = useCombobox();
  const [word, setWord] = useState<{ start: number; word: string } | null>(null);
  const meta = useOp('objects.get', { id: objectId ?? '' }, { enabled: !!objectId });
  const fields = useMemo(() => meta.data?.fields ?? [], [meta.data]);
  const options = useMemo(
    () => (word ? completionsFor(word.word, fields, params) : []),
    [word, fields, params],
  );

  const [text] = useDebouncedValue(value, 300);
  const input: OpInput<'expressions.validate'> = {
    text,
    objectId,
    kind,
    target,
    params: params
      .filter((p) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(p.name))
      .map((p) => ({ name: p.name, type: p.type, scale: p.scale, objectId: p.objectId })),
  };
  const check = useOp('expressions.validate', input, {
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
  });
  const result = text.trim() === '' ? undefined : check.data;
  const serverIssue = result && !result.valid ? result.issues[0] : undefined;

  const updateWord = (el: HTMLTextAreaElement) => {
    const w = wordAt(el.value, el.selectionStart ?? el.value.length);
    setWord(w);
    if (w && completionsFor(w.word, fields, params).length) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const accept = (c: Completion) => {
    if (!word) return;
    const el = ref.current;
    const caret = el?.selectionStart ?? value.length;
    const next = value.slice(0, word.start) + c.insert + value.slice(caret);
    onChange(next);
    combobox.closeDropdown();
    setWord(null);
    const pos = word.start + c.insert.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(pos, pos);
    });
  };

  const issueText = error ?? serverIssue?.message ?? null;
  const excerpt =
    serverIssue && !error && value === text ? (
      <Text component="span" ff="monospace" size="xs" className={classes.excerpt}>
        {value.slice(Math.max(0, serverIssue.start - 12), serverIssue.start)}
        <mark>
          {value.slice(serverIssue.start, Math.max(serverIssue.end, serverIssue.start + 1)) || ' '}
        </mark>
        {value.slice(Math.max(serverIssue.end, serverIssue.start + 1), serverIssue.end + 12)}
      </Text>
    ) : null;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => {
        const c = options.find((o) => o.label === v);
        if (c) accept(c);
      }}
      withinPortal
      position="bottom-start"
    >
      <Combobox.Target withKeyboardNavigation={options.length > 0}>
        <Textarea
          ref={ref}
          label={label}
          description={description}
          required={required}
          placeholder={placeholder}
          value={value}
          autosize
          minRows={1}
          maxRows={6}
          spellCheck={false}
          autoComplete="off"
          classNames={{ input: classes.code }}
          leftSection={<IconMathFunction size={16} />}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            updateWord(e.currentTarget);
          }}
          onKeyUp={(e) => {
            if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') updateWord(e.currentTarget);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') combobox.closeDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          error={
            issueText ? (
              <span data-testid={testId ? `${testId}-error` : undefined}>
                {issueText} {excerpt}
              </span>
            ) : undefined
          }
          data-testid={testId}
          aria-invalid={!!issueText}
        />
      </Combobox.Target>
      {!issueText && result?.valid && (
        <Group gap={4} mt={2} data-testid={testId ? `${testId}-ok` : undefined}>
          <IconCheck size={12} color="var(--mantine-color-teal-6)" />
          <Text size="xs" c="dimmed">
            {t('expr.valid', { type: result.typeText ?? result.type ?? '' })}
          </Text>
        </Group>
      )}
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {options.map((o) => (
            <Combobox.Option value={o.label} key={`${o.kind}:${o.label}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" ff="monospace" truncate>
                  {o.label}
                </Text>
                <Badge
                  size="xs"
                  variant="light"
                  color={o.kind === 'field' ? 'blue' : o.kind === 'param' ? 'grape' : 'gray'}
                >
                  {o.kind === 'function' ? t(`expr.groups.${o.detail}`) : o.detail}
                </Badge>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

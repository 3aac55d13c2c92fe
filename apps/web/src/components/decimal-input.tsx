import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { decimalEditText, formatDecimal, isDecimalString, parseDecimalText } from '@/lib/decimal';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /**
   * The value: a decimal string as the API carries it (`"1234.50"`), a number, null — or the
   * text last typed when it was not a number (as `onChange` handed it out).
   */
  value: unknown;
  /**
   * Called as the user types: the exact decimal string the text means (`"1234.5"` for German
   * `1.234,5`), null for an empty box, or — with `valid` false — the text as typed when it is
   * not a number.
   */
  onChange: (value: string | null, valid: boolean) => void;
  /** The user's locale: decimal comma and thousands separators are read and shown by it. */
  locale: string;
  /** Fraction digits shown while the box is not being edited (the field's scale). */
  places?: number;
}

const textOf = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string' && isDecimalString(value)
      ? value
      : null;

/**
 * A box for an exact decimal (money, decimal and percent values). Unlike a number input it never
 * turns the text into a binary number: `12345678901234567.89` keeps every digit. It reads the
 * user's locale (`1.234,5` in German, `1 234,5` in French, `1,234.5` in English) and shows the
 * value grouped in that locale while it is not being edited.
 */
export function DecimalInput({
  value,
  onChange,
  locale,
  places,
  onFocus,
  onBlur,
  ...rest
}: DecimalInputProps) {
  const [focused, setFocused] = useState(false);
  const shown = (v: unknown, editing: boolean): string => {
    const exact = textOf(v);
    if (exact === null) return typeof v === 'string' ? v : '';
    return editing ? decimalEditText(exact, locale) : formatDecimal(exact, locale, places ?? 0);
  };
  const [text, setText] = useState(() => shown(value, false));
  // The value this box handed out last: a different one comes from outside (reset, reload).
  const emitted = useRef<unknown>(value);

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(shown(value, focused));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  useEffect(() => {
    if (!focused) setText(shown(emitted.current, false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, places]);

  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onFocus={(e) => {
        setFocused(true);
        setText(shown(emitted.current, true));
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setFocused(false);
        setText(shown(emitted.current, false));
        onBlur?.(e);
      }}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        setText(raw);
        const parsed = raw.trim() === '' ? null : parseDecimalText(raw, locale);
        const next = raw.trim() === '' ? null : (parsed ?? raw);
        emitted.current = next;
        onChange(next, raw.trim() === '' || parsed !== null);
      }}
    />
  );
}

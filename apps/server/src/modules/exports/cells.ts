/**
 * How an exported column is written: text, number (whole numbers), decimal (an exact decimal
 * text at the column's scale: decimal, money and percent fields), boolean, date (YYYY-MM-DD) or
 * datetime.
 */
export type CellKind = 'text' | 'number' | 'decimal' | 'boolean' | 'date' | 'datetime';

/** One value of an exported row: text, number, boolean (dates travel as ISO text), or empty. */
export type Cell = string | number | boolean | null;

/** Turns a stored value into what a user sees (labels, names, numbers). */
export type Convert = (v: unknown) => Cell;

export interface SheetColumn {
  heading: string;
  kind: CellKind;
  /** Fraction digits of a decimal column (its field's scale). */
  scale?: number;
}

/** Significant digits a spreadsheet program computes with (Excel, LibreOffice: IEEE doubles). */
export const SPREADSHEET_DIGITS = 15;

/** Significant digits of a canonical decimal text (`"-0.0500"` → 1, `"1200.00"` → 2). */
export function significantDigits(text: string): number {
  const digits = text.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length;
}

/**
 * Spreadsheet formula injection guard: a text cell that starts with `=`, `+`, `-`, `@`, tab or
 * carriage return is prefixed with `'` so spreadsheet programs show it as text instead of
 * evaluating it. Only text values; numbers (negative ones too) stay numbers.
 */
export function neutralise(s: string): string {
  switch (s.charCodeAt(0)) {
    case 61: // =
    case 43: // +
    case 45: // -
    case 64: // @
    case 9: // tab
    case 13: // CR
      return `'${s}`;
    default:
      return s;
  }
}

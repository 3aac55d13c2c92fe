import type { FieldOptions, FieldType } from '@fiscus/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastReader, SLOW } from './coerce.js';
import { parseValue } from './values.js';

/**
 * The fast readers of bulk writes against the reference, `parseValue`: whatever they answer
 * other than SLOW is exactly parseValue's value, on random values of every kind.
 */

const FIELDS: { type: FieldType; options: FieldOptions }[] = [
  { type: 'text', options: {} },
  { type: 'longtext', options: {} },
  { type: 'integer', options: {} },
  { type: 'reference', options: {} },
  { type: 'boolean', options: {} },
  { type: 'date', options: {} },
  { type: 'select', options: { choices: [{ value: 'open' }, { value: 'paid' }, { value: ' x' }] } },
  { type: 'select', options: {} },
  { type: 'money', options: { scale: 2 } },
  { type: 'money', options: { scale: 0 } },
  { type: 'decimal', options: { scale: 6 } },
  { type: 'percent', options: { scale: 3 } },
];

const day = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1900, 2000, 2023, 2024, 2100)),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(
    ([y, m, d]) =>
      `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  );
const decimalText = fc
  .tuple(
    fc.constantFrom('', '-', '+', ' '),
    fc.oneof(fc.constantFrom('0', '00', ''), fc.stringMatching(/^\d{0,20}$/)),
    fc.constantFrom('', '.', 'e3', 'E-2'),
    fc.oneof(fc.constantFrom('0', '00', '000'), fc.stringMatching(/^\d{0,8}$/)),
  )
  .map(([s, i, mid, f]) => `${s}${i}${mid}${f}`);
const value = fc.oneof(
  fc.constantFrom(
    null,
    undefined,
    '',
    ' ',
    'open',
    'paid',
    ' open ',
    'x',
    ' x',
    '\u0000',
    'a\u0000b',
  ),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.1,
    0.29,
    1e21,
    1e-7,
    123456789012345.67,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.constantFrom(
    true,
    false,
    [],
    ['open'],
    {},
    '2024-02-29',
    '2023-02-29',
    '0000-02-29',
    '1900-02-29',
    '2000-02-29',
  ),
  fc.string(),
  fc.string({ minLength: 990, maxLength: 1010 }),
  fc.double(),
  fc.integer(),
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 100),
  day,
  decimalText,
);

describe('fast readers of bulk writes', () => {
  for (const f of FIELDS) {
    it(`${f.type} ${JSON.stringify(f.options)}: the value parseValue answers, or SLOW`, () => {
      const read = fastReader(f.type, f.options);
      expect(read).not.toBeNull();
      fc.assert(
        fc.property(value, (v) => {
          const fast = read?.(v);
          if (fast === SLOW) return;
          const ref = parseValue(f.type, f.options, v, 'en');
          expect(ref).toEqual({ ok: true, value: fast });
          expect(Object.is(ref.ok && ref.value, fast)).toBe(true);
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('reads the usual values itself', () => {
    const money = fastReader('money', { scale: 2 });
    expect([12.5, '12.5', -0.5, '-0.00', 0, 123456789012345.67].map((v) => money?.(v))).toEqual([
      '12.50',
      '12.50',
      '-0.50',
      '0.00',
      '0.00',
      '123456789012345.67',
    ]);
    expect(money?.('1.005')).toBe(SLOW);
    expect(money?.('1234567890123456.5')).toBe('1234567890123456.50');
    expect(money?.('12345678901234567.5')).toBe(SLOW);
    const date = fastReader('date', {});
    expect(['2024-02-29', '2023-02-29', '2023-04-31', '2023-12-31'].map((v) => date?.(v))).toEqual([
      '2024-02-29',
      SLOW,
      SLOW,
      '2023-12-31',
    ]);
    expect(fastReader('text', {})?.('  a b  ')).toBe('a b');
    expect(fastReader('integer', {})?.(42)).toBe(42);
    expect(fastReader('boolean', {})?.(false)).toBe(false);
    expect(fastReader('select', { choices: [{ value: 'open' }] })?.(' open')).toBe('open');
    expect(fastReader('multiselect', {})).toBeNull();
  });
});

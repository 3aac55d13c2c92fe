import { describe, expect, it } from 'vitest';
import { pgTimestampToIso } from './timestamps.js';

describe('PostgreSQL timestamp text as ISO-8601', () => {
  it('reads what a UTC session sends, to the millisecond', () => {
    for (const [text, iso] of [
      ['2026-01-02 03:04:05', '2026-01-02T03:04:05.000Z'],
      ['2026-01-02 03:04:05+00', '2026-01-02T03:04:05.000Z'],
      ['2026-01-02 03:04:05.1', '2026-01-02T03:04:05.100Z'],
      ['2026-01-02 03:04:05.12+00', '2026-01-02T03:04:05.120Z'],
      ['2026-01-02 03:04:05.123456', '2026-01-02T03:04:05.123Z'],
      ['2026-01-02 03:04:05.123500+00', '2026-01-02T03:04:05.124Z'],
      // Rounding that carries into the seconds, minutes, days.
      ['2026-12-31 23:59:59.9996+00', '2027-01-01T00:00:00.000Z'],
      ['2026-01-02 03:04:05.9999', '2026-01-02T03:04:06.000Z'],
      // Other offsets, T separator, long years.
      ['2026-01-02 03:04:05+02', '2026-01-02T01:04:05.000Z'],
      ['2026-01-02 03:04:05.5-03:30', '2026-01-02T06:34:05.500Z'],
      ['2026-01-02T03:04:05Z'.replace('Z', ''), '2026-01-02T03:04:05.000Z'],
    ] as const)
      expect(pgTimestampToIso(text), text).toBe(iso);
  });

  it('leaves what is no instant as text', () => {
    for (const text of ['infinity', '-infinity', '2026-01-02 03:04:05 BC', '2026-01-02 3:04:05'])
      expect(pgTimestampToIso(text), text).toBe(text);
  });
});

import type { Field } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { buildGroups } from './groups';

const field = (code: string, name: string): Field => ({
  id: code,
  objectId: 'o',
  name,
  code,
  type: 'text',
  options: {},
  position: 0,
  createdAt: '',
  updatedAt: '',
});

describe('buildGroups', () => {
  it('nests combinations and sums counts and totals upwards, exactly', () => {
    const flat = [
      {
        key: { region: 'EU', year: 2025 },
        display: { region: 'Europe', year: '2025' },
        count: 2,
        aggregates: [{ field: 'amount', fn: 'sum' as const, value: '9007199254740993.10' }],
      },
      {
        key: { region: 'EU', year: 2026 },
        display: { region: 'Europe', year: '2026' },
        count: 3,
        aggregates: [{ field: 'amount', fn: 'sum' as const, value: '0.20' }],
      },
      {
        key: { region: null, year: 2026 },
        display: { region: null, year: '2026' },
        count: 1,
        aggregates: [{ field: 'amount', fn: 'sum' as const, value: null }],
      },
    ];
    const groups = buildGroups(flat, [field('region', 'Region'), field('year', 'Year')], '(empty)');
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({
      label: 'Region: Europe',
      count: 5,
      // Exactly, past 2^53 and without binary fractions (as numbers: 9007199254740994).
      aggregates: { amount: '9007199254740993.30' },
    });
    expect(groups[0]!.children).toHaveLength(2);
    expect(groups[0]!.children![1]).toMatchObject({
      label: 'Year: 2026',
      count: 3,
      aggregates: { amount: '0.20' },
    });
    expect(groups[1]).toMatchObject({ label: 'Region: (empty)', count: 1 });
    expect(
      new Set([groups[0]!.id, groups[1]!.id, ...groups[0]!.children!.map((c) => c.id)]).size,
    ).toBe(4);
  });
});

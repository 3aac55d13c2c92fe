import { describe, expect, it } from 'vitest';
import { rank } from './rank';

const names = [
  'Email',
  'Chat',
  'Invoice Preview',
  'Edit Invoice',
  'Invoice List',
  'Add Invoice',
  'Invoices archive',
];

describe('rank', () => {
  it('puts starts-with matches before contains matches and keeps at most 4', () => {
    expect(rank(names, 'inv', (n) => n)).toEqual([
      'Invoice Preview',
      'Invoice List',
      'Invoices archive',
      'Edit Invoice',
    ]);
  });
  it('is case-insensitive and trims the query', () => {
    expect(rank(names, '  CHAT ', (n) => n)).toEqual(['Chat']);
  });
  it('returns nothing for an empty query and honours the limit', () => {
    expect(rank(names, '', (n) => n)).toEqual([]);
    expect(rank(names, 'i', (n) => n, 2)).toHaveLength(2);
  });
});

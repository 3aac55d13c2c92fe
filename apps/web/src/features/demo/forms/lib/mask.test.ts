import { describe, expect, it } from 'vitest';
import { applyMask, groupThousands, maskComplete } from './mask';

describe('applyMask', () => {
  it('fills digits and writes the separators as input reaches them', () => {
    expect(applyMask('(999) 999-9999', '5551234567')).toBe('(555) 123-4567');
    expect(applyMask('(999) 999-9999', '555')).toBe('(555');
    expect(applyMask('9999 9999 9999 9999', '4111-1111-1111-1111')).toBe('4111 1111 1111 1111');
  });

  it('drops what a slot refuses and cuts what goes beyond the pattern', () => {
    expect(applyMask('99/99/9999', '1a2b/0305/20267')).toBe('12/03/0520');
    expect(applyMask('AA-999', 'de123')).toBe('DE-123');
    expect(applyMask('99:99', '123456')).toBe('12:34');
  });

  it('says when a value fills its pattern', () => {
    expect(maskComplete('99:99', '12:34')).toBe(true);
    expect(maskComplete('99:99', '12:3')).toBe(false);
  });
});

describe('groupThousands', () => {
  it('groups digits the reader’s way', () => {
    expect(groupThousands('1234567', 'de')).toBe('1.234.567');
    expect(groupThousands('1234567', 'en')).toBe('1,234,567');
    expect(groupThousands('00a12', 'en')).toBe('12');
    expect(groupThousands('', 'en')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { cardNumber, cvv, expiry, formatCardNumber, mobile, pincode } from './validation';
import { priceSummary } from './pricing';
import { idFromSlug } from './slug';

describe('checkout validation', () => {
  it('checks card numbers with the Luhn sum', () => {
    expect(cardNumber('4242 4242 4242 4242')).toBeNull();
    expect(cardNumber('4242 4242 4242 4241')).toBe('validation.cardNumber');
    expect(cardNumber('1234')).toBe('validation.cardNumber');
    expect(cardNumber('')).toBe('validation.required');
  });

  it('accepts an expiry of this month or later only', () => {
    const now = new Date(2026, 10, 22);
    expect(expiry('11/26', now)).toBeNull();
    expect(expiry('10/26', now)).toBe('validation.expired');
    expect(expiry('13/27', now)).toBe('validation.expiryFormat');
    expect(expiry('1227', now)).toBe('validation.expiryFormat');
  });

  it('checks CVV, mobile and pincode shapes', () => {
    expect(cvv('123')).toBeNull();
    expect(cvv('12')).toBe('validation.cvv');
    expect(mobile('+1 555-123-4567')).toBeNull();
    expect(mobile('12ab')).toBe('validation.mobile');
    expect(pincode('40512')).toBeNull();
    expect(pincode('4O512')).toBe('validation.pincode');
  });

  it('formats card numbers in groups of four', () => {
    expect(formatCardNumber('4242x424242424242')).toBe('4242 4242 4242 4242');
  });
});

describe('price details', () => {
  it('sums lines, discounts and delivery of lines without free shipping', () => {
    expect(
      priceSummary([
        { price: 100, qty: 2, discountPercentage: 10, hasFreeShipping: true },
        { price: 50, qty: 1, discountPercentage: 20, hasFreeShipping: false },
      ]),
    ).toEqual({ itemCount: 3, subtotal: 250, discount: 30, delivery: 4.99, total: 224.99 });
    expect(priceSummary([])).toEqual({
      itemCount: 0,
      subtotal: 0,
      discount: 0,
      delivery: 0,
      total: 0,
    });
  });
});

describe('product slugs', () => {
  it('takes the id after the last dash', () => {
    expect(idFromSlug('apple-watch-series-5-27')).toBe(27);
    expect(idFromSlug('nothing-here')).toBeNull();
    expect(idFromSlug('item-0')).toBeNull();
    expect(idFromSlug(undefined)).toBeNull();
  });
});

/** Field checks of the checkout forms; each returns an i18n key (namespace `ecommerce`) or null. */

export const required = (v: string) => (v.trim() ? null : 'validation.required');

export const mobile = (v: string) =>
  !v.trim()
    ? 'validation.required'
    : /^\+?\d{7,15}$/.test(v.replace(/[\s-]/g, ''))
      ? null
      : 'validation.mobile';

export const pincode = (v: string) =>
  !v.trim() ? 'validation.required' : /^\d{4,10}$/.test(v.trim()) ? null : 'validation.pincode';

export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export const cardNumber = (v: string) => {
  const digits = v.replace(/\s/g, '');
  if (!digits) return 'validation.required';
  return /^\d{13,19}$/.test(digits) && luhn(digits) ? null : 'validation.cardNumber';
};

/** MM/YY, this month or later. */
export const expiry = (v: string, now = new Date()) => {
  if (!v.trim()) return 'validation.required';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(v.trim());
  if (!m) return 'validation.expiryFormat';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return 'validation.expiryFormat';
  const current = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + month - 1 >= current ? null : 'validation.expired';
};

export const cvv = (v: string) =>
  !v.trim() ? 'validation.required' : /^\d{3,4}$/.test(v.trim()) ? null : 'validation.cvv';

/** "4242424242424242" → "4242 4242 4242 4242" (digits only, at most 19). */
export const formatCardNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Input masks of the form elements demo. In a pattern `9` takes a digit, `A` a letter and `*`
 * either; any other character is written as it stands once input reaches it. Characters that
 * do not fit are dropped; input beyond the pattern is cut.
 */
export function applyMask(pattern: string, input: string): string {
  const chars = [...input].filter((c) => /[\p{L}\p{N}]/u.test(c));
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === '9' || p === 'A' || p === '*') {
      // Skip input characters the slot refuses (a letter where a digit belongs).
      while (i < chars.length && !fits(p, chars[i]!)) i++;
      if (i >= chars.length) break;
      out += p === 'A' ? chars[i]!.toUpperCase() : chars[i];
      i++;
    } else {
      out += p;
      if (chars[i] === p) i++;
    }
  }
  return out;
}

function fits(slot: string, c: string): boolean {
  if (slot === '9') return /\p{N}/u.test(c);
  if (slot === 'A') return /\p{L}/u.test(c);
  return true;
}

/** Whether `value` fills `pattern` completely. */
export function maskComplete(pattern: string, value: string): boolean {
  return value.length === pattern.length;
}

/** Digits of `input` grouped by thousands the reader's way ("1234567" → "1.234.567" in German). */
export function groupThousands(input: string, lang: string): string {
  const digits = input
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 15);
  return digits ? new Intl.NumberFormat(lang).format(Number(digits)) : '';
}

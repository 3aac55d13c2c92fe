/** Timestamps as sources send them, in the platform's form (ISO-8601 UTC text). */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const DIGIT_0 = 48;
const DIGIT_9 = 57;

function digitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= DIGIT_0 && c <= DIGIT_9;
}

/**
 * What a UTC session sends nearly always — `YYYY-MM-DD HH:MM:SS`, a fraction of up to six
 * digits, `+00` for time-zone-aware types — as ISO-8601 in milliseconds without a Date or a
 * regular expression (a synced million rows pass here once per timestamp); undefined for
 * anything else, and where rounding to the millisecond would carry into the seconds.
 */
function fastTimestamp(text: string): string | undefined {
  const n = text.length;
  if (n < 19 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  if (text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58)
    return undefined;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18])
    if (!digitAt(text, i)) return undefined;
  let end = n;
  if (text.endsWith('+00')) end -= 3;
  let ms = '000';
  if (end > 19) {
    if (text.charCodeAt(19) !== 46 || end === 20) return undefined;
    for (let i = 20; i < end; i++) if (!digitAt(text, i)) return undefined;
    const frac = text.slice(20, end);
    if (frac.length <= 3) ms = frac.padEnd(3, '0');
    else {
      let v = Number(frac.slice(0, 3));
      if (text.charCodeAt(23) >= 53) v++;
      if (v === 1000) return undefined;
      ms = String(v).padStart(3, '0');
    }
  } else if (end !== 19) return undefined;
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}

/** PostgreSQL timestamp text (session in UTC) → ISO-8601 UTC; infinity and BC stay as text. */
export function pgTimestampToIso(text: string): string {
  const fast = fastTimestamp(text);
  if (fast !== undefined) return fast;
  const m =
    /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?$/.exec(
      text,
    );
  if (!m) return text;
  const ms = m[7] ? Number(`0${m[7]}`) * 1000 : 0;
  let t = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
  );
  if (m[8]) {
    const off = (Number(m[9]) * 3600 + Number(m[10] ?? 0) * 60 + Number(m[11] ?? 0)) * 1000;
    t -= m[8] === '+' ? off : -off;
  }
  const d = new Date(t + Math.round(ms));
  if (Number.isNaN(d.getTime())) return text;
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}

/**
 * Short and template-written figures in the reader's language. `Intl.NumberFormat` does the
 * work: the decimal mark, the grouping and the compact suffix are the locale's (en "2.76K",
 * de "1,5 Mio.", fr "2,76 k", ru "2,76 тыс."), never a hand-written "k".
 */

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/** A number in the locale's short form (up to two decimals): en 2760 → "2.76K", de 2760 → "2760". */
export function formatCompact(
  value: number,
  locale: string,
  { currency }: { currency?: string } = {},
): string {
  return numberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 2,
    ...(currency ? { style: 'currency', currency, minimumFractionDigits: 0 } : {}),
  }).format(value);
}

// "$" (dollars), digits with an English decimal point or comma groups, then k, %, gb or nothing.
const FIGURE = /^(\$)?(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(k|%|gb)?$/i;

/**
 * A figure the demo data writes the way the template does ("230k", "8.549k", "$99.87k", "26.8",
 * "25,852", "86%", "1.2gb") in the reader's language; any other text is returned unchanged.
 */
export function formatFigure(text: string, locale: string): string {
  const m = FIGURE.exec(text.trim());
  if (!m) return text;
  const dollars = m[1] === '$';
  const n = Number(m[2]!.replaceAll(',', ''));
  const unit = m[3]?.toLowerCase();
  const money: Intl.NumberFormatOptions = dollars
    ? { style: 'currency', currency: 'USD', minimumFractionDigits: 0 }
    : {};
  if (unit === 'k') return formatCompact(n * 1000, locale, dollars ? { currency: 'USD' } : {});
  if (unit === '%')
    return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(n / 100);
  if (unit === 'gb')
    return numberFormat(locale, {
      style: 'unit',
      unit: 'gigabyte',
      maximumFractionDigits: 2,
    }).format(n);
  return numberFormat(locale, { maximumFractionDigits: 3, ...money }).format(n);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// "12 Apr, 21": day, English month, two-digit year of this century.
const TEMPLATE_DATE = /^(\d{1,2}) ([A-Z][a-z]{2}), (\d{2})$/;

/**
 * A date the demo data writes the template's way ("12 Apr, 21") in the reader's language
 * (en "Apr 12, 21", de "12. Apr. 21"); any other text is returned unchanged.
 */
export function formatTemplateDate(text: string, locale: string): string {
  const m = TEMPLATE_DATE.exec(text.trim());
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month < 0) return text;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(2000 + Number(m[3]), month, Number(m[1])));
}

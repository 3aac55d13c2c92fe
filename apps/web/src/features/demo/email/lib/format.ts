import type { EmailLabel } from '../api/types';

/** Mantine colour of each label (Personal success, Company primary, Important warning, Private danger). */
export const labelColors: Record<EmailLabel, string> = {
  personal: 'green',
  company: 'brand',
  important: 'orange',
  private: 'red',
};

/** Short date of a list row: the time for today's mails, otherwise day and month. */
export function shortDate(iso: string, language: string, now = new Date()): string {
  const d = new Date(iso);
  const sameDay = d.toDateString() === now.toDateString();
  if (sameDay)
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(d);
  const sameYear = d.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(d);
}

/** Full date and time of an opened message. */
export function longDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** Plain text of an HTML message (for the list excerpt). */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = doc.body.querySelectorAll('p, li, br, h1, h2, h3, h4, blockquote');
  blocks.forEach((el) => el.append(' '));
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const allowedTags = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'A',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'H1',
  'H2',
  'H3',
  'H4',
  'CODE',
  'PRE',
  'SPAN',
  'HR',
  'MARK',
]);

/**
 * Keeps only harmless markup of a message: a fixed set of tags, no attributes except safe link
 * targets (http, https, mailto), which open in a new tab.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (!allowedTags.has(child.tagName)) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE'].includes(child.tagName)) {
          child.remove();
          continue;
        }
        // Unknown element: keep its text and allowed children, drop the element itself.
        walk(child);
        child.replaceWith(...Array.from(child.childNodes));
        continue;
      }
      const href = child.tagName === 'A' ? child.getAttribute('href') : null;
      for (const attr of Array.from(child.attributes)) child.removeAttribute(attr.name);
      if (href && /^(https?:|mailto:)/i.test(href.trim())) {
        child.setAttribute('href', href.trim());
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
      walk(child);
    }
  };
  walk(root);
  return root.innerHTML;
}

/** True when an editor's HTML holds no text. */
export function isBlankHtml(html: string): boolean {
  return plainText(html) === '';
}

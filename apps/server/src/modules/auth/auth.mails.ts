import type { Mail } from '../../lib/mailer.js';
import type { Lang } from '../../platform/messages.js';
import { authText } from './auth.messages.js';

/** The mails of sign-in and account changes (texts `auth.mail.<kind>.*`). */
export type MailKind = 'reset' | 'email_confirm' | 'email_change_notice' | 'email_changed';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A mail of the auth texts `auth.mail.<kind>.subject` / `.text` in the reader's language: plain
 * text, and HTML in which a paragraph that is exactly the link becomes a clickable link.
 */
export function composeMail(
  lang: Lang,
  kind: MailKind,
  to: string,
  params: Record<string, string | number>,
  link?: string,
): Mail {
  const text = authText(lang, `auth.mail.${kind}.text`, { ...params, ...(link ? { link } : {}) });
  const html = text
    .split('\n\n')
    .map((para) =>
      link && para.trim() === link
        ? `<p><a href="${escape(link)}">${escape(link)}</a></p>`
        : `<p>${escape(para).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  return { to, subject: authText(lang, `auth.mail.${kind}.subject`, params), text, html };
}

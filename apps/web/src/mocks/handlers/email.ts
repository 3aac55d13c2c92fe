import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  isEmailFolder as isFolder,
  isEmailLabel as isLabel,
  isStoredFolder,
  type Email,
  type EmailFolderFilter,
  type EmailPerson,
  type EmailsMeta,
} from '@/features/demo/email/api/types';
import { emailDb, mailboxOwner, nextEmailId } from '../db/email';

// Demo mailbox endpoints (DEMO.md §5). Query values arrive as strings and are checked.

function fail(status: number, code: string, message: string, fields?: Record<string, string[]>) {
  return HttpResponse.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/** Global counts for the sidebar badges; they ignore the current query. */
export function emailsMeta(emails: Email[]): EmailsMeta {
  return {
    inbox: emails.filter((e) => e.folder === 'inbox' && !e.isRead).length,
    draft: emails.filter((e) => e.folder === 'draft').length,
    spam: emails.filter((e) => e.folder === 'spam' && !e.isRead).length,
  };
}

function inFolder(email: Email, folder: EmailFolderFilter | undefined): boolean {
  if (folder === 'trash') return email.folder === 'trash';
  if (folder === 'starred') return email.isStarred && email.folder !== 'trash';
  if (folder === undefined) return email.folder !== 'trash';
  return email.folder === folder;
}

function readIds(body: unknown): number[] | null {
  const ids = (body as { emailIds?: unknown } | null)?.emailIds;
  if (!Array.isArray(ids) || ids.length === 0) return null;
  const nums = ids.map((x) => (typeof x === 'string' ? Number(x) : x));
  return nums.every((n) => typeof n === 'number' && Number.isInteger(n))
    ? (nums as number[])
    : null;
}

function findAll(ids: number[]): Email[] | null {
  const found = ids.map((id) => emailDb.emails.find((e) => e.id === id));
  return found.every((e): e is Email => e !== undefined) ? found : null;
}

function readPeople(v: unknown): EmailPerson[] | null {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return null;
  const people: EmailPerson[] = [];
  for (const x of v) {
    const email = (x as { email?: unknown } | null)?.email;
    const name = (x as { name?: unknown } | null)?.name;
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
    people.push({ email, name: typeof name === 'string' && name.trim() ? name.trim() : email });
  }
  return people;
}

export const emailHandlers: RequestHandler[] = [
  // List of one folder or label, newest first, with the sidebar counts.
  http.get('/apps/email/emails', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const q = (params.get('q') ?? '').trim().toLowerCase();
    const folderParam = params.get('folder') || undefined;
    const labelParam = params.get('label') || undefined;
    if (folderParam !== undefined && !isFolder(folderParam)) {
      return fail(400, 'bad_request', 'Unknown folder', { folder: ['Unknown folder'] });
    }
    if (labelParam !== undefined && !isLabel(labelParam)) {
      return fail(400, 'bad_request', 'Unknown label', { label: ['Unknown label'] });
    }
    // Without a folder, a label view spans every folder but trash; otherwise the inbox is shown.
    const folder = folderParam ?? (labelParam ? undefined : 'inbox');
    const emails = emailDb.emails
      .filter(
        (e) =>
          e.subject.toLowerCase().includes(q) &&
          inFolder(e, folder) &&
          (labelParam ? e.labels.includes(labelParam) : true),
      )
      .sort((a, b) => b.id - a.id);
    return HttpResponse.json({ emails, emailsMeta: emailsMeta(emailDb.emails) });
  }),

  // Merges `dataToUpdate` (isStarred, isRead, folder, labels) into every listed mail.
  http.post('/apps/email/update-emails', async ({ request }) => {
    const body = (await request.json().catch(() => null)) as {
      dataToUpdate?: Record<string, unknown>;
    } | null;
    const ids = readIds(body);
    const data = body?.dataToUpdate;
    if (!ids || !data || typeof data !== 'object') {
      return fail(400, 'bad_request', 'emailIds and dataToUpdate are required');
    }
    const patch: Partial<Pick<Email, 'isStarred' | 'isRead' | 'folder' | 'labels'>> = {};
    for (const [key, value] of Object.entries(data)) {
      if ((key === 'isStarred' || key === 'isRead') && typeof value === 'boolean')
        patch[key] = value;
      else if (key === 'folder' && isStoredFolder(value)) patch.folder = value;
      else if (key === 'labels' && Array.isArray(value) && value.every(isLabel)) {
        patch.labels = [...new Set(value)];
      } else
        return fail(400, 'bad_request', `Invalid value for ${key}`, { [key]: ['Invalid value'] });
    }
    const emails = findAll(ids);
    if (!emails) return fail(404, 'not_found', 'Email not found');
    for (const e of emails)
      Object.assign(e, patch, patch.labels ? { labels: [...patch.labels] } : {});
    return HttpResponse.json({ emails, emailsMeta: emailsMeta(emailDb.emails) });
  }),

  // Toggles one label on every listed mail (added where missing, removed where present).
  http.post('/apps/email/update-emails-label', async ({ request }) => {
    const body = (await request.json().catch(() => null)) as { label?: unknown } | null;
    const ids = readIds(body);
    const label = body?.label;
    if (!ids || !isLabel(label))
      return fail(400, 'bad_request', 'emailIds and a known label are required');
    const emails = findAll(ids);
    if (!emails) return fail(404, 'not_found', 'Email not found');
    for (const e of emails) {
      e.labels = e.labels.includes(label)
        ? e.labels.filter((l) => l !== label)
        : [...e.labels, label];
    }
    return HttpResponse.json({ emails });
  }),

  // Neighbour of a mail in the whole mailbox (previous = lower position, next = higher).
  http.get('/apps/email/paginate-email', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const dir = params.get('dir');
    const id = Number(params.get('emailId'));
    if ((dir !== 'previous' && dir !== 'next') || !Number.isInteger(id)) {
      return fail(400, 'bad_request', 'dir (previous|next) and emailId are required');
    }
    const index = emailDb.emails.findIndex((e) => e.id === id);
    if (index < 0) return fail(404, 'not_found', 'Email not found');
    const neighbour = emailDb.emails[dir === 'previous' ? index - 1 : index + 1];
    if (!neighbour) return fail(404, 'not_found', 'No email in that direction');
    return HttpResponse.json(neighbour);
  }),

  // Compose: the mail is "sent" by storing it in the Sent folder, or kept as a draft.
  http.post('/apps/email/emails', async ({ request }) => {
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    const to = readPeople(body?.to);
    const cc = readPeople(body?.cc);
    const bcc = readPeople(body?.bcc);
    const subject = typeof body?.subject === 'string' ? body.subject.trim() : '';
    const message = typeof body?.message === 'string' ? body.message : '';
    const folder = body?.folder ?? 'sent';
    const fields: Record<string, string[]> = {};
    if (folder !== 'sent' && folder !== 'draft')
      fields.folder = ['Mail can be sent or saved as draft'];
    if (!to || (folder === 'sent' && to.length === 0))
      fields.to = ['At least one valid recipient is required'];
    if (!cc) fields.cc = ['Invalid recipient'];
    if (!bcc) fields.bcc = ['Invalid recipient'];
    if (Object.keys(fields).length > 0 || !to || !cc || !bcc) {
      return fail(400, 'validation_failed', 'Invalid e-mail', fields);
    }
    const email: Email = {
      id: nextEmailId(),
      from: { ...mailboxOwner },
      to,
      cc,
      bcc,
      subject,
      message,
      attachments: [],
      isStarred: false,
      labels: [],
      time: new Date().toISOString(),
      replies: [],
      folder: folder === 'draft' ? 'draft' : 'sent',
      isRead: true,
    };
    emailDb.emails.push(email);
    return HttpResponse.json({ email }, { status: 201 });
  }),
];

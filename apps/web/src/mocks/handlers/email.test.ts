import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../node';
import type { Email, EmailsMeta } from '@/features/demo/email/api/types';
import { emailDb, resetEmail } from '../db/email';
import { strict } from '@/test/msw';

const url = (path: string) => new URL(path, location.origin).toString();
const post = (path: string, body: unknown) =>
  fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
async function list(query = ''): Promise<{ emails: Email[]; emailsMeta: EmailsMeta }> {
  const res = await fetch(url(`/apps/email/emails${query}`));
  expect(res.status).toBe(200);
  return (await res.json()) as { emails: Email[]; emailsMeta: EmailsMeta };
}

beforeAll(() => server.listen(strict));
beforeEach(() => resetEmail());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('email seed data', () => {
  it('has the documented sizes', () => {
    const all = emailDb.emails;
    expect(all).toHaveLength(24);
    const inFolder = (f: string) => all.filter((e) => e.folder === f).length;
    expect([
      inFolder('inbox'),
      inFolder('spam'),
      inFolder('trash'),
      inFolder('draft'),
      inFolder('sent'),
    ]).toEqual([8, 6, 4, 4, 2]);
    expect(all.filter((e) => e.isRead)).toHaveLength(15);
    expect(all.filter((e) => e.isStarred)).toHaveLength(7);
    expect(all.filter((e) => e.isStarred && e.folder !== 'trash')).toHaveLength(6);
    const withLabel = (l: string) => all.filter((e) => (e.labels as string[]).includes(l)).length;
    expect([
      withLabel('company'),
      withLabel('personal'),
      withLabel('private'),
      withLabel('important'),
    ]).toEqual([9, 7, 6, 3]);
    expect(all.filter((e) => e.attachments.length > 0)).toHaveLength(7);
    const threads = all.filter((e) => e.replies.length > 0);
    expect(threads).toHaveLength(1);
    expect(threads[0]!.replies[0]!.id).toBe(25);
  });
});

describe('GET /apps/email/emails', () => {
  it('lists the inbox by default, newest first, with the global counts', async () => {
    const { emails, emailsMeta } = await list();
    expect(emails).toHaveLength(8);
    expect(emails.every((e) => e.folder === 'inbox')).toBe(true);
    const ids = emails.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(emailsMeta).toEqual({ inbox: 3, draft: 4, spam: 2 });
  });

  it('applies the folder rules', async () => {
    expect((await list('?folder=trash')).emails).toHaveLength(4);
    const starred = (await list('?folder=starred')).emails;
    expect(starred).toHaveLength(6);
    expect(starred.every((e) => e.isStarred && e.folder !== 'trash')).toBe(true);
    expect((await list('?folder=spam')).emails).toHaveLength(6);
    expect((await list('?folder=sent')).emails).toHaveLength(2);
    expect((await list('?folder=draft')).emails).toHaveLength(4);
  });

  it('filters by label across every folder but trash, or within a given folder', async () => {
    const company = (await list('?label=company')).emails;
    expect(company).toHaveLength(9);
    const personal = (await list('?label=personal')).emails;
    // 7 personal mails, 2 of them in trash
    expect(personal).toHaveLength(5);
    expect(personal.every((e) => e.labels.includes('personal') && e.folder !== 'trash')).toBe(true);
    const inboxImportant = (await list('?folder=inbox&label=important')).emails;
    expect(inboxImportant.map((e) => e.id)).toEqual([23, 17, 7]);
  });

  it('searches the subject case-insensitively', async () => {
    const { emails } = await list('?q=AUDIT');
    expect(emails.map((e) => e.subject)).toEqual(['Audit findings and next steps']);
    expect((await list('?q=zzz-nothing')).emails).toEqual([]);
    // the counts ignore the search
    expect((await list('?q=zzz-nothing')).emailsMeta.inbox).toBe(3);
  });

  it('rejects an unknown folder or label', async () => {
    expect((await fetch(url('/apps/email/emails?folder=archive'))).status).toBe(400);
    expect((await fetch(url('/apps/email/emails?label=urgent'))).status).toBe(400);
  });
});

describe('POST /apps/email/update-emails', () => {
  it('marks mails read and the unread count drops', async () => {
    const res = await post('/apps/email/update-emails', {
      emailIds: [24, 23],
      dataToUpdate: { isRead: true },
    });
    expect(res.status).toBe(200);
    const { emailsMeta } = await list();
    expect(emailsMeta.inbox).toBe(1);
    expect(emailDb.emails.find((e) => e.id === 24)!.isRead).toBe(true);
  });

  it('stars a mail and moves mails to trash', async () => {
    await post('/apps/email/update-emails', { emailIds: [3], dataToUpdate: { isStarred: true } });
    expect((await list('?folder=starred')).emails.map((e) => e.id)).toContain(3);
    await post('/apps/email/update-emails', {
      emailIds: [3, 7],
      dataToUpdate: { folder: 'trash' },
    });
    expect((await list()).emails).toHaveLength(6);
    expect((await list('?folder=trash')).emails).toHaveLength(6);
    // a starred mail in trash is no longer in the starred view
    expect((await list('?folder=starred')).emails.map((e) => e.id)).not.toContain(3);
  });

  it('answers 404 for an unknown id and changes nothing', async () => {
    const res = await post('/apps/email/update-emails', {
      emailIds: [24, 999],
      dataToUpdate: { isRead: true },
    });
    expect(res.status).toBe(404);
    expect(emailDb.emails.find((e) => e.id === 24)!.isRead).toBe(false);
  });

  it('rejects values of the wrong type (a string "false" is not a boolean)', async () => {
    const res = await post('/apps/email/update-emails', {
      emailIds: [24],
      dataToUpdate: { isStarred: 'false' },
    });
    expect(res.status).toBe(400);
    const bad = await post('/apps/email/update-emails', {
      emailIds: [24],
      dataToUpdate: { folder: 'starred' },
    });
    expect(bad.status).toBe(400);
    expect(emailDb.emails.find((e) => e.id === 24)!.isStarred).toBe(true);
  });
});

describe('POST /apps/email/update-emails-label', () => {
  it('toggles the label on each mail', async () => {
    // 24 has personal, 23 does not
    const res = await post('/apps/email/update-emails-label', {
      emailIds: [24, 23],
      label: 'personal',
    });
    expect(res.status).toBe(200);
    const find = (id: number) => emailDb.emails.find((e) => e.id === id)!;
    expect(find(24).labels).not.toContain('personal');
    expect(find(23).labels).toContain('personal');
    await post('/apps/email/update-emails-label', { emailIds: [23], label: 'personal' });
    expect(find(23).labels).not.toContain('personal');
  });

  it('rejects an unknown label and answers 404 for an unknown id', async () => {
    expect(
      (await post('/apps/email/update-emails-label', { emailIds: [1], label: 'urgent' })).status,
    ).toBe(400);
    expect(
      (await post('/apps/email/update-emails-label', { emailIds: [77], label: 'private' })).status,
    ).toBe(404);
  });
});

describe('GET /apps/email/paginate-email', () => {
  it('returns the neighbouring mail or 404 at the ends', async () => {
    const next = await fetch(url('/apps/email/paginate-email?dir=next&emailId=5'));
    expect(((await next.json()) as Email).id).toBe(6);
    const prev = await fetch(url('/apps/email/paginate-email?dir=previous&emailId=5'));
    expect(((await prev.json()) as Email).id).toBe(4);
    expect((await fetch(url('/apps/email/paginate-email?dir=previous&emailId=1'))).status).toBe(
      404,
    );
    expect((await fetch(url('/apps/email/paginate-email?dir=next&emailId=24'))).status).toBe(404);
    expect((await fetch(url('/apps/email/paginate-email?dir=next&emailId=99'))).status).toBe(404);
  });
});

describe('POST /apps/email/emails (compose)', () => {
  it('saves the mail into Sent with the next id', async () => {
    const res = await post('/apps/email/emails', {
      to: [{ name: 'Jane Foster', email: 'jane.foster@example.com' }],
      cc: [],
      bcc: [{ name: 'Cheryl May', email: 'cheryl.may@example.com' }],
      subject: 'Hello from compose',
      message: '<p>Hi</p>',
    });
    expect(res.status).toBe(201);
    const { email } = (await res.json()) as { email: Email };
    expect(email.id).toBe(26);
    expect(email.folder).toBe('sent');
    expect(email.isRead).toBe(true);
    const sent = (await list('?folder=sent')).emails;
    expect(sent).toHaveLength(3);
    expect(sent[0]!.subject).toBe('Hello from compose');
    expect(sent[0]!.bcc[0]!.email).toBe('cheryl.may@example.com');
  });

  it('requires a valid recipient', async () => {
    const res = await post('/apps/email/emails', { to: [], subject: 'x', message: '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields.to).toBeDefined();
    expect((await post('/apps/email/emails', { to: [{ email: 'not-an-address' }] })).status).toBe(
      400,
    );
    expect((await list('?folder=sent')).emails).toHaveLength(2);
  });
});

import { ApiError, createClient, type Client } from '@fiscus/client';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

/** The typed client (`packages/client`) against a listening server, over real HTTP. */
describe('@fiscus/client', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let baseUrl: string;
  let user: RegisteredUser;
  let client: Client;
  beforeAll(async () => {
    // Access tokens live 2 s: the client has to renew them during the test.
    t = await makeTestApp({ accessTokenTtl: 2 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await registerUser(t.app);
    client = createClient({ baseUrl, lang: 'de' });
  });
  afterAll(async () => t.cleanup());

  it('signs in and runs typed ops', async () => {
    const session = await client.signIn({ login: user.username, password: user.password });
    expect(session.user.username).toBe(user.username);
    const obj = await client.op('objects.create', { name: 'Ledger', kind: 'table' });
    const field = await client.op('fields.create', {
      objectId: obj.id,
      name: 'Amount',
      type: 'integer',
    });
    const created = await client.op('records.create', {
      objectId: obj.id,
      values: { name: 'First', [field.code]: 42 },
    });
    const list = await client.op('records.list', { objectId: obj.id });
    expect(list.rows.map((r) => [r.id, r.values[field.code]])).toEqual([[created.id, 42]]);
    const [count, bad] = await client.batch([
      { op: 'records.count', objectId: obj.id },
      { op: 'records.list', objectId: '' },
    ]);
    expect(count).toEqual({ data: { total: 1 } });
    expect(bad).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('answers refusals as ApiError with the code, the fields and the server’s language', async () => {
    const err = await client.op('records.list', { objectId: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(Object.keys((err as ApiError).fields ?? {})).toEqual(['objectId']);
    // The server's message in the client's language, with the field's rule.
    expect((err as ApiError).message).toMatch(/^Einige Felder sind ungültig\. \(objectId: .+\)$/);
  });

  it('renews an expired access token with the refresh token, once for parallel calls', async () => {
    const first = createClient({ baseUrl });
    await first.signIn({ login: user.username, password: user.password });
    const before = first.tokens;
    const renewed: string[] = [];
    const watched = createClient({
      baseUrl,
      token: before.accessToken as string,
      refreshToken: before.refreshToken as string,
      onTokens: (tk) => renewed.push(tk.refreshToken),
    });
    // Waits until the server calls the access token expired.
    for (;;) {
      const res = await fetch(`${baseUrl}/api/whoami`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: before.accessToken }),
      });
      if (((await res.json()) as { reason?: string }).reason === 'expired') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const answers = await Promise.all([
      watched.op('objects.list', {}),
      watched.op('tokens.list', {}),
      watched.op('domains.list', {}),
    ]);
    expect(answers[2].items.map((d) => d.id)).toContain(user.session.domain.id);
    expect(renewed).toHaveLength(1);
    expect(watched.tokens.refreshToken).toBe(renewed[0]);
    expect(watched.tokens.refreshToken).not.toBe(before.refreshToken);
    // The old refresh token was used: renewing with it again later ends the sign-in.
    expect(watched.tokens.accessToken).not.toBe(before.accessToken);
  });

  it('uses an API token: reads with the read scope, refused writes', async () => {
    const signed = createClient({ baseUrl });
    await signed.signIn({ login: user.username, password: user.password });
    const made = await signed.op('tokens.create', {
      name: 'BI tool',
      scope: 'read',
      expiresInDays: 30,
    });
    const bi = createClient({ baseUrl, token: made.secret });
    const objects = await bi.op('objects.list', {});
    expect(objects.items.some((o) => o.name === 'Ledger')).toBe(true);
    const refused = await bi
      .op('objects.create', { name: 'Nope', kind: 'table' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 403, code: 'forbidden' });
    await signed.op('tokens.revoke', { id: made.token.id });
    await expect(bi.op('objects.list', {})).rejects.toMatchObject({ status: 401 });
  });

  it('uploads in one request and in chunks, and downloads the bytes back', async () => {
    const signed = createClient({ baseUrl });
    await signed.signIn({ login: user.username, password: user.password });
    const csv = `Code,Amount\n${Array.from({ length: 300 }, (_, i) => `K${i},${i}.50`).join('\n')}\n`;
    const one = await signed.upload(new Blob([csv]), 'one.csv');
    expect(one).toMatchObject({ name: 'one.csv', size: csv.length });

    const seen: number[] = [];
    const chunked = await signed.upload(new Blob([csv]), 'chunked.csv', {
      chunked: true,
      chunkSize: 1000,
      onProgress: (received) => seen.push(received),
    });
    expect(chunked.size).toBe(csv.length);
    expect(seen).toEqual([1000, 2000, 3000, csv.length].filter((n) => n <= csv.length));
    const back = await signed.download(chunked.fileId);
    expect(await back.text()).toBe(csv);

    const info = await signed.op('files.get', { ids: [one.fileId, chunked.fileId] });
    expect(info.items.map((f) => f.name).sort()).toEqual(['chunked.csv', 'one.csv']);
  });

  it('signs out: the tokens stop working', async () => {
    const signed = createClient({ baseUrl });
    await signed.signIn({ login: user.username, password: user.password });
    const { accessToken } = signed.tokens;
    await signed.signOut();
    expect(signed.tokens.accessToken).toBeUndefined();
    const again = createClient({ baseUrl, token: accessToken as string });
    await expect(again.op('objects.list', {})).rejects.toMatchObject({ status: 401 });
  });
});

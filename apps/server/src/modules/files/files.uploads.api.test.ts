import type * as FsPromises from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { postForm, sha256Hex } from '../../test/files-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

/**
 * A chunk's bytes are written with no database connection waiting on the disk: on PostgreSQL no
 * connection of the app sits "idle in transaction" (holding the upload's row locked) while a
 * chunk is written. The write is held at its start to look.
 */
const gate = vi.hoisted(() => ({
  hold: undefined as undefined | { reached: () => void; release: Promise<void> },
}));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  return {
    ...fs,
    appendFile: async (...args: Parameters<typeof fs.appendFile>) => {
      const held = gate.hold;
      if (held) {
        gate.hold = undefined;
        held.reached();
        await held.release;
      }
      return fs.appendFile(...args);
    },
  };
});

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t?.cleanup());

describe('chunked uploads and the database', () => {
  it('holds no connection in a transaction while a chunk is written; the upload completes', async () => {
    const file = Buffer.from(`Code,Name\n${'A1,Row\n'.repeat(20_000)}`);
    const half = Math.floor(file.length / 2);
    let reached!: () => void;
    let release!: () => void;
    const atWrite = new Promise<void>((r) => (reached = r));
    gate.hold = { reached, release: new Promise<void>((r) => (release = r)) };
    const first = postForm(
      t.app,
      '/api/uploadchunk',
      {
        name: 'held.csv',
        size: String(file.length),
        sha256: sha256Hex(file),
        offset: '0',
        chunk: { data: file.subarray(0, half), filename: 'blob' },
      },
      u.headers,
    );
    await atWrite;
    // The chunk is being written now.
    if (t.app.db.dialect === 'postgres') {
      const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`.execute(
        t.app.db.kysely,
      );
      expect(open.rows[0]?.n).toBe(0);
    }
    const row = await t.app.db.kysely
      .selectFrom('pf_uploads')
      .select(['received', 'writer'])
      .where('name', '=', 'held.csv')
      .executeTakeFirstOrThrow();
    // Claimed by the request writing it, and not counted before it is written.
    expect(row.writer).toEqual(expect.any(String));
    expect(Number(row.received)).toBe(0);
    release();
    const res = await first;
    expect(res.statusCode).toBe(200);
    const { uploadId } = res.json() as { uploadId: string };
    expect(res.json()).toMatchObject({ received: half });
    const rest = await postForm(
      t.app,
      '/api/uploadchunk',
      { uploadId, offset: String(half), chunk: { data: file.subarray(half), filename: 'blob' } },
      u.headers,
    );
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ received: file.length, fileId: expect.any(String) });
    const after = await t.app.db.kysely
      .selectFrom('pf_uploads')
      .select('writer')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    expect(after.writer).toBeNull();
  });
});

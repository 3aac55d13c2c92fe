import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { postForm, sha256Hex } from '../../test/files-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

/**
 * Unfinished chunked uploads per domain are bounded in number and in the bytes they announce:
 * announcing costs the client nothing, so without a bound 100 announcements of 2 GB each would
 * pass in a second.
 */
const GB = 1024 * 1024 * 1024;
let t: Awaited<ReturnType<typeof makeTestApp>>;
let a: RegisteredUser;
let b: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp({
    uploadChunkedMaxBytes: 2 * GB,
    uploadsOpenPerDomain: 4,
    uploadOpenBytesPerDomain: 5 * GB,
  });
  a = await registerUser(t.app);
  b = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

function announce(user: RegisteredUser, size: number, lang = 'en') {
  return postForm(
    t.app,
    '/api/uploadchunk',
    { name: 'big.csv', size: String(size) },
    { ...user.headers, 'accept-language': lang },
  );
}

describe('unfinished uploads per domain', () => {
  it('refuses announcements beyond the bytes a domain may have open, with Retry-After', async () => {
    expect((await announce(a, 2 * GB)).statusCode).toBe(200);
    expect((await announce(a, 2 * GB)).statusCode).toBe(200);
    const third = await announce(a, 2 * GB, 'de');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('60');
    const body = third.json() as { error: { code: string; message: string; retryAfter: number } };
    expect(body.error).toMatchObject({ code: 'too_many_requests', retryAfter: 60 });
    expect(body.error.message).toMatch(/Uploads/);
    // What still fits is taken; another domain has limits of its own.
    expect((await announce(a, GB)).statusCode).toBe(200);
    expect((await announce(b, 2 * GB)).statusCode).toBe(200);
  });

  it('refuses more unfinished uploads than a domain may have; a finished one no longer counts', async () => {
    const bytes = 'a,b\n1,2\n';
    const small = async () => announce(b, bytes.length);
    const first = await small();
    expect(first.statusCode).toBe(200);
    const { uploadId } = first.json() as { uploadId: string };
    expect((await small()).statusCode).toBe(200);
    expect((await small()).statusCode).toBe(200);
    // b has four open now (one of 2 GB above): the fifth is refused.
    expect((await small()).statusCode).toBe(429);
    const done = await postForm(
      t.app,
      '/api/uploadchunk',
      {
        uploadId,
        name: 'big.csv',
        size: String(bytes.length),
        offset: '0',
        checksum: sha256Hex(bytes),
        chunk: { data: bytes, filename: 'blob' },
      },
      b.headers,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ fileId: expect.any(String) });
    expect((await small()).statusCode).toBe(200);
  });
});

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { XLSX_TYPE } from './files.detect.js';
import { filesRoot } from './files.storage.js';
import { postForm, sha256Hex, uploadFile, type FormValue } from '../../test/files-helpers.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of an ELF executable. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

/** Bytes of no known format, with NULs (so not text). */
function binary(n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 7 + 3) % 256;
  return b;
}

/** A CSV of `n` bytes (roughly), as text of varying lines. */
function csv(n: number): Buffer {
  const lines = ['id;name;amount'];
  let size = lines[0]!.length + 1;
  for (let i = 1; size < n; i++) {
    const line = `${i};Name ${i} äöü;${(i * 3.25).toFixed(2)}`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return Buffer.from(lines.join('\n') + '\n').subarray(0, n);
}

/** A ZIP archive (stored, not compressed) of the given entries. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBuf = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    locals.push(local, nameBuf, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp({ uploadMaxBytes: 64 * 1024, uploadChunkedMaxBytes: 1024 * 1024 });
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

function chunkReq(user: { headers: Record<string, string> }, parts: Record<string, FormValue>) {
  return postForm(t.app, '/api/uploadchunk', parts, user.headers);
}

function download(user: { headers: Record<string, string> } | null, fileId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/download',
    headers: user?.headers ?? {},
    payload: { fileId },
  });
}

/** Adds a new user to `owner`'s domain and answers their headers there. */
async function memberOf(owner: RegisteredUser, role: string) {
  const user = await registerUser(t.app);
  await ok(t.app, owner, 'members.add', { login: user.username, role });
  const switched = await ok(t.app, user, 'domains.switch', { id: owner.session.domain.id });
  return { user, headers: bearer(switched.accessToken) };
}

function tempFiles(): string[] {
  const dir = path.join(filesRoot(t.config.dataDir), 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('POST /api/upload', () => {
  it('stores a CSV with its content type, size and checksum; files.get describes it', async () => {
    const data = csv(2000);
    const res = await uploadFile(t.app, u.headers, 'budget 2027.csv', data);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      fileId: expect.stringMatching(/^[a-z0-9]{16,40}$/),
      name: 'budget 2027.csv',
      size: data.length,
      type: 'text/csv',
    });
    const info = await ok(t.app, u, 'files.get', { ids: [body.fileId, 'a'.repeat(24)] });
    expect(info.items).toEqual([
      expect.objectContaining({
        id: body.fileId,
        name: 'budget 2027.csv',
        size: data.length,
        type: 'text/csv',
        sha256: sha256Hex(data),
        createdBy: u.session.user.id,
      }),
    ]);
    const dl = await download(u, body.fileId);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(data)).toBe(true);
  });

  it('detects the type by content, not by name', async () => {
    const png = await uploadFile(t.app, u.headers, 'looks-like.csv', PNG);
    expect(png.statusCode).toBe(200);
    expect(png.json().type).toBe('image/png');

    const text = await uploadFile(t.app, u.headers, 'picture.png', 'a,b\n1,2\n');
    expect(text.json().type).toBe('text/csv');

    // Windows-1251 text (not UTF-8) is still text.
    const cp1251 = Buffer.from([0xc8, 0xec, 0xff, 0x3b, 0xd1, 0xf3, 0xec, 0xec, 0xe0, 0x0a]);
    const cyr = await uploadFile(t.app, u.headers, 'cp1251.csv', cp1251);
    expect(cyr.json().type).toBe('text/csv');

    // Text that starts with a short magic number ("BM" of bitmaps) is still text.
    const bm = await uploadFile(t.app, u.headers, 'cars.csv', 'BMW;Audi\n1;2\n');
    expect(bm.json().type).toBe('text/csv');
  });

  it('accepts an XLSX workbook and refuses a ZIP that is not one', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Data').addRow(['a', 'b']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await uploadFile(t.app, u.headers, 'data.bin', xlsx);
    expect(res.statusCode).toBe(200);
    expect(res.json().type).toBe(XLSX_TYPE);

    const plain = await uploadFile(t.app, u.headers, 'data.xlsx', zip({ 'a.txt': 'hello' }));
    expect(plain.statusCode).toBe(415);
    expect(plain.json().error.message).toContain('application/zip');

    const fake = await uploadFile(
      t.app,
      u.headers,
      'fake.xlsx',
      zip({ '[Content_Types].xml': '<Types/>', 'xl/styles.xml': '<x/>' }),
    );
    expect(fake.statusCode).toBe(415);
  });

  it('refuses executables and unknown binary data with 415 naming the type', async () => {
    const before = tempFiles().length;
    const elf = await uploadFile(t.app, u.headers, 'report.csv', ELF);
    expect(elf.statusCode).toBe(415);
    expect(elf.json().error).toMatchObject({ code: 'unsupported_media_type' });
    expect(elf.json().error.message).toContain('application/x-elf');

    const bin = await uploadFile(
      t.app,
      { ...u.headers, 'accept-language': 'de' },
      'x.txt',
      binary(4096),
    );
    expect(bin.statusCode).toBe(415);
    expect(bin.json().error.message).toContain('unbekannte Binärdaten');
    // Nothing stays behind.
    expect(tempFiles().length).toBe(before);
  });

  it('refuses a file over the limit with 413 naming the limit', async () => {
    const before = tempFiles().length;
    const res = await uploadFile(t.app, u.headers, 'big.csv', csv(64 * 1024 + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload_too_large' });
    expect(res.json().error.message).toContain('0.06 MB');
    const ru = await uploadFile(
      t.app,
      { ...u.headers, 'accept-language': 'ru' },
      'big.csv',
      csv(70_000),
    );
    expect(ru.json().error.message).toContain('МБ');
    expect(tempFiles().length).toBe(before);
    // Exactly at the limit is fine.
    const at = await uploadFile(t.app, u.headers, 'edge.csv', csv(64 * 1024));
    expect(at.statusCode).toBe(200);
  });

  it('asks for the file part, refuses empty files and non-multipart bodies', async () => {
    const none = await postForm(t.app, '/api/upload', { note: 'no file' }, u.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'validation_failed' });
    expect(Object.keys(none.json().error.fields)).toEqual(['file']);

    const two = await postForm(
      t.app,
      '/api/upload',
      { file: { data: 'a\n', filename: 'a.csv' }, other: { data: 'b\n', filename: 'b.csv' } },
      u.headers,
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().error.fields.file).toEqual(['Send one file per request.']);

    const empty = await uploadFile(t.app, u.headers, 'empty.csv', '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields.file).toHaveLength(1);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: u.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('keeps a non-ASCII name and strips path parts', async () => {
    const res = await uploadFile(t.app, u.headers, '../../etc/Отчёт № 1 «Q3».csv', 'a\n1\n');
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Отчёт № 1 «Q3».csv');
  });

  it('needs a signed-in user who may create records or imports', async () => {
    const anon = await uploadFile(t.app, {}, 'a.csv', 'a\n');
    expect(anon.statusCode).toBe(401);
    const viewer = await memberOf(u, 'viewer');
    const denied = await uploadFile(t.app, viewer.headers, 'a.csv', 'a\n');
    expect(denied.statusCode).toBe(403);
    const editor = await memberOf(u, 'editor');
    const allowed = await uploadFile(t.app, editor.headers, 'a.csv', 'a\n');
    expect(allowed.statusCode).toBe(200);
    const chunkAnon = await chunkReq({ headers: {} }, { name: 'a.csv', size: '10' });
    expect(chunkAnon.statusCode).toBe(401);
    const chunkViewer = await chunkReq(viewer, { name: 'a.csv', size: '10' });
    expect(chunkViewer.statusCode).toBe(403);
  });
});

describe('POST /api/uploadchunk', () => {
  async function start(
    user: { headers: Record<string, string> },
    name: string,
    size: number,
    extra: Record<string, string> = {},
  ): Promise<string> {
    const res = await chunkReq(user, { name, size: String(size), ...extra });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uploadId: expect.any(String), received: 0, size });
    return res.json().uploadId as string;
  }

  function send(
    user: { headers: Record<string, string> },
    uploadId: string,
    offset: number,
    bytes: Buffer,
    checksum: string | null = sha256Hex(bytes),
  ) {
    return chunkReq(user, {
      uploadId,
      offset: String(offset),
      ...(checksum ? { checksum } : {}),
      chunk: { data: bytes, filename: 'blob' },
    });
  }

  it('completes in three chunks and downloads byte-identical', async () => {
    const data = csv(300_000);
    const id = await start(u, 'large.csv', data.length, { sha256: sha256Hex(data) });
    const a = await send(u, id, 0, data.subarray(0, 100_000));
    expect(a.json()).toEqual({ uploadId: id, received: 100_000, size: data.length });
    const b = await send(u, id, 100_000, data.subarray(100_000, 200_000));
    expect(b.json().received).toBe(200_000);
    const c = await send(u, id, 200_000, data.subarray(200_000));
    expect(c.statusCode).toBe(200);
    const done = c.json();
    expect(done).toMatchObject({
      uploadId: id,
      received: data.length,
      size: data.length,
      type: 'text/csv',
    });
    expect(done.fileId).toMatch(/^[a-z0-9]{16,40}$/);

    // Asking again answers the same file; the partial temp file is gone.
    const again = await chunkReq(u, { uploadId: id });
    expect(again.json()).toEqual(done);
    expect(tempFiles()).not.toContain(id);

    const dl = await download(u, done.fileId);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('text/csv');
    expect(Number(dl.headers['content-length'])).toBe(data.length);
    expect(dl.rawPayload.equals(data)).toBe(true);
  });

  it('resumes after a dropped connection from what the server holds', async () => {
    const data = csv(250_000);
    const id = await start(u, 'resume.csv', data.length);
    await send(u, id, 0, data.subarray(0, 80_000));
    await send(u, id, 80_000, data.subarray(80_000, 160_000));
    // The client lost its state: it asks without a chunk.
    const state = await chunkReq(u, { uploadId: id });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ uploadId: id, received: 160_000, size: data.length });
    const { received } = state.json() as { received: number };
    const last = await send(u, id, received, data.subarray(received));
    expect(last.json().fileId).toBeTruthy();
    const dl = await download(u, last.json().fileId);
    expect(dl.rawPayload.equals(data)).toBe(true);
  });

  it('takes a chunk sent twice (or overlapping) harmlessly', async () => {
    const data = csv(30_000);
    const id = await start(u, 'dup.csv', data.length);
    const first = await send(u, id, 0, data.subarray(0, 10_000));
    expect(first.json().received).toBe(10_000);
    const dup = await send(u, id, 0, data.subarray(0, 10_000));
    expect(dup.statusCode).toBe(200);
    expect(dup.json().received).toBe(10_000);
    // Overlapping: 5000…20000, only 10000…20000 is new.
    const overlap = await send(u, id, 5_000, data.subarray(5_000, 20_000));
    expect(overlap.json().received).toBe(20_000);
    const last = await send(u, id, 20_000, data.subarray(20_000));
    const dl = await download(u, last.json().fileId);
    expect(dl.rawPayload.equals(data)).toBe(true);
  });

  it('answers 409 with what it holds for a chunk beyond the received bytes', async () => {
    const data = csv(30_000);
    const id = await start(u, 'gap.csv', data.length);
    await send(u, id, 0, data.subarray(0, 10_000));
    const res = await send(u, id, 20_000, data.subarray(20_000));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'conflict',
        message: expect.stringContaining('10000'),
        fields: { offset: [expect.any(String)] },
        requestId: expect.any(String),
      },
      uploadId: id,
      received: 10_000,
      size: data.length,
    });
    expect((await chunkReq(u, { uploadId: id })).json().received).toBe(10_000);
  });

  it('refuses a chunk whose checksum does not match and writes nothing', async () => {
    const data = csv(20_000);
    const id = await start(u, 'sum.csv', data.length);
    await send(u, id, 0, data.subarray(0, 5_000));
    const bad = await send(u, id, 5_000, data.subarray(5_000, 10_000), sha256Hex('other'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ code: 'unprocessable' });
    expect(Object.keys(bad.json().error.fields)).toEqual(['checksum']);
    expect((await chunkReq(u, { uploadId: id })).json().received).toBe(5_000);
    const good = await send(u, id, 5_000, data.subarray(5_000, 10_000));
    expect(good.json().received).toBe(10_000);
  });

  it('discards an upload whose whole-file SHA-256 does not match', async () => {
    const data = csv(20_000);
    const id = await start(u, 'whole.csv', data.length, { sha256: sha256Hex('something else') });
    await send(u, id, 0, data.subarray(0, 10_000));
    const last = await send(u, id, 10_000, data.subarray(10_000));
    expect(last.statusCode).toBe(422);
    expect(Object.keys(last.json().error.fields)).toEqual(['sha256']);
    expect((await chunkReq(u, { uploadId: id })).statusCode).toBe(404);
    expect(tempFiles()).not.toContain(id);
  });

  it('refuses a finished upload of the wrong type and discards it', async () => {
    const id = await start(u, 'tool.csv', ELF.length);
    const res = await send(u, id, 0, ELF);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toContain('application/x-elf');
    expect((await chunkReq(u, { uploadId: id })).statusCode).toBe(404);
  });

  it('checks sizes: announced size, chunk beyond the size', async () => {
    const tooBig = await chunkReq(u, { name: 'huge.csv', size: String(1024 * 1024 + 1) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toContain('1 MB');
    const missing = await chunkReq(u, { offset: '0' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(['name', 'size']);
    const id = await start(u, 'small.csv', 100);
    const beyond = await send(u, id, 50, Buffer.alloc(60, 0x41));
    expect(beyond.statusCode).toBe(400);
    expect(Object.keys(beyond.json().error.fields)).toEqual(['offset']);
    const noOffset = await chunkReq(u, {
      uploadId: id,
      chunk: { data: 'abc', filename: 'blob' },
    });
    expect(noOffset.statusCode).toBe(400);
    expect(Object.keys(noOffset.json().error.fields)).toEqual(['offset']);
    const badId = await chunkReq(u, { uploadId: '../../etc/passwd' });
    expect(badId.statusCode).toBe(400);
  });

  it("answers 404 for another user's or another domain's upload", async () => {
    const data = csv(10_000);
    const id = await start(u, 'mine.csv', data.length);
    await send(u, id, 0, data.subarray(0, 5_000));

    const stranger = await registerUser(t.app);
    const asked = await chunkReq(stranger, { uploadId: id });
    expect(asked.statusCode).toBe(404);
    expect((await send(stranger, id, 5_000, data.subarray(5_000))).statusCode).toBe(404);

    // A member of the same domain is another user.
    const colleague = await memberOf(u, 'editor');
    expect((await chunkReq(colleague, { uploadId: id })).statusCode).toBe(404);

    // The same user in another of their domains.
    const other = await ok(t.app, u, 'domains.create', { name: 'Elsewhere' });
    const sw = await ok(t.app, u, 'domains.switch', { id: other.id });
    expect((await chunkReq({ headers: bearer(sw.accessToken) }, { uploadId: id })).statusCode).toBe(
      404,
    );

    // Untouched for its owner.
    expect((await chunkReq(u, { uploadId: id })).json().received).toBe(5_000);
  });

  it('serialises concurrent chunks of one upload', async () => {
    const data = csv(60_000);
    const id = await start(u, 'race.csv', data.length);
    const pieces = [0, 10_000, 20_000, 30_000, 40_000, 50_000];
    // All at once, each also re-sent: whatever the order, the file ends intact or 409s.
    const results = await Promise.all(
      pieces.flatMap((o) => [
        send(u, id, o, data.subarray(o, o + 10_000)),
        send(u, id, o, data.subarray(o, o + 10_000)),
      ]),
    );
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    // Finish whatever is missing in order.
    let state = (await chunkReq(u, { uploadId: id })).json() as {
      received: number;
      fileId?: string;
    };
    while (!state.fileId) {
      const r = await send(
        u,
        id,
        state.received,
        data.subarray(state.received, state.received + 10_000),
      );
      state = r.json();
    }
    const dl = await download(u, state.fileId);
    expect(dl.rawPayload.equals(data)).toBe(true);
  });

  it('sweeps expired partial uploads and their bytes', async () => {
    const id = await start(u, 'stale.csv', 1000);
    await send(u, id, 0, Buffer.from('a;b\n'.repeat(10)));
    expect(tempFiles()).toContain(id);
    // Not yet expired.
    expect(await t.app.uploads.sweep()).toBe(0);
    expect(tempFiles()).toContain(id);
    const later = Date.now() + t.config.uploadExpiryHours * 3600_000 + 60_000;
    const removed = await t.app.uploads.sweep(later);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(tempFiles()).not.toContain(id);
    expect((await chunkReq(u, { uploadId: id })).statusCode).toBe(404);
  });
});

describe('POST /api/download', () => {
  it('streams with attachment headers, only to the file’s domain', async () => {
    const up = await uploadFile(t.app, u.headers, 'Übersicht "2027".csv', 'a;b\n1;2\n');
    const { fileId } = up.json() as { fileId: string };
    const res = await download(u, fileId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Ubersicht 2027.csv"; filename*=UTF-8''%C3%9Cbersicht%202027.csv`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-length']).toBe('8');
    expect(res.body).toBe('a;b\n1;2\n');

    const stranger = await registerUser(t.app);
    const denied = await download(stranger, fileId);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().error.code).toBe('not_found');
    const info = await ok(t.app, stranger, 'files.get', { ids: [fileId] });
    expect(info.items).toEqual([]);

    const viewer = await memberOf(u, 'viewer');
    const allowed = await download(viewer, fileId);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toBe('a;b\n1;2\n');

    expect((await download(null, fileId)).statusCode).toBe(401);
    const bad = await download(u, 'not a file id');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['fileId']);
    expect((await download(u, 'z'.repeat(24))).statusCode).toBe(404);
  });

  it('names a non-ASCII file exactly in filename*', async () => {
    const up = await uploadFile(t.app, u.headers, 'Отчёт (итог).csv', 'x\n');
    const res = await download(u, up.json().fileId);
    const cd = res.headers['content-disposition'] as string;
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const star = /filename\*=UTF-8''(.+)$/.exec(cd)?.[1] ?? '';
    expect(star).not.toMatch(/[()]/);
    expect(decodeURIComponent(star)).toBe('Отчёт (итог).csv');
  });
});

describe('files.get', () => {
  it('validates ids', async () => {
    const r = await qry(t.app, u, 'files.get', { ids: [] });
    expect(r.status).toBe(400);
  });
});

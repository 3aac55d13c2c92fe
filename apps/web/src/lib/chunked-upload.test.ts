import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { server } from '@/mocks/node';
import {
  type ChunkedUpload,
  UploadCancelledError,
  UploadError,
  startChunkedUpload,
  uploadStorageKey,
  type UploadState,
} from './chunked-upload';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
afterEach(() => {
  server.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => server.close());

const url = () => new URL('/api/uploadchunk', location.origin).toString();

interface Call {
  uploadId: string | null;
  offset: number | null;
  checksum: string | null;
  bytes: Uint8Array | null;
}

/** A fake `/api/uploadchunk` that keeps the bytes it received. */
function fakeServer(
  size: number,
  hooks: { onChunk?: (call: Call, n: number) => Response | undefined } = {},
) {
  const calls: Call[] = [];
  let stored = new Uint8Array(0);
  let chunks = 0;
  server.use(
    http.post(url(), async ({ request }) => {
      const form = await request.formData();
      const part = form.get('chunk');
      const call: Call = {
        uploadId: form.get('uploadId') as string | null,
        offset: form.has('offset') ? Number(form.get('offset')) : null,
        checksum: form.get('checksum') as string | null,
        // The part is the runtime's own File (not the page's Blob class).
        bytes:
          part !== null && typeof part === 'object'
            ? new Uint8Array(await (part as { arrayBuffer(): Promise<ArrayBuffer> }).arrayBuffer())
            : null,
      };
      calls.push(call);
      const uploadId = call.uploadId ?? 'u1234567890abcdef';
      if (call.bytes) {
        chunks += 1;
        const hooked = hooks.onChunk?.(call, chunks);
        if (hooked) return hooked;
        if (call.offset !== stored.length)
          return HttpResponse.json(
            { error: { code: 'conflict', message: 'Offset is ahead', requestId: 'r' } },
            { status: 409 },
          );
        const sum = createHash('sha256').update(call.bytes).digest('hex');
        if (sum !== call.checksum)
          return HttpResponse.json(
            { error: { code: 'unprocessable', message: 'Checksum mismatch', requestId: 'r' } },
            { status: 422 },
          );
        const next = new Uint8Array(stored.length + call.bytes.length);
        next.set(stored);
        next.set(call.bytes, stored.length);
        stored = next;
      }
      const done = stored.length === size;
      return HttpResponse.json({
        uploadId,
        received: stored.length,
        size,
        ...(done ? { fileId: 'f1234567890abcdef', type: 'text/csv' } : {}),
      });
    }),
  );
  return { calls, stored: () => stored };
}

function makeFile(size: number, name = 'data.csv') {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7) % 251;
  return { file: new File([bytes], name, { type: 'text/csv', lastModified: 1000 }), bytes };
}

describe('chunked upload', () => {
  it('sends the file in chunks with offsets and checksums and resolves with the file id', async () => {
    const { file, bytes } = makeFile(2500);
    const fake = fakeServer(2500);
    const progress: number[] = [];
    const { done } = startChunkedUpload(file, {
      chunkSize: 1000,
      onProgress: (p) => progress.push(p.loaded),
    });
    const out = await done;
    expect(out.fileId).toBe('f1234567890abcdef');
    // The first call creates the upload (name, size), then three chunks follow.
    expect(fake.calls[0]).toMatchObject({ uploadId: null, bytes: null });
    const sent = fake.calls.filter((c) => c.bytes);
    expect(sent.map((c) => c.offset)).toEqual([0, 1000, 2000]);
    expect(sent.map((c) => c.bytes!.length)).toEqual([1000, 1000, 500]);
    expect(sent.every((c) => c.uploadId === 'u1234567890abcdef')).toBe(true);
    expect(fake.stored()).toEqual(bytes);
    expect(progress[progress.length - 1]).toBe(2500);
    // A finished upload is forgotten.
    expect(sessionStorage.getItem(uploadStorageKey(file))).toBeNull();
  });

  it('resumes from what the server holds after a dropped connection', async () => {
    const { file, bytes } = makeFile(3000);
    const fake = fakeServer(3000, {
      onChunk: (_call, n) => (n === 2 ? HttpResponse.error() : undefined),
    });
    const states: UploadState[] = [];
    const { done } = startChunkedUpload(file, {
      chunkSize: 1000,
      retryDelays: [5],
      onStateChange: (s) => states.push(s),
    });
    await done;
    expect(fake.stored()).toEqual(bytes);
    expect(states).toContain('waiting');
    // After the failure the client asked what the server has (a call without a chunk).
    const failedAt = fake.calls.findIndex((c, i) => i > 0 && c.bytes && c.offset === 1000);
    expect(fake.calls[failedAt + 1]).toMatchObject({ bytes: null, uploadId: 'u1234567890abcdef' });
    expect(fake.calls[failedAt + 2]).toMatchObject({ offset: 1000 });
  });

  it('goes on at once when the browser is back online', async () => {
    const { file, bytes } = makeFile(2000);
    const fake = fakeServer(2000, {
      onChunk: (_call, n) => (n === 1 ? HttpResponse.error() : undefined),
    });
    const started = startChunkedUpload(file, { chunkSize: 1000, retryDelays: [60_000] });
    await vi.waitFor(() => expect(started.upload.status).toBe('waiting'));
    window.dispatchEvent(new Event('online'));
    await started.done;
    expect(fake.stored()).toEqual(bytes);
  });

  it('pauses and resumes without losing bytes', async () => {
    const { file, bytes } = makeFile(4000);
    let upload: ChunkedUpload | null = null;
    let paused = false;
    const fake = fakeServer(4000, {
      onChunk: (_call, n) => {
        if (n === 2 && upload && !paused) {
          paused = true;
          upload.pause();
        }
        return undefined;
      },
    });
    const states: UploadState[] = [];
    const started = startChunkedUpload(file, {
      chunkSize: 1000,
      onStateChange: (s) => states.push(s),
    });
    upload = started.upload;
    const u = upload;
    await vi.waitFor(() => expect(u.status).toBe('paused'));
    await new Promise((r) => setTimeout(r, 30));
    const before = fake.calls.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.calls.length).toBe(before); // nothing is sent while paused
    upload.resume();
    await started.done;
    expect(fake.stored()).toEqual(bytes);
    expect(states).toEqual(expect.arrayContaining(['paused', 'uploading', 'done']));
  });

  it('goes on from the server’s count after a 409', async () => {
    const { file, bytes } = makeFile(2000);
    let first = true;
    const fake = fakeServer(2000, {
      onChunk: () => {
        if (!first) return undefined;
        first = false;
        return HttpResponse.json(
          { error: { code: 'conflict', message: 'Offset is ahead', requestId: 'r' } },
          { status: 409 },
        );
      },
    });
    await startChunkedUpload(file, { chunkSize: 1000 }).done;
    expect(fake.stored()).toEqual(bytes);
    expect(fake.calls.filter((c) => c.bytes).map((c) => c.offset)).toEqual([0, 0, 1000]);
  });

  it('ends with the server’s message on 413', async () => {
    const { file } = makeFile(1500);
    server.use(
      http.post(url(), () =>
        HttpResponse.json(
          {
            error: { code: 'payload_too_large', message: 'The file is too large', requestId: 'r' },
          },
          { status: 413 },
        ),
      ),
    );
    const states: UploadState[] = [];
    const err = await startChunkedUpload(file, {
      chunkSize: 1000,
      onStateChange: (s) => states.push(s),
    }).done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect((err as UploadError).message).toBe('The file is too large');
    expect((err as UploadError).status).toBe(413);
    expect(states[states.length - 1]).toBe('failed');
  });

  it('resumes a known upload of the same file after a reload', async () => {
    const { file, bytes } = makeFile(2000);
    const fake = fakeServer(2000, {
      // The first attempt gets the first chunk through, then the page "reloads".
      onChunk: (_call, n) => (n === 2 ? HttpResponse.error() : undefined),
    });
    const first = startChunkedUpload(file, { chunkSize: 1000, retryDelays: [60_000] });
    await vi.waitFor(() => expect(first.upload.status).toBe('waiting'));
    expect(sessionStorage.getItem(uploadStorageKey(file))).toBe('u1234567890abcdef');
    first.upload.cancel();
    await expect(first.done).rejects.toBeInstanceOf(UploadCancelledError);
    const before = fake.calls.length;
    await startChunkedUpload(file, { chunkSize: 1000 }).done;
    const again = fake.calls.slice(before);
    // It asks what the server has, then sends only the missing chunk.
    expect(again[0]).toMatchObject({ uploadId: 'u1234567890abcdef', bytes: null });
    expect(again.filter((c) => c.bytes).map((c) => c.offset)).toEqual([1000]);
    expect(fake.stored()).toEqual(bytes);
  });
});

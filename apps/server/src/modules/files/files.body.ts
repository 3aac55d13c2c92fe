import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Lang } from '../../platform/messages.js';
import { invalid } from '../../platform/errors.js';
import { filesText } from './files.messages.js';

/**
 * How an upload's body is read. A body that stops arriving (the client went silent, or cut it
 * off before the closing boundary and waits) is answered 408 after the idle time and the
 * connection is closed; a body that ends before its closing boundary, or a client that hangs up,
 * ends the route with 400. Either way the part's stream is destroyed, so the temp file's handle
 * closes and the route's `finally` removes the partial file.
 */
export class UploadBody {
  private readonly controller = new AbortController();
  private readonly onIdle = () => this.controller.abort(new Idle());

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly lang: Lang,
    private readonly idleMs: number,
  ) {
    // Counts from now: the socket's inactivity (a body that keeps trickling keeps it alive).
    // Injected requests (tests) have no socket to watch.
    if (typeof request.raw.setTimeout === 'function') request.raw.setTimeout(idleMs, this.onIdle);
  }

  /** Stops watching (the body has been read or the route is done). */
  done(): void {
    const raw = this.request.raw;
    raw.off('timeout', this.onIdle);
    if (typeof raw.socket?.setTimeout === 'function')
      raw.socket.setTimeout(this.request.server.server.timeout);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The error the route answers for a failure while reading the body. */
  problem(err: unknown): unknown {
    if (this.signal.aborted) {
      // The rest of the body will not come: the connection cannot carry another request.
      this.reply.header('connection', 'close');
      return new AppError(
        'request_timeout',
        filesText(this.lang, 'files.idle', { seconds: Math.round(this.idleMs / 1000) }),
      );
    }
    if (err instanceof BodyError)
      return new AppError('bad_request', filesText(this.lang, 'files.cut_off'));
    return err;
  }

  /**
   * The parts of the body; a second file is refused naming the file field. Errors of the
   * multipart parser itself (a malformed or cut-off body) become `BodyError`.
   */
  async *parts(
    app: FastifyInstance,
    fileSize: number,
    fileField: string,
  ): AsyncGenerator<Multipart> {
    const it = this.request.parts({ limits: { fileSize } })[Symbol.asyncIterator]();
    const aborted = new Promise<never>((_, reject) => {
      if (this.signal.aborted) reject(this.signal.reason as Error);
      this.signal.addEventListener('abort', () => reject(this.signal.reason as Error), {
        once: true,
      });
    });
    aborted.catch(() => undefined);
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await Promise.race([it.next(), aborted]);
      } catch (err) {
        if (err instanceof Idle) throw err;
        if (err instanceof app.multipartErrors.FilesLimitError)
          throw invalid(this.lang, { [fileField]: [filesText(this.lang, 'files.one_file')] });
        if (err instanceof AppError) throw err;
        throw new BodyError(err);
      }
      if (next.done) return;
      yield next.value;
    }
  }

  /** Streams a file part to `file` while counting and hashing it. */
  async write(source: Readable, file: string): Promise<{ size: number; sha256: string }> {
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await this.fromBody(source, () =>
      pipeline(source, meter, createWriteStream(file, { flags: 'wx' }), { signal: this.signal }),
    );
    return { size, sha256: hash.digest('hex') };
  }

  /** Reads a whole file part into memory (chunks are at most 8 MB). */
  async readAll(source: Readable): Promise<Buffer> {
    const parts: Buffer[] = [];
    let total = 0;
    await this.fromBody(source, async () => {
      const onAbort = () => source.destroy(this.signal.reason as Error);
      this.signal.addEventListener('abort', onAbort, { once: true });
      try {
        for await (const b of source) {
          parts.push(b as Buffer);
          total += (b as Buffer).length;
        }
      } finally {
        this.signal.removeEventListener('abort', onAbort);
      }
    });
    return Buffer.concat(parts, total);
  }

  /**
   * Runs `read` over a part's stream; a failure of that stream (the parser's "part terminated
   * early", a destroyed stream after a hang-up) becomes `BodyError`, others (disk) pass.
   */
  private async fromBody(source: Readable, read: () => Promise<void>): Promise<void> {
    let failed: unknown;
    let closedEarly = false;
    const onError = (err: unknown) => {
      failed ??= err;
    };
    const onClose = () => {
      if (!source.readableEnded) closedEarly = true;
    };
    // The parser may have given up on the part before it was handed over (the body ended
    // without its closing boundary): a destroyed stream would never end.
    if (source.destroyed && !source.readableEnded) throw new BodyError(source.errored);
    source.on('error', onError);
    source.on('close', onClose);
    try {
      await read();
    } catch (err) {
      if (this.signal.aborted) throw new Idle();
      if (failed !== undefined || closedEarly) throw new BodyError(failed ?? err);
      throw err;
    } finally {
      source.off('error', onError);
      source.off('close', onClose);
    }
  }
}

/** The body stopped arriving for the idle time. */
class Idle extends Error {
  constructor() {
    super('upload body idle');
  }
}

/** The multipart body was malformed or cut off (by the client). */
export class BodyError extends Error {
  constructor(cause: unknown) {
    super('upload body unreadable', { cause });
  }
}

/** The boundary parameter of a multipart content type, if there is one. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return m?.[1] ?? m?.[2];
}

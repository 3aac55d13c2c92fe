import { createHash } from 'node:crypto';
import { readdir, rm, stat, truncate, appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadChunkFields, UploadChunkOutput } from '@fiscus/contracts';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/dialect.js';
import type { Q } from '../../platform/context.js';
import type { PfUploadsTable } from './files.tables.js';
import { AppError, RetryLaterError } from '../../lib/app-error.js';
import { isoAt, isoNow, nowMs } from '../../lib/clock.js';
import { randomKey } from '../../lib/ids.js';
import { commonText, type Lang } from '../../platform/messages.js';
import { invalid } from '../../platform/errors.js';
import { detectType, isAllowedType } from './files.detect.js';
import {
  formatBytes,
  filesText,
  tooLarge,
  unsupportedType,
  uploadNotFound,
} from './files.messages.js';
import { cleanName, filesRoot, sha256Of, storeFile, tempPath } from './files.storage.js';

/** Where an upload stands; the body of every answer of `/api/uploadchunk`. */
export type UploadState = UploadChunkOutput;

/**
 * A chunk whose offset lies beyond the bytes the server holds. The route answers 409 with the
 * error envelope plus `uploadId`, `received` and `size`, so the client can go on from `received`.
 */
export class ResumeConflict extends AppError {
  constructor(
    lang: Lang,
    readonly state: { uploadId: string; received: number; size: number },
  ) {
    const text = filesText(lang, 'files.offset_ahead', { received: state.received });
    super('conflict', text, { offset: [text] });
  }
}

export interface ChunkRequest {
  domainId: string;
  userId: string;
  lang: Lang;
  fields: UploadChunkFields;
  /** The bytes of this chunk, if the request carried any. */
  chunk?: Buffer;
}

/** Temp files older than this with no upload of their own are leftovers of a crash. */
const ORPHAN_MIN_MS = 24 * 3600_000;
/**
 * How long a request's claim to write an upload holds unless renewed: a process that died while
 * writing leaves the upload to the next request after this. The claim is renewed every third of
 * it while the request runs (checking a whole file of several GB takes longer).
 */
const WRITE_CLAIM_MS = 60_000;
/** How often a request for an upload another process is writing looks again. */
const CLAIM_POLL_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resumable uploads (`pf_uploads`): the bytes received so far live in the temp folder under the
 * upload's id (in `DATA_DIR`, shared by every server process); the row says how many of them
 * count. Requests for one upload run one after the other — in this process (a chain per upload)
 * and across processes (a request claims the upload in its row, `writer` until `writing_until`,
 * and the next waits for the claim) — so concurrent chunks never interleave their writes, and
 * any process may take the next chunk. The bytes are written outside any transaction: no
 * database connection waits on the disk.
 */
export class ChunkedUploads {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  private get expiryMs(): number {
    return this.config.uploadExpiryHours * 3600_000;
  }

  /** Runs `fn` after every earlier call for the same key has finished. */
  private async serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.chains.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    }
  }

  /** One request of `/api/uploadchunk`: start an upload, add a chunk, or answer the state. */
  async handle(req: ChunkRequest): Promise<UploadState> {
    let id = req.fields.uploadId;
    // Starts of one domain one after the other: its limits are checked against every other.
    if (!id) id = await this.serial(`start:${req.domainId}`, () => this.start(req));
    const uploadId = id;
    const out = await this.serial(uploadId, () => this.step(uploadId, req));
    // A refused file is thrown once it has been discarded.
    if (out instanceof AppError) throw out;
    return out;
  }

  /**
   * Runs `fn` with the upload's row locked (PostgreSQL: `FOR UPDATE` in a short transaction that
   * only reads and writes the row); SQLite has one process.
   */
  private async locked<T>(id: string, fn: (q: Q) => Promise<T>): Promise<T> {
    if (this.db.dialect !== 'postgres') return fn(this.db.kysely);
    return this.db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom('pf_uploads').select('id').where('id', '=', id).forUpdate().execute();
      return fn(trx);
    });
  }

  /** One request for a started upload: claim it, write and count the bytes, let it go. */
  private async step(id: string, req: ChunkRequest): Promise<UploadState | AppError> {
    const claimed = await this.claim(id, req);
    if (!('writer' in claimed)) return claimed;
    const { row, writer } = claimed;
    const renew = setInterval(() => {
      void this.db.kysely
        .updateTable('pf_uploads')
        .set({ writing_until: isoAt(nowMs() + WRITE_CLAIM_MS) })
        .where('id', '=', id)
        .where('writer', '=', writer)
        .execute()
        .catch(() => undefined);
    }, WRITE_CLAIM_MS / 3);
    try {
      return await this.apply(row, req, writer);
    } finally {
      clearInterval(renew);
      await this.db.kysely
        .updateTable('pf_uploads')
        .set({ writer: null, writing_until: null })
        .where('id', '=', id)
        .where('writer', '=', writer)
        .execute();
    }
  }

  /**
   * The upload's row with this request's claim to write it — once no other request holds one
   * (another server process writing a chunk of it) — or the state of a finished upload.
   */
  private async claim(
    id: string,
    req: ChunkRequest,
  ): Promise<{ row: PfUploadsTable; writer: string } | UploadState> {
    const { lang } = req;
    const writer = randomKey();
    for (;;) {
      const got = await this.locked(id, async (q) => {
        const row = await q
          .selectFrom('pf_uploads')
          .selectAll()
          .where('id', '=', id)
          .where('user_id', '=', req.userId)
          .where('domain_id', '=', req.domainId)
          .executeTakeFirst();
        const now = isoNow();
        // Someone else's upload is answered like an unknown one: its existence is not revealed.
        if (!row || (!row.file_id && row.expires_at < now)) throw uploadNotFound(lang);
        if (row.file_id) return this.finishedState(row, lang);
        if (row.writer && row.writing_until && row.writing_until > now) return undefined;
        await q
          .updateTable('pf_uploads')
          .set({ writer, writing_until: isoAt(nowMs() + WRITE_CLAIM_MS) })
          .where('id', '=', id)
          .execute();
        return { row, writer };
      });
      if (got) return got;
      await sleep(CLAIM_POLL_MS);
    }
  }

  /** Counts `received` bytes of the upload, while this request still holds its claim. */
  private async count(
    row: PfUploadsTable,
    writer: string,
    set: { received: number; file_id?: string },
    lang: Lang,
  ): Promise<void> {
    const now = nowMs();
    const done = await this.db.kysely
      .updateTable('pf_uploads')
      .set({ ...set, updated_at: isoAt(now), expires_at: isoAt(now + this.expiryMs) })
      .where('id', '=', row.id)
      .where('writer', '=', writer)
      .executeTakeFirst();
    // The claim was lost (this process stalled past it): the client resumes from the row's count.
    if (Number(done.numUpdatedRows) === 0) {
      const now2 = await this.db.kysely
        .selectFrom('pf_uploads')
        .select('received')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (!now2) throw uploadNotFound(lang);
      throw new ResumeConflict(lang, {
        uploadId: row.id,
        received: Number(now2.received),
        size: Number(row.size),
      });
    }
  }

  private async start(req: ChunkRequest): Promise<string> {
    const { fields, lang } = req;
    const missing: Record<string, string[]> = {};
    if (!fields.name) missing.name = [commonText(lang, 'field.required')];
    if (fields.size === undefined) missing.size = [commonText(lang, 'field.required')];
    if (Object.keys(missing).length > 0 || !fields.name || fields.size === undefined)
      throw invalid(lang, missing);
    const max = this.config.uploadChunkedMaxBytes;
    if (fields.size > max) throw tooLarge(lang, max);
    await this.checkOpen(req.domainId, fields.size, lang);
    const id = randomKey();
    await writeFile(await tempPath(this.config.dataDir, id), '', { flag: 'wx' });
    const now = nowMs();
    const row: PfUploadsTable = {
      id,
      domain_id: req.domainId,
      user_id: req.userId,
      name: cleanName(fields.name),
      size: fields.size,
      received: 0,
      sha256: fields.sha256 ?? null,
      file_id: null,
      created_at: isoAt(now),
      updated_at: isoAt(now),
      expires_at: isoAt(now + this.expiryMs),
    };
    await this.db.kysely.insertInto('pf_uploads').values(row).execute();
    return id;
  }

  /**
   * A domain's unfinished uploads are bounded in number and in the bytes they announce together
   * (`UPLOADS_OPEN_PER_DOMAIN`, `UPLOAD_OPEN_BYTES_PER_DOMAIN`): announcing costs nothing, so
   * without a bound one member could reserve any amount of disk. 429 with `Retry-After`.
   */
  private async checkOpen(domainId: string, size: number, lang: Lang): Promise<void> {
    const open = await this.db.kysely
      .selectFrom('pf_uploads')
      .select(['size', 'received'])
      .where('domain_id', '=', domainId)
      .where('file_id', 'is', null)
      .where('expires_at', '>', isoNow())
      .execute();
    const announced = open.reduce((sum, u) => sum + Number(u.size), 0);
    if (
      open.length < this.config.uploadsOpenPerDomain &&
      announced + size <= this.config.uploadOpenBytesPerDomain
    )
      return;
    throw new RetryLaterError(
      'too_many_requests',
      filesText(lang, 'files.too_many_open', {
        count: open.length,
        size: formatBytes(lang, announced),
        wanted: formatBytes(lang, size),
      }),
      60,
    );
  }

  private async apply(
    row: PfUploadsTable,
    req: ChunkRequest,
    writer: string,
  ): Promise<UploadState | AppError> {
    const { lang, fields, chunk } = req;
    const id = row.id;
    const size = Number(row.size);
    const temp = await tempPath(this.config.dataDir, id);
    let received = Number(row.received);
    // The bytes on disk are the truth when there are fewer than the row counts (lost temp file).
    const onDisk = await stat(temp).then(
      (s) => s.size,
      () => -1,
    );
    if (onDisk < 0) await writeFile(temp, '');
    if (onDisk < received) received = Math.max(0, onDisk);

    if (chunk) {
      const offset = fields.offset;
      if (offset === undefined)
        throw invalid(lang, { offset: [commonText(lang, 'field.required')] });
      if (fields.checksum) {
        const actual = createHash('sha256').update(chunk).digest('hex');
        if (actual !== fields.checksum) {
          const text = filesText(lang, 'files.checksum_mismatch');
          throw new AppError('unprocessable', text, { checksum: [text] });
        }
      }
      if (offset + chunk.length > size)
        throw invalid(lang, { offset: [filesText(lang, 'files.beyond_size', { size })] });
      if (offset > received) throw new ResumeConflict(lang, { uploadId: id, received, size });
      // Bytes before `received` are already here (a chunk sent again): only the rest counts.
      const fresh = chunk.subarray(received - offset);
      if (fresh.length > 0) {
        // Drop anything past `received` a crash may have left, then append.
        await truncate(temp, received);
        await appendFile(temp, fresh);
        received += fresh.length;
      }
    }
    await this.count(row, writer, { received }, lang);
    if (received >= size) return this.finish(row, temp, lang, writer);
    return { uploadId: id, received, size };
  }

  /**
   * Every byte is here: check the whole file, store it, remember its id. A file that fails the
   * checks is discarded and its error answered (not thrown: the discarding must be kept).
   */
  private async finish(
    row: PfUploadsTable,
    temp: string,
    lang: Lang,
    writer: string,
  ): Promise<UploadState | AppError> {
    const size = Number(row.size);
    await truncate(temp, size);
    const sha256 = await sha256Of(temp);
    if (row.sha256 && row.sha256 !== sha256) {
      await this.discard(row.id, temp);
      const text = filesText(lang, 'files.sha_mismatch');
      return new AppError('unprocessable', text, { sha256: [text] });
    }
    const type = await detectType(temp);
    if (!isAllowedType(type)) {
      await this.discard(row.id, temp);
      return unsupportedType(lang, type);
    }
    const info = await storeFile(this.db, this.config.dataDir, {
      tempFile: temp,
      domainId: row.domain_id,
      userId: row.user_id,
      name: row.name,
      type,
      purpose: 'upload',
      sha256,
    });
    await this.count(row, writer, { received: size, file_id: info.id }, lang);
    return { uploadId: row.id, received: size, size, fileId: info.id, type };
  }

  /** A finished upload asked again answers the same file. */
  private async finishedState(row: PfUploadsTable, lang: Lang): Promise<UploadState> {
    const file = await this.db.kysely
      .selectFrom('pf_files')
      .select(['id', 'type'])
      .where('id', '=', row.file_id ?? '')
      .where('domain_id', '=', row.domain_id)
      .executeTakeFirst();
    if (!file) throw uploadNotFound(lang);
    const size = Number(row.size);
    return { uploadId: row.id, received: size, size, fileId: file.id, type: file.type };
  }

  private async discard(id: string, temp: string): Promise<void> {
    await this.db.kysely.deleteFrom('pf_uploads').where('id', '=', id).execute();
    await rm(temp, { force: true });
  }

  /**
   * Deletes uploads past their expiry (an unfinished one with its partial bytes; a finished
   * one only loses its row, the stored file stays) and temp files that no upload owns and that
   * nobody wrote to for a day or the expiry, whichever is longer. Answers how many uploads went.
   */
  async sweep(now = nowMs()): Promise<number> {
    const cutoff = isoAt(now);
    const stale = await this.db.kysely
      .selectFrom('pf_uploads')
      .select(['id', 'file_id'])
      .where('expires_at', '<', cutoff)
      .execute();
    let removed = 0;
    for (const s of stale) {
      await this.serial(s.id, async () => {
        const gone = await this.db.kysely
          .deleteFrom('pf_uploads')
          .where('id', '=', s.id)
          .where('expires_at', '<', cutoff)
          // Not while a request (of another server process) is writing it.
          .where((eb) => eb.or([eb('writing_until', 'is', null), eb('writing_until', '<', cutoff)]))
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) return;
        removed += 1;
        if (!s.file_id) await rm(await tempPath(this.config.dataDir, s.id), { force: true });
      });
    }
    await this.sweepOrphans(now);
    return removed;
  }

  private async sweepOrphans(now: number): Promise<void> {
    const dir = path.join(filesRoot(this.config.dataDir), 'tmp');
    const names = await readdir(dir).catch(() => [] as string[]);
    const limit = now - Math.max(ORPHAN_MIN_MS, this.expiryMs);
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || info.mtimeMs >= limit) continue;
      if (/^[a-z0-9]{16,40}$/.test(name)) {
        const owned = await this.db.kysely
          .selectFrom('pf_uploads')
          .select('id')
          .where('id', '=', name)
          .executeTakeFirst();
        if (owned) continue;
      }
      await rm(file, { force: true });
    }
  }
}

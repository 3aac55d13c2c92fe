import { FILE_LIMITS, type UploadChunkOutput } from '@fiscus/contracts';
import { AxiosError, isCancel } from 'axios';
import { api, errorOf, messageOf } from './api-client';

/** Where an upload stands. `waiting`: the connection dropped; it resumes by itself. */
export type UploadState = 'uploading' | 'paused' | 'waiting' | 'done' | 'failed' | 'cancelled';

export interface UploadProgress {
  /** Bytes the server holds plus the bytes of the chunk on the way. */
  loaded: number;
  total: number;
  /** 0…1 */
  fraction: number;
  /** Bytes per second, a moving average over the last seconds. */
  speed: number;
  /** Seconds left at that speed; null while unknown. */
  secondsLeft: number | null;
}

/** What a finished upload answers: the stored file. */
export interface UploadedFile {
  fileId: string;
  uploadId: string;
  name: string;
  size: number;
  type: string | undefined;
}

export interface ChunkedUploadOptions {
  /** Bytes per request; at most the server's limit (8 MB). */
  chunkSize?: number;
  onProgress?: (progress: UploadProgress) => void;
  onStateChange?: (state: UploadState) => void;
  /** Aborting it cancels the upload. */
  signal?: AbortSignal;
  /** Milliseconds before each retry after a network error; the last one repeats. */
  retryDelays?: number[];
  /** Failed attempts in a row before giving up (network errors and 5xx answers). */
  maxRetries?: number;
  /** Where the upload id is kept to resume after a reload (default: sessionStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Path of the endpoint. */
  url?: string;
}

/** An upload that ended without a file: a refusal of the server, or too many failed tries. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The upload was cancelled by the user. */
export class UploadCancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'UploadCancelledError';
  }
}

const defaultDelays = [1000, 2000, 4000, 8000, 15000, 30000];

/** The key a file's upload id is kept under: the same file picked again resumes. */
export function uploadStorageKey(file: File): string {
  return `fiscus-upload:${file.name}:${file.size}:${file.lastModified}`;
}

function defaultStorage(): ChunkedUploadOptions['storage'] {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** SHA-256 of some bytes as lowercase hex. */
export async function sha256Hex(data: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The bytes of a slice of a file (only this slice is read into memory). */
function readBlob(blob: Blob): Promise<ArrayBuffer | Uint8Array<ArrayBuffer>> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      // Copied into a buffer of this realm (a FileReader may hand out another realm's buffer).
      const src = new Uint8Array(reader.result as ArrayBuffer);
      const out = new Uint8Array(src.byteLength);
      out.set(src);
      resolve(out);
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Moving average of the transfer speed over a short window of samples. */
class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];
  constructor(private readonly windowMs = 5000) {}

  add(bytes: number, at = performance.now()) {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0]!.at > this.windowMs)
      this.samples.shift();
  }

  reset() {
    this.samples = [];
  }

  /** Bytes per second, 0 while unknown. */
  speed(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 200) return 0;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
  }
}

/**
 * A resumable upload through `POST /api/uploadchunk`: the file travels in chunks (each with its
 * SHA-256), never read into memory whole. Pause aborts the chunk on the way; resume asks the
 * server what it holds and goes on from there. Network errors and 5xx answers are retried with
 * back-off (and at once when the browser comes back online); a 409 (offset ahead of the server)
 * resumes from what the server has; other refusals end the upload with the server's message.
 */
export class ChunkedUpload {
  readonly file: File;
  private readonly chunkSize: number;
  private readonly opts: ChunkedUploadOptions;
  private readonly storage: ChunkedUploadOptions['storage'];
  private readonly meter = new SpeedMeter();
  private state: UploadState = 'uploading';
  private uploadId: string | null = null;
  private received = 0;
  private inFlight: AbortController | null = null;
  private wake: (() => void) | null = null;
  private promise: Promise<UploadedFile> | null = null;

  constructor(file: File, options: ChunkedUploadOptions = {}) {
    this.file = file;
    this.opts = options;
    this.chunkSize = Math.max(
      1,
      Math.min(options.chunkSize ?? FILE_LIMITS.chunkMaxBytes, FILE_LIMITS.chunkMaxBytes),
    );
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    options.signal?.addEventListener('abort', () => this.cancel(), { once: true });
  }

  /** The current state. */
  get status(): UploadState {
    return this.state;
  }

  /** Starts (once) and resolves with the stored file. */
  start(): Promise<UploadedFile> {
    this.promise ??= this.run();
    return this.promise;
  }

  pause() {
    if (this.state !== 'uploading' && this.state !== 'waiting') return;
    this.setState('paused');
    this.inFlight?.abort();
    this.poke();
  }

  resume() {
    if (this.state !== 'paused') return;
    this.setState('uploading');
    this.poke();
  }

  cancel() {
    if (this.state === 'done' || this.state === 'failed' || this.state === 'cancelled') return;
    this.setState('cancelled');
    this.inFlight?.abort();
    this.poke();
  }

  private setState(state: UploadState) {
    if (this.state === state) return;
    this.state = state;
    if (state !== 'uploading') this.meter.reset();
    this.opts.onStateChange?.(state);
  }

  private poke() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** Sleeps until `ms` pass, the browser comes back online, or the user acts. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (typeof window !== 'undefined') window.removeEventListener('online', done);
        if (this.wake === done) this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (typeof window !== 'undefined') window.addEventListener('online', done);
      this.wake = done;
    });
  }

  private async waitWhilePaused() {
    while (this.state === 'paused') {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    if (this.state === 'cancelled') throw new UploadCancelledError();
  }

  private report(extra = 0) {
    const total = this.file.size;
    const loaded = Math.min(total, this.received + extra);
    this.meter.add(loaded);
    const speed = this.meter.speed();
    this.opts.onProgress?.({
      loaded,
      total,
      fraction: total > 0 ? loaded / total : 1,
      speed,
      secondsLeft: speed > 0 ? Math.max(0, (total - loaded) / speed) : null,
    });
  }

  private async post(fields: Record<string, string>, chunk?: Blob): Promise<UploadChunkOutput> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (chunk) form.append('chunk', chunk, 'chunk');
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const res = await api.post<UploadChunkOutput>(this.opts.url ?? '/api/uploadchunk', form, {
        signal: controller.signal,
        onUploadProgress: chunk
          ? (e) => {
              // Multipart framing makes `loaded` slightly larger than the chunk.
              this.report(Math.min(chunk.size, e.loaded));
            }
          : undefined,
      });
      return res.data;
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
  }

  /** Asks the server what it holds of this upload. */
  private ask(): Promise<UploadChunkOutput> {
    return this.post({ uploadId: this.uploadId! });
  }

  private finish(out: UploadChunkOutput): UploadedFile {
    this.storage?.removeItem(uploadStorageKey(this.file));
    this.received = this.file.size;
    this.report();
    this.setState('done');
    return {
      fileId: out.fileId!,
      uploadId: out.uploadId,
      name: this.file.name,
      size: this.file.size,
      type: out.type,
    };
  }

  private async run(): Promise<UploadedFile> {
    const key = uploadStorageKey(this.file);
    const delays = this.opts.retryDelays ?? defaultDelays;
    const maxRetries = this.opts.maxRetries ?? 40;
    let failures = 0;
    /** Must the next step ask the server what it has (after a pause or a failure)? */
    let sync = false;
    this.opts.onStateChange?.('uploading');
    this.report();
    try {
      this.uploadId = this.storage?.getItem(key) ?? null;
      sync = this.uploadId !== null;
      for (;;) {
        await this.waitWhilePaused();
        try {
          let out: UploadChunkOutput | null = null;
          if (!this.uploadId) {
            out = await this.post({ name: this.file.name, size: String(this.file.size) });
            this.uploadId = out.uploadId;
            this.storage?.setItem(key, out.uploadId);
          } else if (sync) {
            try {
              out = await this.ask();
            } catch (err) {
              // A forgotten or expired upload: start a new one.
              const status = err instanceof AxiosError ? err.response?.status : undefined;
              if (status === 404 || status === 403 || status === 410) {
                this.storage?.removeItem(key);
                this.uploadId = null;
                this.received = 0;
                continue;
              }
              throw err;
            }
          } else if (this.received < this.file.size) {
            const end = Math.min(this.file.size, this.received + this.chunkSize);
            const chunk = this.file.slice(this.received, end);
            const checksum = await sha256Hex(await readBlob(chunk));
            if (this.state !== 'uploading' && this.state !== 'waiting') continue;
            out = await this.post(
              { uploadId: this.uploadId, offset: String(this.received), checksum },
              chunk,
            );
          }
          if (out) {
            sync = false;
            failures = 0;
            if (this.state === 'waiting') this.setState('uploading');
            this.received = Math.min(out.received, this.file.size);
            if (out.fileId) return this.finish(out);
            this.report();
          }
        } catch (err) {
          if (this.state === 'cancelled') throw new UploadCancelledError();
          if (this.state === 'paused' || isCancel(err)) {
            sync = true;
            continue;
          }
          if (!(err instanceof AxiosError)) throw err;
          const status = err.response?.status;
          if (status === 409) {
            // The offset is ahead of (or behind) what the server holds: ask and go on from there.
            sync = true;
            failures += 1;
            if (failures > maxRetries) throw this.refusal(err);
            continue;
          }
          const transient = !err.response || status === 429 || (status ?? 0) >= 500;
          if (!transient) throw this.refusal(err);
          failures += 1;
          if (failures > maxRetries) throw this.refusal(err);
          this.setState('waiting');
          const delay = delays[Math.min(failures - 1, delays.length - 1)] ?? 1000;
          await this.sleep(delay);
          sync = this.uploadId !== null;
        }
      }
    } catch (err) {
      if (err instanceof UploadCancelledError || this.state === 'cancelled') {
        this.setState('cancelled');
        throw err instanceof UploadCancelledError ? err : new UploadCancelledError();
      }
      this.setState('failed');
      if (err instanceof UploadError) throw err;
      throw this.refusal(err);
    }
  }

  private refusal(err: unknown): UploadError {
    const env = errorOf(err);
    const status = err instanceof AxiosError ? err.response?.status : undefined;
    // The upload cannot go on: forget it so the same file starts afresh next time.
    if (status !== undefined && status < 500 && status !== 429)
      this.storage?.removeItem(uploadStorageKey(this.file));
    return new UploadError(messageOf(err), status, env?.code);
  }
}

/** Starts a chunked upload of `file`; `done` resolves with the stored file. */
export function startChunkedUpload(file: File, options: ChunkedUploadOptions = {}) {
  const upload = new ChunkedUpload(file, options);
  return { upload, done: upload.start() };
}

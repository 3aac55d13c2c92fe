/**
 * A typed client of the Fiscus API, built on the contracts: `op` takes each op's input and
 * answers its output as the contracts type them; sign-in keeps the token pair and renews it with
 * the single-use refresh token when the access token expires; uploads go in one request or in
 * chunks. Runs wherever `fetch`, `FormData`, `Blob` and Web Crypto exist (Node 20+, browsers).
 */
import type {
  ErrorCode,
  ErrorEnvelope,
  FieldErrors,
  LoginAnswer,
  OpInput,
  OpOutput,
  PlatformOpName,
  Session,
  SignedIn,
  Tokens,
  UploadChunkOutput,
  UploadOutput,
} from '@fiscus/contracts';

/** Largest chunk `/api/uploadchunk` takes (the contracts' `FILE_LIMITS.chunkMaxBytes`). */
const CHUNK_MAX_BYTES = 8 * 1024 * 1024;

export interface ClientOptions {
  /** Where the server is, e.g. `https://fiscus.example.com` (no trailing path). */
  baseUrl: string;
  /** An API token (`fst_…`) or the access token of a sign-in. */
  token?: string;
  /** The refresh token of a sign-in: with it, an expired access token is renewed once. */
  refreshToken?: string;
  /** Sent as `Accept-Language`: the language of the server's messages (en, de, fr, pt, ru). */
  lang?: string;
  /** Called with each new token pair (sign-in, refresh), e.g. to keep it across runs. */
  onTokens?: (tokens: Tokens) => void;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
}

/** An answer of the server that is not a success: its status and the contracts' envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly fields: FieldErrors | undefined;
  readonly requestId: string | undefined;
  /** Seconds to wait before trying again (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(status: number, error: Partial<ErrorEnvelope['error']>) {
    // The fields' messages are part of the text: a script's log then says what to change.
    const fields = Object.entries(error.fields ?? {})
      .map(([k, v]) => `${k}: ${v.join(' ')}`)
      .join('; ');
    super(`${error.message ?? `HTTP ${status}`}${fields ? ` (${fields})` : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = error.code ?? (status === 0 ? 'network' : 'internal');
    this.fields = error.fields;
    this.requestId = error.requestId;
    this.retryAfter = error.retryAfter;
  }
}

/** One entry of a batch: the op's name and its input. */
export type BatchItem = { [K in PlatformOpName]: { op: K } & OpInput<K> }[PlatformOpName];
export type BatchResult = { data: unknown } | { error: ErrorEnvelope['error'] };

export interface SignInInput {
  login: string;
  password: string;
  /** A code of the authenticator app (or a backup code), when two-step verification is on. */
  code?: string;
}

export interface UploadOptions {
  /** Send in chunks through `/api/uploadchunk` (resumable; needed above the server's one-request limit). */
  chunked?: boolean;
  /** Bytes per chunk (at most 8 MB). */
  chunkSize?: number;
  /** Called after each chunk with the bytes the server holds. */
  onProgress?: (received: number, size: number) => void;
  signal?: AbortSignal;
}

export interface Client {
  /** Runs one op of `POST /api/qry` and answers its `data`. */
  op<K extends PlatformOpName>(name: K, input: OpInput<K>): Promise<OpOutput<K>>;
  /** Runs up to 20 ops in one request, in order; each answers `{ data }` or `{ error }`. */
  batch(items: BatchItem[]): Promise<BatchResult[]>;
  /** Signs in and keeps the token pair; answers the session. */
  signIn(input: SignInInput): Promise<Session>;
  /** Trades the refresh token for a new pair (each refresh token works once). */
  refresh(): Promise<Tokens>;
  /** Ends the sign-in (always succeeds) and forgets the tokens. */
  signOut(): Promise<void>;
  /** Stores a file; its `fileId` goes into an op's input (an import, an attachment). */
  upload(file: Blob, name: string, options?: UploadOptions): Promise<UploadOutput>;
  /** The bytes of a stored file. */
  download(fileId: string): Promise<Blob>;
  /** The tokens in use (the refresh token changes with every refresh). */
  readonly tokens: { accessToken: string | undefined; refreshToken: string | undefined };
}

async function sha256Hex(data: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function isSignedIn(a: LoginAnswer): a is SignedIn {
  return 'accessToken' in a;
}

export function createClient(options: ClientOptions): Client {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let accessToken = options.token;
  let refreshToken = options.refreshToken;
  let refreshing: Promise<Tokens> | null = null;

  const keep = (t: Tokens) => {
    accessToken = t.accessToken;
    refreshToken = t.refreshToken;
    options.onTokens?.(t);
  };

  async function send(
    path: string,
    init: {
      body?: NonNullable<RequestInit['body']>;
      json?: unknown;
      auth?: boolean;
      signal?: AbortSignal;
    },
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (options.lang) headers['accept-language'] = options.lang;
    if (init.auth !== false && accessToken) headers.authorization = `Bearer ${accessToken}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    try {
      return await doFetch(`${base}${path}`, {
        method: 'POST',
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    } catch (e) {
      if (init.signal?.aborted) throw e;
      throw new ApiError(0, { message: e instanceof Error ? e.message : String(e) });
    }
  }

  async function failure(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    let error: Partial<ErrorEnvelope['error']> = {};
    try {
      error = (JSON.parse(text) as Partial<ErrorEnvelope>).error ?? {};
    } catch {
      error = { message: text.slice(0, 200) || `HTTP ${res.status}` };
    }
    return new ApiError(res.status, error);
  }

  async function refresh(): Promise<Tokens> {
    // Concurrent calls that meet an expired token share one refresh: a refresh token works once.
    refreshing ??= (async () => {
      if (!refreshToken)
        throw new ApiError(401, { code: 'token_expired', message: 'No refresh token' });
      const res = await send('/jwt/refresh-token', { json: { refreshToken }, auth: false });
      if (!res.ok) throw await failure(res);
      const tokens = (await res.json()) as Tokens;
      keep(tokens);
      return tokens;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Sends with the bearer token; an expired access token is renewed once and the call repeated. */
  async function authed(
    path: string,
    init: { body?: () => NonNullable<RequestInit['body']>; json?: unknown; signal?: AbortSignal },
  ): Promise<Response> {
    const attempt = () =>
      send(path, {
        ...(init.body ? { body: init.body() } : {}),
        ...(init.json !== undefined ? { json: init.json } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    const used = accessToken;
    let res = await attempt();
    if (res.status === 401 && refreshToken) {
      const err = await failure(res);
      if (err.code !== 'token_expired') throw err;
      // Another call may have refreshed meanwhile.
      if (accessToken === used) await refresh();
      res = await attempt();
    }
    if (!res.ok) throw await failure(res);
    return res;
  }

  async function qry<T>(body: unknown): Promise<T> {
    const res = await authed('/api/qry', { json: body });
    return ((await res.json()) as { data: T }).data;
  }

  async function uploadChunked(
    file: Blob,
    name: string,
    opts: UploadOptions,
  ): Promise<UploadOutput> {
    const size = file.size;
    const step = Math.max(1, Math.min(opts.chunkSize ?? CHUNK_MAX_BYTES, CHUNK_MAX_BYTES));
    let uploadId: string | undefined;
    let offset = 0;
    for (;;) {
      const bytes = await file.slice(offset, Math.min(offset + step, size)).arrayBuffer();
      const checksum = await sha256Hex(bytes);
      const at = offset;
      const res = await authed('/api/uploadchunk', {
        body: () => {
          const form = new FormData();
          if (uploadId) form.set('uploadId', uploadId);
          else {
            form.set('name', name);
            form.set('size', String(size));
          }
          form.set('offset', String(at));
          form.set('checksum', checksum);
          form.set('chunk', new Blob([bytes]), 'chunk');
          return form;
        },
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      const state = (await res.json()) as UploadChunkOutput;
      uploadId = state.uploadId;
      offset = state.received;
      opts.onProgress?.(offset, size);
      if (state.fileId)
        return { fileId: state.fileId, name, size: state.size, type: state.type ?? '' };
      if (offset >= size) throw new ApiError(500, { message: 'The upload ended without a file' });
    }
  }

  return {
    op: (name, input) => qry({ ...input, op: name }),
    batch: (items) => qry({ op: 'batch', ops: items }),

    async signIn({ login, password, code }) {
      const res = await send('/api/login', { json: { login, password }, auth: false });
      if (!res.ok) throw await failure(res);
      let answer = (await res.json()) as LoginAnswer;
      if (!isSignedIn(answer)) {
        if (!code)
          throw new ApiError(401, {
            code: 'second_factor_required',
            message: 'This account asks for a code of its authenticator app',
          });
        const second = await send('/api/second-factor', {
          json: { action: 'verify', challengeId: answer.secondFactor.challengeId, code },
          auth: false,
        });
        if (!second.ok) throw await failure(second);
        answer = (await second.json()) as SignedIn;
      }
      const signed = answer as SignedIn;
      keep({ accessToken: signed.accessToken, refreshToken: signed.refreshToken });
      return signed.session;
    },

    refresh,

    async signOut() {
      const res = await send('/api/logout', { json: refreshToken ? { refreshToken } : {} });
      await res.body?.cancel();
      accessToken = undefined;
      refreshToken = undefined;
    },

    async upload(file, name, opts = {}) {
      if (opts.chunked) return uploadChunked(file, name, opts);
      const res = await authed('/api/upload', {
        body: () => {
          const form = new FormData();
          form.set('file', file, name);
          return form;
        },
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      return (await res.json()) as UploadOutput;
    },

    async download(fileId) {
      const res = await authed('/api/download', { json: { fileId } });
      return res.blob();
    },

    get tokens() {
      return { accessToken, refreshToken };
    },
  };
}

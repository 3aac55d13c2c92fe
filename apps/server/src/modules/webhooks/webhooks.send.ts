import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { denyList, isDenied, resolveHost } from '../../platform/sources/guard.js';
import type { AttemptError } from './webhooks.tables.js';

/**
 * Sending one webhook request. The address is checked where it is used: the host name is
 * resolved once and the request goes to that address (a name cannot answer differently between
 * the check and the connection); link-local, multicast and reserved addresses are always refused
 * (cloud metadata services live at 169.254.169.254), and loopback, private networks and the
 * server's own addresses unless the webhook allows private addresses. Redirects are never
 * followed (a 3xx is a failed attempt), so a receiver cannot send the request on to a refused
 * address either.
 */

/** Loopback, private and shared ranges: refused unless the webhook allows private addresses. */
const PRIVATE: [string, number, 'ipv4' | 'ipv6'][] = [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
];

/** Always refused (guard.ts: link-local, multicast, reserved, unspecified). */
const ALWAYS = denyList([]);

function privateList(): BlockList {
  const list = denyList([]);
  for (const [net, prefix, type] of PRIVATE) list.addSubnet(net, prefix, type);
  // The server's own addresses, whatever their range.
  for (const addrs of Object.values(networkInterfaces())) {
    for (const a of addrs ?? []) {
      const type = a.family === 'IPv6' ? 'ipv6' : 'ipv4';
      const address = a.address.split('%')[0] as string;
      if (isIP(address)) list.addAddress(address, type);
    }
  }
  return list;
}

let privateCache: { list: BlockList; at: number } | null = null;
function denied(allowPrivate: boolean): BlockList {
  if (allowPrivate) return ALWAYS;
  if (!privateCache || Date.now() - privateCache.at > 60_000)
    privateCache = { list: privateList(), at: Date.now() };
  return privateCache.list;
}

export type AddressCheck =
  { ok: true; address: string } | { ok: false; error: AttemptError; always: boolean };

/** Where a webhook's address leads, or why it may not be used. */
export async function checkAddress(
  url: URL,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<AddressCheck> {
  const host = url.hostname;
  const resolved = await resolveHost(host, denied(allowPrivate), timeoutMs);
  if (resolved.ok) return resolved;
  if (resolved.reason === 'blocked_host') {
    // Name the refused address (the first one that is).
    const literal = host.replace(/^\[(.*)\]$/, '$1');
    const again = isIP(literal)
      ? literal
      : await resolveHost(host, new BlockList(), timeoutMs).then((r) => (r.ok ? r.address : host));
    const always = isDenied(ALWAYS, again);
    return {
      ok: false,
      error: { code: 'webhook.err_blocked', params: { address: again } },
      always,
    };
  }
  if (resolved.reason === 'timeout')
    return {
      ok: false,
      error: { code: 'webhook.err_timeout', params: { seconds: Math.ceil(timeoutMs / 1000) } },
      always: false,
    };
  return { ok: false, error: { code: 'webhook.err_host', params: { host } }, always: false };
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` — the `Fiscus-Signature` header. */
export function signature(secret: string, body: string, t: number): string {
  const mac = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${mac}`;
}

export interface SendResult {
  status: number | null;
  error: AttemptError | null;
  durationMs: number;
}

export interface SendInput {
  url: string;
  body: string;
  secret: string;
  allowPrivate: boolean;
  headers: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** One POST of a delivery: 2xx succeeds; anything else (3xx included) fails. */
export async function send(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  const check = await checkAddress(url, input.allowPrivate, input.timeoutMs);
  if (!check.ok) return { status: null, error: check.error, durationMs: took() };
  const address = check.address;
  const family = isIP(address);
  const t = Math.floor(Date.now() / 1000);
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let done = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      resolve({ ...r, durationMs: took() });
    };
    const req = lib.request(
      url,
      {
        method: 'POST',
        // Connect to the address checked above, never to a second answer of the name server.
        lookup: (_host, opts, cb) => {
          if ((opts as { all?: boolean }).all)
            (cb as unknown as (e: null, a: LookupAddress[]) => void)(null, [{ address, family }]);
          else cb(null, address, family);
        },
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(input.body)),
          'user-agent': 'Fiscus-Webhooks/1',
          'fiscus-signature': signature(input.secret, input.body, t),
          ...input.headers,
        },
        timeout: input.timeoutMs,
        signal: input.signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The answer's body is not needed: read a little and let the connection go.
        res.on('data', () => undefined);
        res.on('end', () => undefined);
        res.on('error', () => undefined);
        res.resume();
        if (status >= 200 && status < 300) finish({ status, error: null });
        else if (status >= 300 && status < 400)
          finish({ status, error: { code: 'webhook.err_redirect', params: { status } } });
        else finish({ status, error: { code: 'webhook.err_status', params: { status } } });
      },
    );
    req.on('timeout', () => {
      finish({
        status: null,
        error: {
          code: 'webhook.err_timeout',
          params: { seconds: Math.ceil(input.timeoutMs / 1000) },
        },
      });
      req.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({
        status: null,
        error: { code: 'webhook.err_connect', params: { detail: err.code ?? err.message } },
      });
    });
    req.end(input.body);
  });
}

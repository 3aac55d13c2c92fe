/**
 * Event stream benchmark: 1,000 concurrent subscribers of `GET /api/events` (50 members of one
 * domain with 20 streams each — the per-user limit), held by a worker thread of this process
 * (its own event loop); the server runs as its own process. The main thread then creates
 * records one after another through `records.create`; each creation's `record.created` event
 * must reach every subscriber. Latency is measured from the moment the create request is sent
 * (so it includes the write itself) to the frame's arrival at each subscriber. Prints JSON:
 * subscribers, events, deliveries, p50/p95/p99 in ms — from the event's recording (its `at`,
 * written in the transaction; same clock) and from sending the request.
 * Auth runs with the test settings (no sign-up rate limit, cheap password hashing) so that 50
 * users can sign up quickly; the stream path is the production one.
 * Run: node --conditions=source --import tsx bench/events.ts [--subscribers 1000] [--events 30]
 *      [--port 3191]   Env: BENCH_DATABASE_URL (PostgreSQL: notifications via LISTEN/NOTIFY).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { percentile } from './lib/load.js';
import { startServer } from './lib/server.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const SUBSCRIBERS = Number(arg('subscribers') ?? 1000);
const EVENTS = Number(arg('events') ?? 30);
const PORT = Number(arg('port') ?? 3191);
const PER_USER = 20;
process.env.NODE_ENV = 'test';
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-bench-events-'));
const server = await startServer({ port: PORT, dir });
const now = () => performance.timeOrigin + performance.now();

const clientSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, tickets } = workerData;
const now = () => performance.timeOrigin + performance.now();
let open = 0;
const arrivals = new Map();
for (const t of tickets) {
  const req = http.get(base + '/api/events?ticket=' + encodeURIComponent(t), { agent: false }, (res) => {
    if (res.statusCode !== 200) { parentPort.postMessage({ error: 'status ' + res.statusCode }); return; }
    open++;
    if (open === tickets.length) parentPort.postMessage({ ready: true });
    res.setEncoding('utf8');
    let buf = '';
    res.on('data', (chunk) => {
      const at = now();
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\\n\\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (!block.startsWith('event: ribbon') && !block.includes('\\nevent: ribbon')) continue;
        // As little work per frame as possible: 1,000 sockets share this thread, and time spent
        // here would count as delivery time of the frames queued behind it.
        const id = /"recordIds":\\[(\\d+)/.exec(block);
        if (!id) continue;
        const key = Number(id[1]);
        let entry = arrivals.get(key);
        if (!entry) {
          const recorded = /"at":"([^"]+)"/.exec(block);
          entry = { recorded: recorded ? Date.parse(recorded[1]) : NaN, times: [] };
          arrivals.set(key, entry);
        }
        entry.times.push(at);
        if (entry.times.length === tickets.length) {
          parentPort.postMessage({ record: key, recorded: entry.recorded, times: entry.times });
          arrivals.delete(key);
        }
      }
    });
  });
  req.on('error', (e) => parentPort.postMessage({ error: String(e) }));
}
`;

try {
  const json = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${server.base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { data?: T; error?: unknown } & T;
    if (!res.ok) throw new Error(`${url} ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return (answer.data ?? answer) as T;
  };
  // The bench user has one domain: its own.
  const domain = (await server.qry<{ items: { id: string }[] }>('domains.list', {})).items[0]?.id;
  const obj = await server.qry<{ id: string }>('objects.create', { name: 'Stream' });
  const users = Math.ceil(SUBSCRIBERS / PER_USER);
  const tokens: string[] = [];
  for (let u = 0; u < users; u++) {
    const username = `sub${u}`;
    const reg = await json<{ accessToken: string }>('/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'Secret123',
    });
    await server.qry('members.add', { login: username, role: 'viewer' });
    const switched = await json<{ accessToken: string }>(
      '/api/qry',
      { op: 'domains.switch', id: domain },
      reg.accessToken,
    );
    tokens.push(switched.accessToken);
  }
  const tickets: string[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const t = await json<{ ticket: string }>(
      '/api/qry',
      { op: 'events.ticket' },
      tokens[Math.floor(i / PER_USER)],
    );
    tickets.push(t.ticket);
  }
  const worker = new Worker(clientSource, {
    eval: true,
    workerData: { base: server.base, tickets },
  });
  const arrivals = new Map<number, { recorded: number; times: number[] }>();
  let ready!: () => void;
  const readyP = new Promise<void>((r) => (ready = r));
  worker.on(
    'message',
    (m: {
      ready?: boolean;
      error?: string;
      record?: number;
      recorded?: number;
      times?: number[];
    }) => {
      if (m.error) throw new Error(m.error);
      if (m.ready) ready();
      if (m.record !== undefined && m.times && m.recorded !== undefined)
        arrivals.set(m.record, { recorded: m.recorded, times: m.times });
    },
  );
  await readyP;
  /** From the event's recording (its `at`, inside the writing transaction) to arrival. */
  const fromRecorded: number[] = [];
  /** From sending the create request (includes the write) to arrival. */
  const fromRequest: number[] = [];
  let missed = 0;
  for (let e = 0; e < EVENTS; e++) {
    const sent = now();
    const rec = await server.qry<{ id: number }>('records.create', {
      objectId: obj.id,
      values: { name: `Event ${e}` },
    });
    // Wait until every subscriber has it (or 10 s): events do not overlap.
    const deadline = Date.now() + 10_000;
    while (!arrivals.has(rec.id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    const got = arrivals.get(rec.id);
    if (!got) {
      missed++;
      continue;
    }
    for (const at of got.times) {
      fromRecorded.push(at - got.recorded);
      fromRequest.push(at - sent);
    }
  }
  await worker.terminate();
  const r1 = (x: number) => Math.round(x * 10) / 10;
  console.log(
    JSON.stringify({
      bench: 'events.stream',
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
      server: server.built,
      subscribers: SUBSCRIBERS,
      events: EVENTS,
      deliveries: fromRecorded.length,
      eventsNotReachingAll: missed,
      fromRecordedMs: {
        p50: r1(percentile(fromRecorded, 50)),
        p95: r1(percentile(fromRecorded, 95)),
        p99: r1(percentile(fromRecorded, 99)),
      },
      fromRequestMs: {
        p50: r1(percentile(fromRequest, 50)),
        p95: r1(percentile(fromRequest, 95)),
        p99: r1(percentile(fromRequest, 99)),
      },
    }),
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

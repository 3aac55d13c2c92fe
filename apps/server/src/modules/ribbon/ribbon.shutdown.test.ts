import type { RibbonEvent } from '@fiscus/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  registerThrough,
  startServer,
  until,
  type ChildServer,
} from '../../test/child-server.js';
import { makeTestApp } from '../../test/helpers.js';
import { openSse, type SseStream } from '../../test/sse-client.js';

/**
 * SIGTERM to a real server process while a client holds its event stream open and records are
 * being written: the stream ends with a retry hint; the client reconnects with `Last-Event-ID`
 * — to another process on PostgreSQL, to the restarted process on SQLite — and, keeping the
 * events it already has and dropping the ids it has seen, holds every event written meanwhile
 * exactly once.
 */

/** An open event stream of a ticket, reconnecting with `Last-Event-ID` when given. */
async function openStream(base: string, ticket: string, lastEventId?: number): Promise<SseStream> {
  const stream = await openSse(
    `${base}/api/events?ticket=${ticket}`,
    lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) },
  );
  if (stream.status !== 200) throw new Error(`events: ${stream.status}`);
  return stream;
}

const ribbonEvents = (s: SseStream) =>
  s.frames.filter((f) => f.event === 'ribbon').map((f) => JSON.parse(f.data) as RibbonEvent);

describe('event stream: the server is told to stop while a client listens', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const servers: ChildServer[] = [];
  const env = () => ({
    DATABASE_URL: t.config.databaseUrl ?? '',
    DATA_DIR: t.config.dataDir,
    JWT_SECRET: t.config.jwtSecret,
    SHUTDOWN_GRACE: '5',
  });
  const postgres = !!process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    t = await makeTestApp();
    await t.app.close();
  });
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop('SIGKILL');
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('ends the stream with a retry hint; the reconnected client gets every event once', async () => {
    const first = await startServer(env());
    servers.push(first);
    // PostgreSQL: a second process serves while the first stops; SQLite: the first restarts.
    const other = postgres ? await startServer(env()) : undefined;
    if (other) servers.push(other);
    const token = await registerThrough(first.base, 'listener1');
    const qry = async <T>(base: string, op: string, input: Record<string, unknown>) => {
      const res = await call(base, '/api/qry', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: { op, ...input },
      });
      return { status: res.status, data: (res.body as { data: T }).data };
    };
    const must = async <T>(base: string, op: string, input: Record<string, unknown> = {}) => {
      const r = await qry<T>(base, op, input);
      if (r.status !== 200) throw new Error(`${op}: ${r.status}`);
      return r.data;
    };
    const obj = await must<{ id: string }>(first.base, 'objects.create', { name: 'Heard' });
    const ticket = async (base: string) =>
      (await must<{ ticket: string }>(base, 'events.ticket')).ticket;

    const stream = await openStream(first.base, await ticket(first.base));
    const opening = await must<{ id: number }>(first.base, 'records.create', {
      objectId: obj.id,
      values: { name: 'Before' },
    });
    await stream.waitFor(
      (f) =>
        f.event === 'ribbon' && (JSON.parse(f.data) as RibbonEvent).recordIds[0] === opening.id,
      30_000,
    );

    // Writers keep creating records through every process until told to stop; the records
    // whose creation was answered are the events that must reach the client.
    const written: number[] = [opening.id];
    let writing = true;
    const writer = async (base: string, tag: string) => {
      for (let i = 0; writing; i++) {
        let r: { status: number; data: { id: number } };
        try {
          r = await qry<{ id: number }>(base, 'records.create', {
            objectId: obj.id,
            values: { name: `${tag} ${i}` },
          });
        } catch {
          // The process has closed its port: this writer is done.
          return;
        }
        if (r.status === 200) written.push(r.data.id);
        else if (r.status !== 503) throw new Error(`records.create: ${r.status}`);
      }
    };
    const writers = [writer(first.base, 'First'), writer(first.base, 'First again')];
    if (other) writers.push(writer(other.base, 'Other'));
    await until(() => written.length >= 6);

    expect(await first.stop('SIGTERM')).toBe(0);
    await stream.ended;
    // The last thing the stream said: when to come back.
    const last = stream.frames[stream.frames.length - 1];
    expect(last?.retry).toBeGreaterThanOrEqual(1000);
    expect(last?.retry).toBeLessThanOrEqual(3000);

    const seen = ribbonEvents(stream);
    const lastId = Math.max(...seen.map((e) => e.id));
    let next: ChildServer;
    if (other) {
      // Written while no stream was open.
      await until(() => written.length >= 12);
      next = other;
    } else {
      next = await startServer(env());
      servers.push(next);
      writers.push(writer(next.base, 'After restart'));
      await until(() => written.length >= 12);
    }
    const again = await openStream(next.base, await ticket(next.base), lastId);
    writing = false;
    await Promise.all(writers);
    const closing = await must<{ id: number }>(next.base, 'records.create', {
      objectId: obj.id,
      values: { name: 'After' },
    });
    written.push(closing.id);
    await again.waitFor(
      (f) =>
        f.event === 'ribbon' && (JSON.parse(f.data) as RibbonEvent).recordIds[0] === closing.id,
      30_000,
    );
    again.close();

    // The client keeps what it has and drops ids it has seen (PostgreSQL's replay also sends
    // recent events just before Last-Event-ID, since commits may land out of id order).
    const resent = ribbonEvents(again);
    const seenIds = new Set(seen.map((e) => e.id));
    const fresh = resent.filter((e) => !seenIds.has(e.id));
    expect(new Set(fresh.map((e) => e.id)).size).toBe(fresh.length);
    if (!postgres) expect(resent.length).toBe(fresh.length);
    const held = [...seen, ...fresh]
      .filter((e) => e.kind === 'record.created')
      .map((e) => e.recordIds[0]);
    expect([...held].sort((a, b) => a! - b!)).toEqual([...written].sort((a, b) => a - b));
  }, 240_000);
});

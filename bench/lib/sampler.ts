import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';

/**
 * Where a benchmark's time goes on the server, sampled while it runs (for bench/soak.ts): the
 * server's event-loop delay and its waits for a PostgreSQL connection or a lane's slot (scraped
 * from `/metrics` every second), the processor time of the server and of PostgreSQL (from
 * /proc, when the database runs on this machine), and on PostgreSQL what the database's
 * connections are doing (`pg_stat_activity` every 250 ms: active statements by connection name
 * — the app, the read lane, the heavy lane — parallel workers and what they wait for).
 */
export interface SamplerOptions {
  base: string;
  metricsToken: string;
  /** The server's process id (its processor time). */
  pid: number;
  /** PostgreSQL: the database the server uses. */
  databaseUrl?: string;
}

/** Cumulative counts of a Prometheus histogram's buckets (`le` → count), by label set. */
type Buckets = Map<string, Map<string, number>>;

function histogram(text: string, name: string): Buckets {
  const out: Buckets = new Map();
  const re = new RegExp(`^${name}_bucket\\{([^}]*)\\} (\\S+)$`, 'gm');
  for (const m of text.matchAll(re)) {
    // prom-client writes `le` first: `{le="0.01",lane="heavy"}`.
    const all = (m[1] as string).split(',');
    const le = /^le="([^"]+)"$/.exec(all.find((l) => l.startsWith('le=')) ?? '')?.[1];
    if (!le) continue;
    const labels = all.filter((l) => !l.startsWith('le=')).join(',');
    let b = out.get(labels);
    if (!b) out.set(labels, (b = new Map()));
    b.set(le, Number(m[2]));
  }
  return out;
}

/** Waits between two scrapes: how many, and how many longer than 10, 50 and 250 ms. */
function waitsBetween(first: Buckets, last: Buckets) {
  const out: Record<string, { n: number; over10ms: number; over50ms: number; over250ms: number }> =
    {};
  for (const [labels, b] of last) {
    const a = first.get(labels) ?? new Map<string, number>();
    const d = (le: string) => (b.get(le) ?? 0) - (a.get(le) ?? 0);
    const n = d('+Inf');
    out[labels || 'all'] = {
      n,
      over10ms: n - d('0.01'),
      over50ms: n - d('0.05'),
      over250ms: n - d('0.25'),
    };
  }
  return out;
}

function gauge(text: string, name: string): number | undefined {
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

/** Clock ticks (1/100 s) of user and system time of a process. */
function ticksOf(pid: string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

/** Ticks of the server and of every PostgreSQL process on this machine. */
function cpuTicks(serverPid: number): { server: number; postgres: number } {
  let postgres = 0;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const comm = readFileSync(`/proc/${p}/comm`, 'utf8').trim();
      if (comm.startsWith('postgres')) postgres += ticksOf(p);
    } catch {
      // ended meanwhile
    }
  }
  let server = 0;
  try {
    server = ticksOf(String(serverPid));
  } catch {
    // ended
  }
  return { server, postgres };
}

export function startSampler(opts: SamplerOptions) {
  let stopped = false;
  const scrape = async () => {
    const res = await fetch(`${opts.base}/metrics`, {
      headers: { authorization: `Bearer ${opts.metricsToken}` },
    });
    return res.ok ? res.text() : '';
  };
  const loop = { maxMs: [] as number[], p99Ms: [] as number[] };
  let first: { pool: Buckets; lanes: Buckets } | undefined;
  let last: { pool: Buckets; lanes: Buckets } | undefined;
  const cpu0 = cpuTicks(opts.pid);
  const t0 = performance.now();
  const metrics = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, 1000));
      const text = await scrape().catch(() => '');
      if (!text) continue;
      // The event-loop delay histogram starts over at every scrape: one value per second.
      const max = gauge(text, 'nodejs_eventloop_lag_max_seconds');
      const p99 = gauge(text, 'nodejs_eventloop_lag_p99_seconds');
      if (max !== undefined) loop.maxMs.push(max * 1000);
      if (p99 !== undefined) loop.p99Ms.push(p99 * 1000);
      last = {
        pool: histogram(text, 'fiscus_db_pool_wait_seconds'),
        lanes: histogram(text, 'fiscus_lane_wait_seconds'),
      };
      first ??= last;
    }
  })();

  /** Active statements seen per sample, by what runs them; and what they waited for. */
  const active = new Map<string, number>();
  const waits = new Map<string, number>();
  let samples = 0;
  const activity = (async () => {
    if (!opts.databaseUrl) return;
    const c = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'bench' });
    await c.connect();
    try {
      while (!stopped) {
        const { rows } = await c.query<{ who: string; wait: string | null }>(
          `select case when backend_type = 'client backend'
                       then coalesce(nullif(application_name, ''), 'other') else backend_type end as who,
                  wait_event_type || ':' || wait_event as wait
             from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
        );
        samples++;
        for (const r of rows) {
          active.set(r.who, (active.get(r.who) ?? 0) + 1);
          if (r.wait) waits.set(r.wait, (waits.get(r.wait) ?? 0) + 1);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      await c.end();
    }
  })();

  return async function stop() {
    stopped = true;
    await Promise.all([metrics, activity]);
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuTicks(opts.pid);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const per = (n: number) => +(n / Math.max(1, samples)).toFixed(2);
    const top = (m: Map<string, number>, min = 0.05) =>
      Object.fromEntries(
        [...m.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => [k, per(v)] as const)
          .filter(([, v]) => v >= min),
      );
    return {
      /** Per second: the longest delay of a timer on the server's event loop. */
      eventLoopDelayMs: {
        seconds: loop.maxMs.length,
        medianOfMax: +(sorted(loop.maxMs)[Math.floor(loop.maxMs.length / 2)] ?? 0).toFixed(1),
        max: +Math.max(0, ...loop.maxMs).toFixed(1),
        secondsOver50ms: loop.maxMs.filter((x) => x > 50).length,
        secondsOver100ms: loop.maxMs.filter((x) => x > 100).length,
      },
      poolWaits: first && last ? waitsBetween(first.pool, last.pool) : {},
      laneWaits: first && last ? waitsBetween(first.lanes, last.lanes) : {},
      /** Cores used on average: the server's process, and PostgreSQL's (all its processes). */
      cores: {
        server: +((cpu1.server - cpu0.server) / 100 / seconds).toFixed(2),
        postgres: opts.databaseUrl
          ? +((cpu1.postgres - cpu0.postgres) / 100 / seconds).toFixed(2)
          : undefined,
      },
      /** PostgreSQL: active statements on average, by connection name, and their waits. */
      activeStatements: opts.databaseUrl ? top(active) : undefined,
      waitEvents: opts.databaseUrl ? top(waits) : undefined,
    };
  };
}

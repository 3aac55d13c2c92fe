import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/**
 * CPU milliseconds (user + system) of a process or thread from `/proc` (`stat`: fields 14 and
 * 15, in clock ticks); 0 where there is no `/proc` or the process is gone.
 */
function procCpuMs(statPath: string, only?: 'system'): number {
  try {
    const stat = readFileSync(statPath, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (only === 'system' ? Number(f[12]) : Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU ms of this process's main thread (the server's event loop). */
const mainThreadCpuMs = (only?: 'system') => procCpuMs(`/proc/self/task/${process.pid}/stat`, only);

export function percentile(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] as number;
}

// The load generator runs in a worker thread (its own event loop) with keep-alive sockets:
// `connections` requests in flight, each re-issued as soon as it completes.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, token, body, bodies, connections, seconds, requests } = workerData;
const list = bodies && bodies.length ? bodies : [body];
let issued = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const u = new URL(url);
const latencies = [];
let ok = 0, failed = 0;
const end = Date.now() + seconds * 1000;
function one() {
  const payload = list[issued++ % list.length];
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent,
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token, 'content-length': Buffer.byteLength(payload) } }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.statusCode === 200) ok++; else failed++;
        resolve();
      });
    });
    req.on('error', () => { failed++; resolve(); });
    req.end(payload);
  });
}
const more = () => (requests ? issued < requests : Date.now() < end);
async function loop() { while (more()) await one(); }
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ ok, failed, latencies });
});
`;

export async function throughput(opts: {
  url: string;
  token: string;
  body: string;
  /** Bodies sent in turn instead of `body`. */
  bodies?: string[];
  connections: number;
  seconds: number;
  /** Stop after this many requests instead of after `seconds`. */
  requests?: number;
  /** Other processes serving the requests (the server's lane processes): their CPU is counted. */
  helperPids?: () => number[];
  /**
   * The database server's processes serving the requests (PostgreSQL's backends of the server's
   * connections, on this machine): their CPU is counted apart.
   */
  databasePids?: () => Promise<number[]>;
}) {
  const db0 = new Map(
    ((await opts.databasePids?.()) ?? []).map((p) => [p, procCpuMs(`/proc/${p}/stat`)]),
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = Date.now();
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const main0 = mainThreadCpuMs();
  const mainSystem0 = mainThreadCpuMs('system');
  const helpers0 = new Map(
    (opts.helperPids?.() ?? []).map((p) => [p, procCpuMs(`/proc/${p}/stat`)]),
  );
  const result = await new Promise<{ ok: number; failed: number; latencies: number[] }>(
    (resolve, reject) => {
      const w = new Worker(workerSource, {
        eval: true,
        workerData: { ...opts, helperPids: undefined, databasePids: undefined },
      });
      w.once('message', resolve);
      w.once('error', reject);
    },
  );
  const elapsed = (Date.now() - started) / 1000;
  delay.disable();
  const busy = performance.eventLoopUtilization(elu);
  const cpuUsed = process.cpuUsage(cpu);
  const mainMs = mainThreadCpuMs() - main0;
  const mainSystemMs = mainThreadCpuMs('system') - mainSystem0;
  let helpersMs = 0;
  // Processes started during the run count from 0; those that ended during it are not counted.
  for (const p of new Set([...helpers0.keys(), ...(opts.helperPids?.() ?? [])]))
    helpersMs += Math.max(0, procCpuMs(`/proc/${p}/stat`) - (helpers0.get(p) ?? 0));
  let databaseMs = 0;
  for (const p of new Set([...db0.keys(), ...((await opts.databasePids?.()) ?? [])]))
    databaseMs += Math.max(0, procCpuMs(`/proc/${p}/stat`) - (db0.get(p) ?? 0));
  const perRequest = (ms: number) => +(ms / Math.max(1, result.ok)).toFixed(3);
  return {
    connections: opts.connections,
    seconds: +elapsed.toFixed(1),
    requests: result.ok,
    failed: result.failed,
    requestsPerSecond: Math.round(result.ok / elapsed),
    latencyMs: {
      p50: +percentile(result.latencies, 50).toFixed(2),
      p95: +percentile(result.latencies, 95).toFixed(2),
      p99: +percentile(result.latencies, 99).toFixed(2),
    },
    // Time the server's event loop was busy per answered request (lower is better; less
    // sensitive to other load on the machine than requests per second).
    serverBusyMsPerRequest: +(busy.active / Math.max(1, result.ok)).toFixed(3),
    eventLoopUtilization: +busy.utilization.toFixed(2),
    // CPU of the whole process (server and load generator threads) per request.
    processCpuMsPerRequest: +(
      (cpuUsed.user + cpuUsed.system) /
      1000 /
      Math.max(1, result.ok)
    ).toFixed(3),
    // CPU per request of the server's main thread alone, and of the helper processes (lanes):
    // from /proc in clock ticks of 10 ms, so meaningful over runs of thousands of requests.
    mainThreadCpuMsPerRequest: perRequest(mainMs),
    // Of which in the kernel (system calls: the sockets' reads and writes, loopback's delivery).
    mainThreadSystemCpuMsPerRequest: perRequest(mainSystemMs),
    helperCpuMsPerRequest: perRequest(helpersMs),
    // CPU per request of the database server's processes (`databasePids`), 0 without.
    databaseCpuMsPerRequest: perRequest(databaseMs),
    eventLoopDelayMs: {
      p50: +(delay.percentile(50) / 1e6).toFixed(2),
      p99: +(delay.percentile(99) / 1e6).toFixed(2),
    },
  };
}

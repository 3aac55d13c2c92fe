import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config/index.js';
import { announceListening, announceStart, seedDemoOnNewInstallation } from './startup.js';

/** A worker that dies this soon after its start is not started again at once (a crash loop). */
const CRASH_LOOP_MS = 5_000;

/**
 * Starts the server on PORT, says where it listens, which database and data it uses and who
 * can sign in, and shuts it down gracefully on SIGINT/SIGTERM. With `WORKERS=N` (PostgreSQL
 * only) this process starts N server processes sharing the port (node:cluster) and forwards
 * the signals to them (docs/deploy.md).
 */
async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const worker = Number(process.env.FISCUS_WORKER) || undefined;
  const app = await buildApp({
    config,
    ...(worker ? { logger: { base: { pid: process.pid, hostname: hostname(), worker } } } : {}),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal, graceMs: config.shutdownGraceMs },
      'shutting down: no new requests; requests in flight and running jobs are given the grace period',
    );
    // Past the grace (requests and jobs) and the hand-back of jobs, the process ends anyway.
    const force = setTimeout(() => {
      app.log.error('still busy after the grace period: exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000);
    force.unref();
    app.graceJobs(config.shutdownGraceMs);
    try {
      await app.close();
      app.log.info('shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Only the first process says it all: the others say where they listen.
  if (!worker || worker === 1) announceStart(app);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  await announceListening(app, typeof address === 'object' && address ? address.port : config.port);
  if (!worker || worker === 1) void seedDemoOnNewInstallation(app);
}

/**
 * The primary of `WORKERS=N`: starts N server processes that share the port (the primary
 * accepts connections and hands them out in turn), starts a worker again when one dies, and on
 * SIGTERM/SIGINT passes the signal on and ends once every worker has shut down.
 */
function runPrimary(config: Config): void {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, hostname: hostname() } });
  let stopping = false;
  const started = new Map<Worker, { n: number; at: number }>();
  const fork = (n: number) => {
    const w = cluster.fork({ FISCUS_WORKER: String(n) });
    started.set(w, { n, at: Date.now() });
  };
  cluster.on('exit', (w, code, signal) => {
    const info = started.get(w);
    started.delete(w);
    if (stopping) {
      if (started.size === 0) {
        log.info('every server process has shut down');
        process.exit(0);
      }
      return;
    }
    if (!info) return;
    const quick = Date.now() - info.at < CRASH_LOOP_MS;
    log.error(
      { worker: info.n, workerPid: w.process.pid, code, signal },
      `server process ${info.n} ended unexpectedly; starting it again${quick ? ' in 5 s' : ''}`,
    );
    setTimeout(() => fork(info.n), quick ? CRASH_LOOP_MS : 0);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: started.size }, 'shutting down every server process');
    if (started.size === 0) process.exit(0);
    for (const w of started.keys()) w.process.kill(signal);
    const force = setTimeout(() => {
      log.error('server processes still running after the grace period: exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 15_000);
    force.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  log.info(
    { workers: config.workers, port: config.port },
    `starting ${config.workers} server processes on port ${config.port}`,
  );
  for (let n = 1; n <= config.workers; n++) fork(n);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

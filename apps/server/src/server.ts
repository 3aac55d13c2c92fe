import { buildApp } from './app.js';
import { loadConfig } from './config/index.js';
import { announceListening, announceStart, seedDemoOnNewInstallation } from './startup.js';

/**
 * Starts the server on PORT, says where it listens, which database and data it uses and who
 * can sign in, and shuts it down gracefully on SIGINT/SIGTERM.
 */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  announceStart(app);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  await announceListening(app, typeof address === 'object' && address ? address.port : config.port);
  void seedDemoOnNewInstallation(app);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import { buildApp } from './app.js';
import { ensureCaseAdmin } from './cases/case-admins.js';
import { ConfigError, loadConfig } from './config.js';
import { ensureLmsAdmin } from './lms/accounts.js';
import { loadDemoContent } from './lms/demo-content.js';
import { openDatabase } from './db/open.js';
import { webDistFolder } from './paths.js';
import { systemClock } from './platform/clock.js';
import { createLogger } from './platform/logger.js';
import { loadLocalSecrets } from './platform/secrets.js';
import { createTokenService } from './platform/tokens.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (config.mail.smtpUrl && !config.publicUrl) {
    logger.warn(
      `PUBLIC_URL is not set: emailed links (verification, password reset, case updates) point at http://localhost:${config.port}, which works only on this machine`,
    );
  }
  // How long each step of the start took, logged once ready (docs/operations.md, "Restart after a crash").
  const startup = startupTimer();
  const secrets = await loadLocalSecrets(config.dataDir);
  const database = await openDatabase(config, secrets.embeddedDatabasePassword, logger);
  startup.lap('database');

  await ensureCaseAdmin(database.db, config.cases.bootstrapAdmin, logger);
  await ensureLmsAdmin(database.db, config.lms.bootstrapAdmin, logger);
  if (config.lms.loadDemoContent) logger.info(await loadDemoContent(database.db), 'LMS demo content loaded');
  startup.lap('accounts');

  let shuttingDown = false;
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    logger,
    tokens: createTokenService(config.jwtSecret ?? secrets.jwtSecret, systemClock),
    webDistFolder,
    credentialKeys: config.credentialSigningKeys ?? secrets.credentialKeys,
    isShuttingDown: () => shuttingDown,
  });
  startup.lap('app');

  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      logger.error('graceful shutdown timed out; exiting');
      // Its own process group: the embedded PostgreSQL would outlive an app that exits without it.
      database.abandon?.();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forceExit.unref();
    try {
      // Stops accepting connections and waits for requests in flight, then closes the database.
      await app.close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
    startup.lap('listen');
    logger.info({ startupMs: startup.laps() }, 'ready');
  } catch (error) {
    logger.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
}

/** Milliseconds of each step of the start, and the total. */
function startupTimer() {
  const started = performance.now();
  let last = started;
  // From the process's start: Node itself and loading the app's modules, before main() runs.
  const laps: Record<string, number> = { modules: Math.round(started) };
  return {
    lap(step: string) {
      const now = performance.now();
      laps[step] = Math.round(now - last);
      last = now;
    },
    laps: () => ({ ...laps, total: Math.round(last) }),
  };
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    // Through the logger's error serializer: a failed start-up query must not print its
    // parameters (a bootstrap admin's password hash, say) to the console.
    createLogger('fatal').fatal({ err: error }, 'Pathway failed to start');
  }
  process.exit(1);
});

import pg from 'pg';
import { findFreePort } from '../server/db/embedded-postgres.js';
import { embeddedDatabaseUrl } from '../server/db/open.js';
import { startSmtpServer, type TestSmtpServer } from '../test/support/smtp-server.js';
import { e2eAccounts } from './accounts.js';
import { startAppProcess } from './app-process.js';

/**
 * A single step change's email waits for its undo window: long enough to click Undo on a busy
 * machine, short enough for the mail tests to wait it out (CASE_STEP_UNDO_SECONDS).
 */
export const STEP_UNDO_SECONDS = 15;

/** The built app one Playwright worker drives, with its own database and its own mail server. */
export type WorkerApp = {
  url: string;
  /** A real SMTP server in the worker's process: the app's SMTP_URL. Specs read it through `e2e/mailbox.ts`. */
  mail: TestSmtpServer;
  /** The port the network spec starts its local OpenID provider on (the app discovers it lazily). */
  oidcPort: number;
  /**
   * The connection string of the app's own database, for the one thing a spec cannot do through
   * the app: let time pass for one learner's rows (a review card due now) while the server's clock
   * stays everyone's. The embedded database's is read from the app's data folder.
   */
  databaseUrl: () => Promise<string>;
};

let running: WorkerApp | undefined;

/** This worker's app; the `workerApp` fixture in `e2e/fixtures.ts` starts it before the worker's first test. */
export function workerApp(): WorkerApp {
  if (!running) throw new Error('the worker app is started by the workerApp fixture of e2e/fixtures.ts');
  return running;
}

/** A database of its own on TEST_DATABASE_URL's server, or nothing (the app then runs its embedded one). */
async function externalDatabase(workerIndex: number): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `pathway_e2e_${process.pid}_${workerIndex}_${Date.now()}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Starts the built app on a fresh database, as a user would run it, for one worker: workers share
 * nothing, so specs in different workers cannot see each other's rows or mail. Returns its stop.
 */
export async function startWorkerApp(workerIndex: number): Promise<() => Promise<void>> {
  const oidcPort = await findFreePort();
  const mail = await startSmtpServer();
  const database = await externalDatabase(workerIndex);
  const app = await startAppProcess((url) => ({
    CASE_ADMIN_EMAIL: e2eAccounts.caseAdmin.email,
    CASE_ADMIN_PASSWORD: e2eAccounts.caseAdmin.password,
    // The redirect route is tested against a page of our own instead of an outside site.
    HEALTH_AUTHORITY_URL: `${url}/casetracking?authorityToken={token}`,
    CASE_LOOKUP_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT: '1000',
    LMS_SIGNUPS_PER_HOUR: '1000',
    // The hourly calibration (at :20) would calibrate a profession in the middle of whichever spec
    // runs then (the readiness spec checks the card before its own calibration); specs ask for it.
    LMS_CALIBRATION_CRON: 'off',
    // Likewise the daily digest at 07:00 (tests that need it queue it themselves).
    NETWORK_DIGEST_CRON: 'off',
    CASE_LATE_STEPS_CRON: 'off',
    LMS_ADMIN_USERNAME: e2eAccounts.lmsAdmin.username,
    LMS_ADMIN_PASSWORD: e2eAccounts.lmsAdmin.password,
    UPGRADE_CHAT_NUMBER: '15550001111',
    NETWORK_ADMIN_EMAILS: e2eAccounts.networkModerator.email,
    OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
    OIDC_CLIENT_ID: e2eAccounts.oidcClient.clientId,
    OIDC_CLIENT_SECRET: e2eAccounts.oidcClient.clientSecret,
    UPLOAD_MAX_BYTES: String(5 * 1024 * 1024),
    SMTP_URL: mail.url,
    MAIL_FROM: 'Pathway <no-reply@pathway.test>',
    // Step-change emails go out a second after the change instead of five minutes.
    CASE_NOTIFICATION_DELAY_SECONDS: '1',
    CASE_STEP_UNDO_SECONDS: String(STEP_UNDO_SECONDS),
    // An external database only through TEST_DATABASE_URL.
    ...(database ? { DATABASE_URL: database.url } : {}),
  }));
  running = {
    url: app.url,
    mail,
    oidcPort,
    databaseUrl: async () => database?.url ?? (await embeddedDatabaseUrl(app.dataDir)),
  };
  return async () => {
    running = undefined;
    await app.dispose();
    await database?.drop();
    await mail.close();
  };
}

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findFreePort } from '../server/db/embedded-postgres.js';
import { e2eAccounts } from './accounts.js';
import { startAppProcess } from './app-process.js';
import { startMailbox } from './mailbox-server.js';

/** Starts the built app (`npm run build` first) on a fresh database, as a user would run it. */
export default async function globalSetup() {
  const entry = join(process.cwd(), 'dist', 'server', 'main.js');
  if (!existsSync(entry) || !existsSync(join(process.cwd(), 'dist', 'web', 'index.html'))) {
    throw new Error('Build the app first: npm run build');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pathway-e2e-'));
  const port = await findFreePort();
  // The network spec starts a local OpenID provider on this port; the app discovers it lazily.
  const oidcPort = await findFreePort();
  // A real SMTP server receives what the app sends; specs read it through `e2e/mailbox.ts`.
  const mailbox = await startMailbox();
  process.env.E2E_MAILBOX_URL = mailbox.url;
  process.env.E2E_OIDC_PORT = String(oidcPort);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CASE_ADMIN_EMAIL: e2eAccounts.caseAdmin.email,
    CASE_ADMIN_PASSWORD: e2eAccounts.caseAdmin.password,
    // The redirect route is tested against a page of our own instead of an outside site.
    HEALTH_AUTHORITY_URL: `http://127.0.0.1:${port}/casetracking?authorityToken={token}`,
    CASE_LOOKUP_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT: '1000',
    LMS_SIGNUPS_PER_HOUR: '1000',
    LMS_ADMIN_USERNAME: e2eAccounts.lmsAdmin.username,
    LMS_ADMIN_PASSWORD: e2eAccounts.lmsAdmin.password,
    UPGRADE_CHAT_NUMBER: '15550001111',
    NETWORK_ADMIN_EMAILS: e2eAccounts.networkModerator.email,
    OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
    OIDC_CLIENT_ID: e2eAccounts.oidcClient.clientId,
    OIDC_CLIENT_SECRET: e2eAccounts.oidcClient.clientSecret,
    UPLOAD_MAX_BYTES: String(5 * 1024 * 1024),
    SMTP_URL: mailbox.smtpUrl,
    MAIL_FROM: 'Pathway <no-reply@pathway.test>',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Step-change emails go out a second after the change instead of five minutes.
    CASE_NOTIFICATION_DELAY_SECONDS: '1',
    // A single step change's email waits for its undo window: long enough to click Undo on a busy
    // machine, short enough for the mail tests to wait it out.
    CASE_STEP_UNDO_SECONDS: '15',
  };

  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const name = `pathway_e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }

  const app = await startAppProcess(env);
  process.env.BASE_URL = app.url;

  return async () => {
    await app.stop();
    await dropDatabase();
    await mailbox.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

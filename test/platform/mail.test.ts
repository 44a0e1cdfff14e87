import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { startJobQueue, type JobQueue } from '../../server/platform/jobs.js';
import { createLogger } from '../../server/platform/logger.js';
import { publicLink, startMailer, type Mailer } from '../../server/platform/mail.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { connectDatabase, type DatabaseHandle } from '../../server/db/client.js';
import { cloneTemplateDatabase } from '../test-app.js';

type Instance = { jobs: JobQueue; mailer: Mailer };

// A database with no app on it: the only mail workers are the instances each test starts.
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
let smtp: TestSmtpServer;
const instances: Instance[] = [];

/** One more app instance's mail part on the test's database, as a second server of a cluster runs it. */
async function startInstance(env: Record<string, string>, logger = createLogger('silent')): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', JOB_RETRY_DELAY_SECONDS: '1', ...env });
  const jobs = await startJobQueue({
    connectionString: database.url,
    logger,
    retryDelaySeconds: config.jobRetryDelaySeconds,
  });
  const mailer = await startMailer(config, jobs, logger, handle.db);
  await mailer.start();
  const instance = { jobs, mailer };
  instances.push(instance);
  return instance;
}

async function jobsWithSubject(subject: string): Promise<{ state: string }[]> {
  const result = await handle.db.execute<{ state: string }>(
    sql`SELECT state FROM pgboss.job WHERE data->>'subject' = ${subject}`,
  );
  return result.rows;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await cloneTemplateDatabase();
  handle = connectDatabase(database.url, { poolSize: 3, log: createLogger('silent') });
});

afterEach(async () => {
  smtp.setFailing(false);
  await Promise.all(instances.splice(0).map((instance) => instance.jobs.stop()));
});

afterAll(async () => {
  await handle.close();
  await database.drop();
  await smtp.close();
});

describe('email', () => {
  it('when a change commits with a message queued in its transaction, then the message arrives once, from MAIL_FROM', async () => {
    const { mailer } = await startInstance({ SMTP_URL: smtp.url, MAIL_FROM: 'Pathway <hello@pathway.test>' });
    await handle.db.transaction(async (tx) => {
      await mailer.send(tx, {
        to: 'ada@example.com',
        subject: 'Committed',
        text: 'Open https://pathway.test/verify?token=abc to go on.',
      });
    });
    const mail = await smtp.nextMessage((m) => m.subject === 'Committed');
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.from).toBe('hello@pathway.test');
    expect(mail.links).toEqual(['https://pathway.test/verify?token=abc']);
    expect(mail.headers['message-id']).toMatch(/@pathway>$/);
    expect(smtp.messages.filter((m) => m.subject === 'Committed')).toHaveLength(1);
  });

  it('when the transaction that queued a message rolls back, then the message never exists', async () => {
    const { mailer } = await startInstance({ SMTP_URL: smtp.url });
    await expect(
      handle.db.transaction(async (tx) => {
        await mailer.send(tx, { to: 'ada@example.com', subject: 'Rolled back', text: 'no' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await mailer.send(handle.db, { to: 'ada@example.com', subject: 'After the rollback', text: 'yes' });
    await smtp.nextMessage((m) => m.subject === 'After the rollback');
    expect(await jobsWithSubject('Rolled back')).toEqual([]);
    expect(smtp.messages.some((m) => m.subject === 'Rolled back')).toBe(false);
  });

  it('when the mail server refuses for a while and the instance that queued it stops, then another instance delivers it once it recovers', async () => {
    smtp.setFailing(true);
    const first = await startInstance({ SMTP_URL: smtp.url });
    await first.mailer.send(handle.db, { to: 'grace@example.com', subject: 'Through an outage', text: 'kept' });
    await expect.poll(async () => (await jobsWithSubject('Through an outage'))[0]?.state).toBe('retry');
    await first.jobs.stop();

    await startInstance({ SMTP_URL: smtp.url });
    smtp.setFailing(false);
    const mail = await smtp.nextMessage((m) => m.subject === 'Through an outage');
    expect(mail.to).toEqual(['grace@example.com']);
    await expect.poll(async () => (await jobsWithSubject('Through an outage'))[0]?.state).toBe('completed');
    expect(smtp.messages.filter((m) => m.subject === 'Through an outage')).toHaveLength(1);
  });

  it('when two instances work one queue, then each message is sent once', async () => {
    const [a] = [await startInstance({ SMTP_URL: smtp.url }), await startInstance({ SMTP_URL: smtp.url })];
    const subjects = Array.from({ length: 20 }, (_, index) => `Shared ${index}`);
    for (const subject of subjects) await a!.mailer.send(handle.db, { to: 'team@example.com', subject, text: subject });
    for (const subject of subjects) await smtp.nextMessage((m) => m.subject === subject);
    await expect
      .poll(async () => {
        const rows = await handle.db.execute<{ open: number }>(
          sql`SELECT count(*)::int AS open FROM pgboss.job WHERE data->>'subject' LIKE 'Shared %' AND state <> 'completed'`,
        );
        return rows.rows[0]?.open;
      })
      .toBe(0);
    for (const subject of subjects) expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('when no SMTP_URL is set, then the message is written to DATA_DIR/outbox, readable by its owner only, and the log names the file, not the link', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pathway-outbox-'));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    try {
      const logger = createLogger('info', sink);
      const { mailer } = await startInstance({ DATA_DIR: dataDir }, logger);
      await mailer.send(handle.db, {
        to: 'linus@example.com',
        subject: 'To the outbox',
        text: 'Confirm: http://localhost:3000/verify?token=xyz',
      });
      const outbox = join(dataDir, 'outbox');
      await expect.poll(async () => (await readdir(outbox).catch(() => [])).length).toBe(1);
      const [file] = await readdir(outbox);
      const eml = await readFile(join(outbox, file!), 'utf8');
      expect(eml).toContain('Subject: To the outbox');
      expect(eml).toContain('To: linus@example.com');
      expect((await stat(join(outbox, file!))).mode & 0o777).toBe(0o600);
      expect((await stat(outbox)).mode & 0o777).toBe(0o700);
      await expect.poll(() => lines.join('')).toContain(join(outbox, file!));
      expect(lines.join('')).not.toContain('token=xyz');
      expect(lines.join('')).not.toContain('linus@example.com');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('when a link is made for an email, then it uses PUBLIC_URL, or the local address without it', () => {
    expect(publicLink(loadConfig({ PUBLIC_URL: 'https://pathway.example.com' }), '/reset?token=a')).toBe(
      'https://pathway.example.com/reset?token=a',
    );
    expect(publicLink(loadConfig({ PORT: '4000' }), '/casetracking?case=C-1')).toBe(
      'http://localhost:4000/casetracking?case=C-1',
    );
  });
});

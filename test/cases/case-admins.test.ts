import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addOrResetCaseAdmin, CaseAdminInputError, ensureCaseAdmin } from '../../server/cases/case-admins.js';
import { runningEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { caseAdmins } from '../../server/db/schema/cases.js';
import { createLogger } from '../../server/platform/logger.js';
import { createTestApp, type TestApp } from '../test-app.js';

const log = createLogger('silent');

describe('case admin accounts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const login = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/caseadmin/login', payload: { email, password } })).statusCode;

  /** Captures what ensureCaseAdmin prints, and returns the printed passwords. */
  function capturePrintedPasswords(): () => string[] {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    return () => printed.flatMap((text) => [...text.matchAll(/password: (\S+)/g)].map((match) => match[1]!));
  }

  // Runs first: the database of this file starts with no admin at all.
  it('when nothing is configured and no admin exists, then one admin is created with a password printed once, and a second start creates none', async () => {
    const printedPasswords = capturePrintedPasswords();

    await ensureCaseAdmin(t.db, undefined, log);
    await ensureCaseAdmin(t.db, undefined, log);

    const passwords = printedPasswords();
    expect(passwords).toHaveLength(1);
    expect(passwords[0]!.length).toBeGreaterThanOrEqual(12);
    expect(await t.db.select({ email: caseAdmins.email }).from(caseAdmins)).toEqual([{ email: 'admin@pathway.local' }]);
    expect(await login('admin@pathway.local', passwords[0]!)).toBe(200);
  });

  it('when several instances start together on an empty database, then the one printed password is the one that works', async () => {
    const s = await createTestApp();
    try {
      const printedPasswords = capturePrintedPasswords();

      await Promise.all([
        ensureCaseAdmin(s.db, undefined, log),
        ensureCaseAdmin(s.db, undefined, log),
        ensureCaseAdmin(s.db, undefined, log),
      ]);

      vi.restoreAllMocks();
      const passwords = printedPasswords();
      expect(passwords).toHaveLength(1);
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/caseadmin/login',
        payload: { email: 'admin@pathway.local', password: passwords[0] },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('when an email and password are configured, then the admin is created, and a later start with another password resets it', async () => {
    const printedPasswords = capturePrintedPasswords();
    await ensureCaseAdmin(t.db, { email: 'Boss@Example.test', password: 'first password' }, log);
    expect(await login('boss@example.test', 'first password')).toBe(200);

    await ensureCaseAdmin(t.db, { email: 'boss@example.test', password: 'second password' }, log);

    expect(await login('boss@example.test', 'second password')).toBe(200);
    expect(await login('boss@example.test', 'first password')).toBe(401);
    const admins = await t.db.select({ email: caseAdmins.email }).from(caseAdmins);
    expect(admins.filter((admin) => admin.email === 'boss@example.test')).toHaveLength(1);
    expect(printedPasswords()).toEqual([]);
  });

  describe('admin script', () => {
    it('when given a new email, then the admin is created and can log in', async () => {
      const result = await addOrResetCaseAdmin(t.db, ' New.Admin@Example.test ', 'a long password');
      expect(result).toEqual({ email: 'new.admin@example.test', created: true });
      expect(await login('new.admin@example.test', 'a long password')).toBe(200);
    });

    it('when given an existing email, then its password is reset and the old one fails', async () => {
      await addOrResetCaseAdmin(t.db, 'reset@example.test', 'old password');
      const result = await addOrResetCaseAdmin(t.db, 'RESET@example.test', 'new password');
      expect(result).toEqual({ email: 'reset@example.test', created: false });
      expect(await login('reset@example.test', 'new password')).toBe(200);
      expect(await login('reset@example.test', 'old password')).toBe(401);
    });

    it('when the email is invalid or the password too short or too long, then it refuses with a clear message and changes nothing', async () => {
      const before = await t.db.select().from(caseAdmins);
      await expect(addOrResetCaseAdmin(t.db, 'not-an-email', 'long enough')).rejects.toThrow(
        new CaseAdminInputError('the email must be a valid email address'),
      );
      await expect(addOrResetCaseAdmin(t.db, 'reset@example.test', 'short')).rejects.toThrow(
        new CaseAdminInputError('the password must be at least 8 characters'),
      );
      await expect(addOrResetCaseAdmin(t.db, 'reset@example.test', 'p'.repeat(201))).rejects.toThrow(
        new CaseAdminInputError('the password must be at most 200 characters'),
      );
      expect(await t.db.select().from(caseAdmins)).toEqual(before);
      expect(await login('reset@example.test', 'new password')).toBe(200);
    });
  });

  describe('detecting a running embedded server', () => {
    let dataDir: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'pathway-postgres-lock-'));
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    it('when there is no postmaster.pid, then no server runs', async () => {
      expect(await runningEmbeddedPostgres(dataDir)).toBeUndefined();
    });

    it('when postmaster.pid names a live postgres on that directory, then its pid is found; once it exits, the file is stale', async () => {
      // A stand-in process whose command line names postgres and the data directory, as the real server's does.
      const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'postgres', '-D', dataDir], {
        stdio: 'ignore',
      });
      try {
        await writeFile(join(dataDir, 'postmaster.pid'), `${server.pid}\n${dataDir}\n`);
        expect(await runningEmbeddedPostgres(dataDir)).toBe(server.pid);
      } finally {
        server.kill('SIGKILL');
        await once(server, 'exit');
      }
      expect(await runningEmbeddedPostgres(dataDir)).toBeUndefined();
    });

    it('when postmaster.pid names a live process that is not postgres on that directory, then it is stale', async () => {
      await writeFile(join(dataDir, 'postmaster.pid'), `${process.pid}\n${dataDir}\n`);
      expect(await runningEmbeddedPostgres(dataDir)).toBeUndefined();
    });
  });
});

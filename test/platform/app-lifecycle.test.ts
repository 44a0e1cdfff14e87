import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, isAlive } from '../../server/db/embedded-postgres.js';
import { timeouts } from '../support/timeouts.js';

const admin = { email: 'lifecycle@example.test', password: 'lifecycle-password' };

/** The real server process (from source), as `npm start` runs it, on the embedded database. */
async function startApp(dataDir: string) {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CASE_ADMIN_EMAIL: admin.email,
      CASE_ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: timeouts.start, interval: 200 },
    )
    .toBe(200);
  return { child, url, exit };
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

describe('the app process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-lifecycle-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // The app is started twice as a process.
  it(
    'when it is killed with SIGKILL and started again, then committed data and issued tokens are still there, and SIGTERM stops everything cleanly',
    async () => {
      const first = await startApp(dataDir);
      const login = await fetch(`${first.url}/api/caseadmin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const { token } = (await login.json()) as { token: string };
      const created = await fetch(`${first.url}/api/caseadmin/cases`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          case_number: 'LIFE-1',
          passport_number: 'X1',
          client_name: 'Kill Test',
          serviceIds: [1],
        }),
      });
      expect(created.status).toBe(201);
      expect((await stat(join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);

      first.child.kill('SIGKILL');
      await first.exit;
      const orphan = await postmasterPid(dataDir);
      expect(isAlive(orphan)).toBe(true);

      const second = await startApp(dataDir);
      const lookup = await fetch(`${second.url}/api/progress?caseNumber=LIFE-1&passportNumber=x1`);
      expect(lookup.status).toBe(200);
      const stillSignedIn = await fetch(`${second.url}/api/caseadmin/dashboard-metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(stillSignedIn.status).toBe(200);

      const server = await postmasterPid(dataDir);
      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
      expect(isAlive(server)).toBe(false);
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    },
    2 * timeouts.start,
  );
});

import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { EMBEDDED_RESTART_BACKOFF_MS, isAlive } from '../../server/db/embedded-postgres.js';
import { postText, signUpMember, startAppProcess, stopGracefully, type AppProcess, type Member } from './support.js';
import { timeouts } from '../support/timeouts.js';

/** The embedded server's postmaster: pid on the first line of postmaster.pid, port on the fourth. */
async function embeddedPostmaster(dataDir: string): Promise<{ pid: number; port: number }> {
  const lines = (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function killPostmaster(dataDir: string): Promise<number> {
  const { pid, port } = await embeddedPostmaster(dataDir);
  process.kill(pid, 'SIGKILL');
  await expect.poll(() => isAlive(pid)).toBe(false);
  return port;
}

const status = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  );

describe('the embedded PostgreSQL killed under a running app', () => {
  let dataDir: string;
  let app: AppProcess;
  let member: Member;
  let squatter: Server | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-faults-embedded-dies-'));
    app = await startAppProcess({ DATA_DIR: dataDir });
    member = await signUpMember(app.url);
  });
  afterAll(async () => {
    squatter?.close();
    if (app) await stopGracefully(app);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when the database server is killed, then the app starts it again by itself and serves reads and writes, /healthz staying 200', async () => {
    onTestFailed(() => console.log(app.output()));
    const { pid: before } = await embeddedPostmaster(dataDir);
    await killPostmaster(dataDir);

    await expect.poll(() => status(`${app.url}/readyz`), { timeout: timeouts.start, interval: 250 }).toBe(200);
    expect((await postText(app.url, member, 'after the database came back')).status).toBe(201);
    expect(await status(`${app.url}/healthz`)).toBe(200);
    const { pid: after } = await embeddedPostmaster(dataDir);
    expect(after).not.toBe(before);
    expect(isAlive(after)).toBe(true);
  });

  it('when the database server is killed and cannot start again, then /healthz fails, so a supervisor restarts the process', async () => {
    onTestFailed(() => console.log(app.output()));
    const port = await killPostmaster(dataDir);
    // Something else takes its port: every restart attempt fails to listen.
    squatter = createServer();
    await new Promise<void>((resolve, reject) => {
      squatter?.once('error', reject);
      squatter?.listen(port, '127.0.0.1', resolve);
    });

    // The app first tries every restart of its backoff, then gives up.
    const backoffMs = EMBEDDED_RESTART_BACKOFF_MS.reduce((sum, ms) => sum + ms, 0);
    await expect
      .poll(() => status(`${app.url}/healthz`), { timeout: timeouts.start + backoffMs, interval: 500 })
      .toBe(503);
    expect(await status(`${app.url}/readyz`)).toBe(503);
    expect(app.output()).toMatch(/embedded PostgreSQL cannot be restarted/);
  });
});

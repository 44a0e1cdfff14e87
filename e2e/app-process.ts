import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../server/db/embedded-postgres.js';
import { timeouts } from '../test/support/timeouts.js';

/** The app exited because another process took its port between our probe and its listen. */
class PortTakenError extends Error {}

/** Ready once /readyz answers 200; an exit during the start fails it at once. */
async function waitUntilReady(
  url: string,
  timeoutMs: number,
  exited: Promise<unknown>,
  portTaken: () => boolean,
): Promise<void> {
  await Promise.race([
    exited.then(() => {
      if (portTaken()) throw new PortTakenError(`the app's port at ${url} was taken before it listened`);
      throw new Error('the app exited during start; see its output above');
    }),
    expect
      .poll(
        () =>
          fetch(`${url}/readyz`).then(
            (response) => response.status,
            () => 0,
          ),
        { message: `the app did not become ready at ${url}`, timeout: timeoutMs, intervals: [200] },
      )
      .toBe(200),
  ]);
}

export type AppProcess = {
  url: string;
  /** Its DATA_DIR (a fresh temporary folder): the embedded database, media and secrets. */
  dataDir: string;
  /** Stops the app (SIGTERM, as an operator or a crash-free deploy would); its data stays. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and data, and waits until it is ready. */
  start: () => Promise<void>;
  /** Stops it for good and deletes its data folder. */
  dispose: () => Promise<void>;
};

/**
 * Runs the built app (`dist/server/main.js`) as a user would: in production mode, on a free port of
 * 127.0.0.1 (its PUBLIC_URL), with a fresh data folder and, unless the settings name a DATABASE_URL,
 * its own embedded database (one left in the shell is never a test's). `settings(url)` adds the
 * test's own environment on top.
 *
 * A free port is only free when it is probed: another process that probes (another worker's app,
 * mail server or database, or the app's own embedded PostgreSQL, which starts first) can take it
 * before the app listens. The app then says so (EADDRINUSE) and exits, and it is started again on
 * another port; which process took it in the one failure seen is not known.
 */
export async function startAppProcess(settings: (url: string) => NodeJS.ProcessEnv): Promise<AppProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pathway-e2e-'));
  for (let attempt = 1; ; attempt++) {
    const app = appOnPort(await findFreePort(), dataDir, settings);
    try {
      await app.start();
      return app;
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) {
        await app.dispose();
        throw error;
      }
    }
  }
}

function appOnPort(port: number, dataDir: string, settings: (url: string) => NodeJS.ProcessEnv): AppProcess {
  const entry = join(process.cwd(), 'dist', 'server', 'main.js');
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    ...settings(url),
  };
  let app: { child: ChildProcess; exited: Promise<unknown> } | undefined;

  const start = async () => {
    // Its log is passed on as it comes, and read for the one failure a new port mends.
    const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let taken = false;
    const passOn = (to: NodeJS.WriteStream) => {
      let tail = ''; // the end of the last chunk, for a word split between two
      return (chunk: Buffer) => {
        to.write(chunk);
        const text = tail + chunk.toString();
        taken ||= text.includes('"code":"EADDRINUSE"');
        tail = text.slice(-32);
      };
    };
    child.stdout?.on('data', passOn(process.stdout));
    child.stderr?.on('data', passOn(process.stderr));
    // 'close', not 'exit': the log it wrote before exiting has been read by then.
    const exited = new Promise((resolve) => child.once('close', resolve));
    app = { child, exited };
    await waitUntilReady(url, timeouts.start, exited, () => taken);
  };
  const stop = async () => {
    if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
    app.child.kill('SIGTERM');
    await app.exited;
  };
  const dispose = async () => {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, start, stop, dispose };
}

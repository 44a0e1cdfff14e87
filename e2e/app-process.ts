import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** Ready once /readyz answers 200; an exit during the start fails it at once. */
async function waitUntilReady(url: string, timeoutMs: number, exited: Promise<unknown>): Promise<void> {
  await Promise.race([
    exited.then(() => {
      throw new Error('the app exited during start; see its output above');
    }),
    expect
      .poll(() => fetch(`${url}/readyz`).then((response) => response.status, () => 0), { message: `the app did not become ready at ${url}`, timeout: timeoutMs, intervals: [200] })
      .toBe(200),
  ]);
}

export type AppProcess = {
  url: string;
  /** Stops the app (SIGTERM, as an operator or a crash-free deploy would); its data stays. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and data, and waits until it is ready. */
  start: () => Promise<void>;
};

/** Runs the built app (`dist/server/main.js`) with this environment, which must name PORT and HOST. */
export async function startAppProcess(env: NodeJS.ProcessEnv): Promise<AppProcess> {
  const entry = join(process.cwd(), 'dist', 'server', 'main.js');
  const url = `http://${env.HOST}:${env.PORT}`;
  let app: { child: ChildProcess; exited: Promise<unknown> } | undefined;

  const start = async () => {
    const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    app = { child, exited };
    await waitUntilReady(url, 60_000, exited);
  };
  const stop = async () => {
    if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
    app.child.kill('SIGTERM');
    await app.exited;
  };
  await start();
  return { url, start, stop };
}

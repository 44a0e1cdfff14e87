import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

async function waitUntilReady(url: string, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the app exited during start; see its output above');
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not become ready at ${url}`);
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
  let app: ChildProcess | undefined;
  let exited = true;

  const start = async () => {
    const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    app = child;
    exited = false;
    child.on('exit', () => {
      if (app === child) exited = true;
    });
    await waitUntilReady(url, 60_000, () => exited);
  };
  const stop = async () => {
    const child = app;
    if (!child || exited) return;
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;
  };
  await start();
  return { url, start, stop };
}

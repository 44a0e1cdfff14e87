import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { vi } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { createLogger } from '../../server/platform/logger.js';
import { readEventStream, type StreamEvent } from '../support/event-stream.js';
import { timeouts } from '../support/timeouts.js';

export const caseAdmin = { email: 'faults@example.test', password: 'faults-password' };

export type AppProcess = {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote (its log and stderr), to show when a test fails and to look for crashes. */
  output(): string;
};

/**
 * The real server process (from source, as `npm run dev` without watching runs it), waited
 * for until `/readyz` answers 200.
 */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CASE_ADMIN_EMAIL: caseAdmin.email,
      CASE_ADMIN_PASSWORD: caseAdmin.password,
      LOGIN_RATE_LIMIT: '100000',
      CASE_LOOKUP_RATE_LIMIT: '100000',
      MEMBER_RATE_LIMIT: '100000',
      JWT_SECRET: 'fault-suite-secret-that-is-long-enough-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  // Logs (stdout) and crashes (stderr) both end up here.
  child.stdout?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  // Ready once /readyz answers 200; an exit during the start fails it at once, with the app's output.
  await Promise.race([
    exit.then(() => {
      throw new Error(`the app exited during start:\n${stderr}`);
    }),
    vi.waitFor(
      async () => {
        const status = await fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        if (status !== 200) throw new Error(`the app did not become ready (/readyz: ${status}):\n${stderr}`);
      },
      { timeout: timeouts.start, interval: 200 },
    ),
  ]);
  return { url, child, exit, output: () => stderr };
}

export async function killHard(app: AppProcess): Promise<void> {
  app.child.kill('SIGKILL');
  await app.exit;
}

export async function stopGracefully(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGTERM');
  await app.exit;
}

/**
 * A PostgreSQL server of its own, standing in for an external one (managed, another host):
 * the app gets only its URL. It can be stopped and started again on the same port.
 */
export async function startExternalPostgres(dataDir: string) {
  const password = randomBytes(12).toString('hex');
  const log = createLogger('warn');
  let server: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir, password, log });
  const port = Number(new URL(server.url).port);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE pathway');
  await admin.end();
  const url = server.url.replace(/\/postgres$/, '/pathway');
  return {
    url,
    stop: () => server.stop(),
    async start() {
      server = await startEmbeddedPostgres({ dataDir, password, log, port });
    },
  };
}

export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/caseadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(caseAdmin),
  });
  if (response.status !== 200) throw new Error(`case admin sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export type Member = { cookie: string; email: string };

/** A network member with a completed profile, made through the real API of the instance at baseUrl. */
export async function signUpMember(baseUrl: string): Promise<Member> {
  const email = `faults-${randomBytes(4).toString('hex')}@example.test`;
  const response = await fetch(`${baseUrl}/api/network/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  if (response.status !== 202) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Sign-up answers alike for every address; the client then signs in with the same credentials.
  const signIn = await fetch(`${baseUrl}/api/network/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie =
    (signIn.headers.getSetCookie().find((c) => c.startsWith('pathway_session=')) ?? '').split(';')[0] ?? '';
  const profile = await fetch(`${baseUrl}/api/network/me/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ username: `f_${randomBytes(4).toString('hex')}`, displayName: 'Fault Tester' }),
  });
  if (profile.status !== 200) throw new Error(`profile failed: ${profile.status}`);
  return { cookie, email };
}

/** Posts a text post through the instance at baseUrl (the member's session is valid on every instance). */
export async function postText(baseUrl: string, member: Member, text: string): Promise<Response> {
  const form = new FormData();
  form.set('description', text);
  return fetch(`${baseUrl}/api/network/posts`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie: member.cookie },
    body: form,
  });
}

/** Reads `/api/network/events` the way EventSource does, keeping every named event. */
export async function openEventStream(baseUrl: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/network/events`, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`event stream answered ${response.status}`);
  const events: StreamEvent[] = [];
  let lastId: string | undefined;
  let ended = false;
  void readEventStream(
    response.body!,
    (event) => events.push(event),
    (id) => (lastId = id),
  ).finally(() => (ended = true));
  return {
    events,
    lastId: () => lastId,
    ended: () => ended,
    /** Descriptions of the posts created so far on this stream. */
    postDescriptions: () =>
      events
        .filter((e) => e.event === 'post-created')
        .map((e) => (JSON.parse(e.data ?? '{}') as { post: { description: string } }).post.description),
    close: () => controller.abort(),
  };
}

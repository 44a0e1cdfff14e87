import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { vi } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { createLogger } from '../../server/platform/logger.js';
import { openEventStream as openSharedEventStream } from '../support/event-stream.js';
import { timeouts } from '../support/timeouts.js';

export const caseAdmin = { email: 'faults@example.test', password: 'faults-password' };
export const lmsAdmin = { username: 'faults-lms-admin', password: 'faults-lms-password' };

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
      LMS_ADMIN_USERNAME: lmsAdmin.username,
      LMS_ADMIN_PASSWORD: lmsAdmin.password,
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

/** The shared stream reader (test/support/event-stream.ts), failing unless the server answered 200. */
export async function openEventStream(baseUrl: string, cookie: string, lastEventId?: string) {
  const stream = await openSharedEventStream(baseUrl, cookie, lastEventId);
  if (stream.response.status !== 200) throw new Error(`event stream answered ${stream.response.status}`);
  return stream;
}

export async function signInLmsAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(lmsAdmin),
  });
  if (response.status !== 200) throw new Error(`LMS admin sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** One file in each store the product keeps, sent through the API, with the address each is downloaded from. */
export type StoredFiles = {
  /** A post's image: downloaded by the member. */
  postMedia: { url: string; storedName: string };
  /** A document staff sent for a case: downloaded by staff. */
  caseDocument: { url: string; caseId: number };
  /** An image for lesson text: downloaded by anyone with its address. */
  lessonImage: { url: string; storedName: string };
};

async function expectCreated(response: Response, what: string): Promise<unknown> {
  if (response.status !== 201) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Sends a file to every store: a post with an image (network media), a document for a new case
 * (case documents, through a service that asks for it) and a lesson image (LMS). `files` are the
 * bytes each is sent as.
 */
export async function storeOneFileInEachStore(
  baseUrl: string,
  who: { caseToken: string; lmsToken: string; member: Member },
  files: { image: Buffer; document: Buffer; lessonImage: Buffer },
  label = 'stored',
): Promise<StoredFiles> {
  const staff = { authorization: `Bearer ${who.caseToken}` };
  const post = new FormData();
  post.set('description', `${label}: صورة للحفظ · रखने के लिए फ़ोटो`);
  post.set('media', new Blob([new Uint8Array(files.image)], { type: 'image/png' }), 'IMG_20260124_091500.png');
  const posted = (await expectCreated(
    await fetch(`${baseUrl}/api/network/posts`, {
      method: 'POST',
      headers: { origin: baseUrl, cookie: who.member.cookie },
      body: post,
    }),
    'the post with an image',
  )) as { mediaURL: string | null };
  const mediaUrl = posted.mediaURL;
  if (!mediaUrl) throw new Error(`the post has no media address: ${JSON.stringify(posted)}`);

  const service = (await expectCreated(
    await fetch(`${baseUrl}/api/caseadmin/services`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Attestation ${label} ${randomBytes(3).toString('hex')}` }),
    }),
    'the service',
  )) as { id: number };
  const document = (await expectCreated(
    await fetch(`${baseUrl}/api/caseadmin/services/${service.id}/documents`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Passport copy / نسخة جواز السفر / पासपोर्ट की प्रति' }),
    }),
    'the document the service asks for',
  )) as { id: number };
  const created = (await expectCreated(
    await fetch(`${baseUrl}/api/caseadmin/cases`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify({
        case_number: `DOC-${label.toUpperCase().replace(/[^A-Z0-9]/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`,
        passport_number: 'Z 9087654',
        client_name: 'فاطمة الزهراء بنت عبد الله القحطاني / फ़ातिमा',
        serviceIds: [service.id],
      }),
    }),
    'the case',
  )) as { newCase: { id: number } };
  const caseId = created.newCase.id;
  const sent = new FormData();
  sent.set(
    'file',
    new Blob([new Uint8Array(files.document)], { type: 'application/pdf' }),
    'جواز السفر - passport scan.pdf',
  );
  const item = (await expectCreated(
    await fetch(`${baseUrl}/api/caseadmin/cases/${caseId}/documents/${document.id}`, {
      method: 'POST',
      headers: staff,
      body: sent,
    }),
    'the case document',
  )) as { id: number | null };
  const sentId = item.id;
  if (sentId === null) throw new Error(`the checklist item names no sent document: ${JSON.stringify(item)}`);

  const lesson = new FormData();
  lesson.set('image', new Blob([new Uint8Array(files.lessonImage)], { type: 'image/png' }), 'diagram.png');
  const saved = (await expectCreated(
    await fetch(`${baseUrl}/admin/lesson-images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.lmsToken}` },
      body: lesson,
    }),
    'the lesson image',
  )) as { url: string };

  return {
    postMedia: { url: mediaUrl, storedName: mediaUrl.slice(mediaUrl.lastIndexOf('/') + 1) },
    caseDocument: { url: `/api/caseadmin/documents/${sentId}/file`, caseId },
    lessonImage: { url: saved.url, storedName: saved.url.slice(saved.url.lastIndexOf('/') + 1) },
  };
}

/** The bytes of each stored file, downloaded as its users download it. */
export async function downloadStoredFiles(
  baseUrl: string,
  who: { caseToken: string; member: Member },
  stored: StoredFiles,
): Promise<{ postMedia: Buffer; caseDocument: Buffer; lessonImage: Buffer }> {
  const download = async (url: string, headers: Record<string, string>) => {
    const response = await fetch(`${baseUrl}${url}`, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
  };
  return {
    postMedia: await download(stored.postMedia.url, { cookie: who.member.cookie }),
    caseDocument: await download(stored.caseDocument.url, { authorization: `Bearer ${who.caseToken}` }),
    lessonImage: await download(stored.lessonImage.url, {}),
  };
}

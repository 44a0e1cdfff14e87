import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/network.js';
import { createPost, createTextPost, signUpMember, tinyPng, type TestMember } from '../factories/network.js';
import { signInCaseAdmin } from '../factories/cases.js';
import { readEventStream, type StreamEvent } from '../support/event-stream.js';
import { createTestApp, type TestApp } from '../test-app.js';

const png = { name: 'media', filename: 'photo.png', contentType: 'image/png', data: tinyPng };
const empty = { name: 'media', filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) };

describe('uploaded files on disk', () => {
  let t: TestApp;
  let dataDir: string;
  let uploadTmpDir: string;
  let member: TestMember;

  const systemTmpDir = process.env.TMPDIR;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-leaks-data-'));
    uploadTmpDir = await mkdtemp(join(tmpdir(), 'pathway-leaks-upload-'));
    // The OS temporary folder of this test process (UPLOAD_TMP_DIR's default) is a folder of its own,
    // so every temporary file an upload leaves behind shows up in it.
    process.env.TMPDIR = uploadTmpDir;
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', DATA_DIR: dataDir });
    member = await signUpMember(t);
  });
  afterAll(async () => {
    if (systemTmpDir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmpDir;
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(uploadTmpDir, { recursive: true, force: true });
  });

  it('when members send zero-byte files, with and without text, then no temporary file is left behind', async () => {
    expect((await createPost(t, member, '', empty)).statusCode).toBe(400);
    expect((await createPost(t, member, 'words and an empty file', empty)).statusCode).toBe(201);
    expect((await createPost(t, member, 'a real file', png)).statusCode).toBe(201);

    expect(await readdir(uploadTmpDir)).toEqual([]);
  });

  it('when a member uploads media, then the stored file is readable by its owner only (0600) and so is its folder (0700)', async () => {
    const created = await createPost(t, member, 'private bytes', png);
    expect(created.statusCode).toBe(201);
    const name = created.json<Post>().mediaURL?.split('/').pop() ?? '';

    expect((await stat(join(dataDir, 'media', name))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'media'))).mode & 0o777).toBe(0o700);
  });
});

describe('upgrade-insecure-requests', () => {
  it.each([
    ['no PUBLIC_URL', {}, false],
    ['an http PUBLIC_URL', { PUBLIC_URL: 'http://192.168.1.20:3000' }, false],
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://pathway.example.com' }, true],
  ] as const)(
    'when the app runs with %s, then the policy upgrades requests only over https',
    async (_name, env, upgrades) => {
      const t = await createTestApp(env);
      try {
        const asPage = await t.app.inject({ method: 'GET', url: '/api/config', headers: { accept: 'text/html' } });
        const asData = await t.app.inject({ method: 'GET', url: '/api/config' });
        const policies = [asPage, asData].map((answer) => String(answer.headers['content-security-policy']));
        expect(policies[0]).toContain("default-src 'self'");
        expect(policies[1]).toContain("default-src 'none'");
        for (const policy of policies) expect(policy.includes('upgrade-insecure-requests')).toBe(upgrades);
      } finally {
        await t.close();
      }
    },
  );
});

describe('personal answers and caches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('when a signed-in caller reads its data in any area, then the answer says no-store', async () => {
    const admin = await signInCaseAdmin(t);
    const member = await signUpMember(t);
    const learner = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username: `nocache_${Date.now()}`, password: 'long enough', profession: 'nurse' },
    });
    const lmsHeaders = { authorization: `Bearer ${learner.json<{ token: string }>().token}` };

    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/caseadmin/cases', headers: admin.headers }),
      t.app.inject({ method: 'GET', url: '/api/network/posts', headers: member.headers }),
      t.app.inject({ method: 'GET', url: '/user/exam/summary', headers: lmsHeaders }),
      t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/login',
        payload: { email: admin.email, password: admin.password },
      }),
      t.app.inject({ method: 'GET', url: '/api/progress?caseNumber=NOPE&passportNumber=NOPE' }),
    ]);

    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });
});

describe('members see each other without their email addresses', () => {
  let t: TestApp;
  let baseUrl: string;
  let author: TestMember;
  let reader: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    author = await signUpMember(t);
    reader = await signUpMember(t);
  });
  afterAll(() => t.close());

  it('when one member posts, then no other member finds the address in the feed, the post, the live stream or its replay', async () => {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/network/events`, {
      headers: { cookie: reader.cookie },
      signal: controller.signal,
    });
    const live: StreamEvent[] = [];
    void readEventStream(
      response.body!,
      (event) => live.push(event),
      () => {},
    );
    const posted = await createTextPost(t, author, 'hello everyone');
    await expect.poll(() => live.length).toBeGreaterThan(0);
    controller.abort();

    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/network/events',
      headers: { ...reader.headers, 'last-event-id': '0' },
      payloadAsStream: true,
    });
    let replayed = '';
    for await (const chunk of replay.stream()) {
      replayed += String(chunk);
      if (replayed.includes('hello everyone')) break;
    }
    replay.stream().destroy();
    const feed = await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: reader.headers });
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/network/posts/${posted.id}`,
      headers: reader.headers,
    });

    const seenByReader = [JSON.stringify(live), replayed, feed.body, single.body];
    for (const seen of seenByReader) {
      expect(seen).toContain('hello everyone');
      expect(seen).not.toContain(author.email);
    }
    // The shape stays the spec's: a user object with an email field, empty.
    expect(single.json<Post>().user).toEqual({
      email: null,
      displayName: author.user.displayName,
      photoURL: null,
      username: author.user.username,
      headline: null,
    });
    // Each still sees their own address.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/network/me', headers: author.headers })).json(),
    ).toMatchObject({ user: { email: author.email } });
  });
});

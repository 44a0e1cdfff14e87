import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findFreePort, processOwner } from '../../server/db/embedded-postgres.js';
import { cases } from '../../server/db/schema/cases.js';
import { networkPosts } from '../../server/db/schema/network.js';
import { createCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createPost, mp4Bytes, multipartBody, signUpMember, tinyPng, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const run = promisify(execFile);

async function countPosts(t: TestApp): Promise<number> {
  return (await t.db.select({ id: networkPosts.id }).from(networkPosts)).length;
}

describe('local media storage failing', () => {
  let dataDir: string;
  let mediaDir: string;
  let t: TestApp;
  let member: TestMember;
  let mounted = false;
  let fittingPostId: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-faults-storage-'));
    mediaDir = join(dataDir, 'media');
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', DATA_DIR: dataDir });
    member = await signUpMember(t);
  });
  afterAll(async () => {
    await t.close();
    if (mounted) await run('umount', [mediaDir]);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Every post with media has its file: nothing points at a missing file. */
  async function expectNoPostWithoutItsFile(): Promise<void> {
    const withMedia = await t.db
      .select({ key: networkPosts.mediaKey })
      .from(networkPosts)
      .where(isNotNull(networkPosts.mediaKey));
    expect(withMedia.filter(({ key }) => !existsSync(join(dataDir, key ?? ''))).map(({ key }) => key)).toEqual([]);
  }

  it('when the disk is full, then the upload fails with 507 { error }, no post is made and no partial file is left', async () => {
    // A 256 KB file system stands in for a full disk (the test runs as root, as the embedded database's tests do).
    await mkdir(mediaDir);
    await run('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mediaDir]);
    mounted = true;
    const small = await createPost(t, member, 'fits', {
      name: 'media',
      filename: 'small.png',
      contentType: 'image/png',
      data: tinyPng,
    });
    expect(small.statusCode).toBe(201);
    fittingPostId = small.json<{ id: string }>().id;
    const postsBefore = await countPosts(t);
    const filesBefore = await readdir(mediaDir);

    t.clock.advance(1000);
    const video = await createPost(t, member, 'too big for the disk', {
      name: 'media',
      filename: 'clip.mp4',
      contentType: 'video/mp4',
      data: mp4Bytes(600_000),
    });

    expect(video.statusCode).toBe(507);
    expect(video.json()).toEqual({ error: 'There is no space left to store the file. Please try again later.' });
    expect(await countPosts(t)).toBe(postsBefore);
    expect(await readdir(mediaDir)).toEqual(filesBefore);
    await expectNoPostWithoutItsFile();
  });

  it('when the media directory cannot be written, then uploads and profile photos fail with 503 { error } and nothing changes; once it is fixed, uploads work again', async () => {
    // The first test's file lives on the small disk that goes away here; its post goes first.
    if (fittingPostId)
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/network/posts/${fittingPostId}`, headers: member.headers }))
          .statusCode,
      ).toBe(204);
    if (mounted) {
      await run('umount', [mediaDir]);
      mounted = false;
    }
    await rm(mediaDir, { recursive: true, force: true });
    // A file where the directory should be: no process, root or not, can write under it.
    await writeFile(mediaDir, 'not a directory');
    const postsBefore = await countPosts(t);
    const photoBefore = (await t.app.inject({ method: 'GET', url: '/api/network/me', headers: member.headers })).json<{
      user: { photoURL: string };
    }>().user.photoURL;

    t.clock.advance(1000);
    const post = await createPost(t, member, 'nowhere to go', {
      name: 'media',
      filename: 'a.png',
      contentType: 'image/png',
      data: tinyPng,
    });
    const form = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: tinyPng }]);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/network/me/photo',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });

    for (const response of [post, photo]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'The file could not be stored right now. Please try again later.' });
    }
    expect(await countPosts(t)).toBe(postsBefore);
    const photoAfter = (await t.app.inject({ method: 'GET', url: '/api/network/me', headers: member.headers })).json<{
      user: { photoURL: string };
    }>().user.photoURL;
    expect(photoAfter).toBe(photoBefore);
    // A text post does not need the storage.
    expect((await createPost(t, member, 'just words')).statusCode).toBe(201);

    await rm(mediaDir);
    t.clock.advance(1000);
    expect(
      (
        await createPost(t, member, 'working again', {
          name: 'media',
          filename: 'b.png',
          contentType: 'image/png',
          data: tinyPng,
        })
      ).statusCode,
    ).toBe(201);
    await expectNoPostWithoutItsFile();
  });
});

describe('object storage unreachable', () => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    // A port nothing listens on: every request to the "object storage" is refused.
    const closedPort = await findFreePort();
    t = await createTestApp({
      LOGIN_RATE_LIMIT: '1000',
      S3_BUCKET: 'pathway-media',
      S3_ENDPOINT: `http://127.0.0.1:${closedPort}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'fault-suite',
      S3_SECRET_ACCESS_KEY: 'fault-suite-secret',
    });
    member = await signUpMember(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the object storage cannot be reached, then the upload fails with 503 { error } and no post points at a missing file', async () => {
    const postsBefore = await countPosts(t);

    const response = await createPost(t, member, 'to the cloud', {
      name: 'media',
      filename: 'a.png',
      contentType: 'image/png',
      data: tinyPng,
    });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'The file could not be stored right now. Please try again later.' });
    expect(await countPosts(t)).toBe(postsBefore);
    expect(await t.db.select().from(networkPosts).where(isNotNull(networkPosts.mediaKey))).toEqual([]);
    expect((await createPost(t, member, 'text still works')).statusCode).toBe(201);
  });
});

/** Fills the file system under `folder` to the last byte. */
async function fillDisk(folder: string): Promise<string> {
  const filler = join(folder, 'filler');
  const file = await open(filler, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) await file.write(block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await file.close().catch(() => undefined);
  }
  // What is left is less than a block: fill it byte by byte in small writes.
  const rest = await open(filler, 'a');
  try {
    for (;;) await rest.write(Buffer.alloc(512, 1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await rest.close().catch(() => undefined);
  }
  return filler;
}

const NO_SPACE = { error: 'There is no space left to store this. Please try again later.' };
const UNAVAILABLE = { error: 'Service temporarily unavailable, please retry' };

describe('the disk full under the database and the upload folder', () => {
  // One small file system is the whole DATA_DIR: the media, the upload staging folder and, as a
  // tablespace, the files of the tables a case and a post are written to (the write-ahead log
  // stays on the test server's own disk, so PostgreSQL refuses the write instead of stopping).
  const tablespace = `pathway_full_disk_${randomBytes(4).toString('hex')}`;
  let dataDir: string;
  let admin: pg.Client;
  let t: TestApp;
  let headers: AdminHeaders;
  let member: TestMember;
  let mounted = false;
  let tablespaceMade = false;
  let filler: string | undefined;
  const lookup = { caseNumber: 'FULL-2026-7', passportNumber: 'N 7788990' };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-faults-full-disk-'));
    await run('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dataDir]);
    mounted = true;
    const tablespaceDir = join(dataDir, 'tablespace');
    await mkdir(tablespaceDir, { mode: 0o700 });
    const owner = await processOwner();
    if (owner) await chown(tablespaceDir, owner.uid, owner.gid);
    await mkdir(join(dataDir, 'uploads'));

    t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_TMP_DIR: join(dataDir, 'uploads'), LOGIN_RATE_LIMIT: '1000' });
    headers = (await signInCaseAdmin(t)).headers;
    member = await signUpMember(t);
    await createCase(t, headers, {
      case_number: lookup.caseNumber,
      passport_number: lookup.passportNumber,
      client_name: 'نور الهدى عبد الرحمن / नूर अल-हुदा',
      serviceIds: [1],
    });

    admin = new pg.Client({ connectionString: inject('databaseServerUrl') });
    await admin.connect();
    await admin.query(`CREATE TABLESPACE ${tablespace} LOCATION '${tablespaceDir}'`);
    tablespaceMade = true;
    const own = new pg.Client({ connectionString: t.databaseUrl });
    await own.connect();
    await own.query(`ALTER TABLE cases SET TABLESPACE ${tablespace}`);
    await own.query(`ALTER TABLE network_posts SET TABLESPACE ${tablespace}`);
    await own.end();
    filler = await fillDisk(dataDir);
  });
  afterAll(async () => {
    await t?.close();
    if (tablespaceMade) await admin.query(`DROP TABLESPACE ${tablespace}`);
    await admin?.end();
    if (mounted) await run('umount', [dataDir]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when PostgreSQL has no space left, then writes answer 507 { error } and change nothing, and the public lookup still answers', async () => {
    // A write fits while the table's last page has room; the first that needs a new page fails.
    async function writeUntilRefused(write: (n: number) => Promise<{ statusCode: number; body: string }>) {
      const answers: number[] = [];
      for (let n = 1; n <= 400; n++) {
        const response = await write(n);
        answers.push(response.statusCode);
        if (response.statusCode !== 201) return { response, answers };
      }
      throw new Error('400 writes fitted on a full disk');
    }
    const writeCase = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/cases',
        headers,
        payload: {
          case_number: `FULL-${n}`,
          passport_number: `P ${n}`,
          client_name: `محمد عبد الله الهاشمي ${n} / मोहम्मद अब्दुल्ला ${n}`,
          serviceIds: [1],
        },
      });
    const caseWrites = await writeUntilRefused(writeCase);
    const casesAfterRefusal = (await t.db.select({ id: cases.id }).from(cases)).length;
    const postWrites = await writeUntilRefused((n) => {
      t.clock.advance(1000);
      return createPost(t, member, `لا مساحة للكتابة ${n} · लिखने की जगह नहीं ${n}`);
    });

    for (const { response } of [caseWrites, postWrites]) {
      expect(response.statusCode, response.body).toBe(507);
      expect(JSON.parse(response.body)).toEqual(NO_SPACE);
    }
    // The refused write left nothing: the count is what the 201s made, and stays so on a retry.
    expect(await countPosts(t)).toBe(postWrites.answers.length - 1);
    // The refused case sent again: a smaller row could still fit in a page's last bytes.
    const retry = await writeCase(caseWrites.answers.length);
    expect(retry.statusCode, retry.body).toBe(507);
    expect((await t.db.select({ id: cases.id }).from(cases)).length).toBe(casesAfterRefusal);
    // Reading needs no space: the tracker keeps answering applicants.
    const found = await t.app.inject({ method: 'GET', url: '/api/progress', query: lookup });
    expect(found.statusCode, found.body).toBe(200);
  });

  it('when the upload staging folder is full, then uploads answer 507 { error } and leave no partial file', async () => {
    const postsBefore = await countPosts(t);
    const staged = await readdir(join(dataDir, 'uploads'));

    const photo = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: tinyPng }]);
    const responses = [
      await createPost(t, member, 'a picture with nowhere to go', {
        name: 'media',
        filename: 'clip.mp4',
        contentType: 'video/mp4',
        data: mp4Bytes(200_000),
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/network/me/photo',
        headers: { ...member.headers, ...photo.headers },
        payload: photo.payload,
      }),
    ];

    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(507);
      expect(response.json()).toEqual(NO_SPACE);
    }
    expect(await countPosts(t)).toBe(postsBefore);
    expect(await readdir(join(dataDir, 'uploads'))).toEqual(staged);
  });

  it('when space is freed, then the same writes succeed without a restart', async () => {
    if (filler) await rm(filler);
    expect((await createCase(t, headers, { client_name: 'بعد التنظيف / सफ़ाई के बाद' })).id).toBeGreaterThan(0);
    t.clock.advance(1000);
    const post = await createPost(t, member, 'room again', {
      name: 'media',
      filename: 'a.png',
      contentType: 'image/png',
      data: tinyPng,
    });
    expect(post.statusCode, post.body).toBe(201);
  });
});

describe('the database out of connections', () => {
  // A role of its own whose connection limit the test can take to zero: PostgreSQL then refuses
  // every new connection with 53300, as when max_connections is spent by other clients.
  const role = { user: `pathway_limited_${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('hex') };
  let admin: pg.Client;
  let t: TestApp;
  let roleMade = false;
  const lookup = { caseNumber: 'CONN-3', passportNumber: 'X 1122' };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('databaseServerUrl') });
    await admin.connect();
    // A member of the superuser role: it may use the test database's tables, but it is no superuser,
    // so its connection limit holds.
    await admin.query(`CREATE ROLE ${role.user} LOGIN PASSWORD '${role.password}' IN ROLE postgres`);
    roleMade = true;
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000' }, { role });
    await createCase(t, (await signInCaseAdmin(t)).headers, {
      case_number: lookup.caseNumber,
      passport_number: lookup.passportNumber,
      client_name: 'अनन्या शर्मा',
    });
  });
  afterAll(async () => {
    if (roleMade) await admin.query(`ALTER ROLE ${role.user} CONNECTION LIMIT -1`);
    await t?.close();
    if (roleMade) await admin.query(`DROP ROLE ${role.user}`);
    await admin?.end();
  });

  it('when PostgreSQL refuses new connections (53300), then the public lookup answers 503 { error }, and 200 once it accepts them again', async () => {
    await admin.query(`ALTER ROLE ${role.user} CONNECTION LIMIT 0`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role.user]);
    // The pool drops its ended connections; the next query needs a new one.
    await expect.poll(() => t.database.pool.totalCount).toBe(0);

    const refused = await t.app.inject({ method: 'GET', url: '/api/progress', query: lookup });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual(UNAVAILABLE);

    await admin.query(`ALTER ROLE ${role.user} CONNECTION LIMIT -1`);
    const answered = await t.app.inject({ method: 'GET', url: '/api/progress', query: lookup });
    expect(answered.statusCode, answered.body).toBe(200);
  });
});

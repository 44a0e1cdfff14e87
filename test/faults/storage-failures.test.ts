import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../server/db/embedded-postgres.js';
import { networkPosts } from '../../server/db/schema/network.js';
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

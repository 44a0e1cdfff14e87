import { eq } from 'drizzle-orm';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse, Post } from '../../contracts/network.js';
import { networkPosts } from '../../server/db/schema/network.js';
import { createPost, mp4Bytes, multipartBody, signUpMember, tinyPng, type TestMember } from '../factories/network.js';
import { waitForLockWaits } from '../support/lock-waits.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** An image's pixels as raw RGBA, to compare pictures whatever their encoding. */
const pixelsOf = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();

describe('network media uploads', () => {
  let t: TestApp;
  let dataDir: string;
  let member: TestMember;
  const UPLOAD_MAX_BYTES = 100_000;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-media-test-'));
    t = await createTestApp({
      LOGIN_RATE_LIMIT: '1000',
      DATA_DIR: dataDir,
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    });
    member = await signUpMember(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const storedFiles = async () => readdir(join(dataDir, 'media')).catch(() => [] as string[]);
  const countPosts = async () => (await t.db.select({ id: networkPosts.id }).from(networkPosts)).length;

  it('when a member posts an image, then it is stored, written again without metadata, as media/{timestamp}-{userId}-{safe name} and served to members', async () => {
    const response = await createPost(t, member, 'look', {
      name: 'media',
      filename: 'My Holiday (1).PNG',
      contentType: 'image/png',
      data: tinyPng,
    });

    expect(response.statusCode).toBe(201);
    const post = response.json<Post>();
    const name = `${t.clock.now().getTime()}-${member.user.uid}-My-Holiday-1.png`;
    expect(post).toMatchObject({ mediaType: 'image/png', mediaURL: `/api/network/media/${name}` });
    // Written again by sharp (never byte for byte), with the same picture.
    const stored = await readFile(join(dataDir, 'media', name));
    expect(await pixelsOf(stored)).toEqual(await pixelsOf(tinyPng));

    const served = await t.app.inject({ method: 'GET', url: post.mediaURL ?? '', headers: { cookie: member.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(stored);
    const anonymous = await t.app.inject({ method: 'GET', url: post.mediaURL ?? '' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('when a video is requested by byte range, then it answers 206 with just those bytes, so a player can seek', async () => {
    const video = mp4Bytes(50_000);
    t.clock.advance(1000);
    const post = (
      await createPost(t, member, '', { name: 'media', filename: 'clip.mp4', contentType: 'video/mp4', data: video })
    ).json<Post>();
    expect(post.mediaType).toBe('video/mp4');

    const part = await t.app.inject({
      method: 'GET',
      url: post.mediaURL ?? '',
      headers: { cookie: member.cookie, range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload).toEqual(video.subarray(1000, 2000));

    const tail = await t.app.inject({
      method: 'GET',
      url: post.mediaURL ?? '',
      headers: { cookie: member.cookie, range: 'bytes=-100' },
    });
    expect(tail.rawPayload).toEqual(video.subarray(video.length - 100));
    const beyond = await t.app.inject({
      method: 'GET',
      url: post.mediaURL ?? '',
      headers: { cookie: member.cookie, range: `bytes=${video.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('when a file claims to be an image by name and type but its bytes are not, then it is refused and nothing is stored', async () => {
    const filesBefore = await storedFiles();
    const postsBefore = await countPosts();
    const spoofed = await createPost(t, member, 'sneaky', {
      name: 'media',
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    const pdf = await createPost(t, member, 'pdf', {
      name: 'media',
      filename: 'a.gif',
      contentType: 'image/gif',
      data: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'),
    });

    for (const response of [spoofed, pdf]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error:
          'Please choose a photo or a video: JPEG, PNG, GIF, WebP or HEIC photos, or MP4, MOV or WebM videos, up to 0.1 MB.',
        code: 'MEDIA_TYPE',
      });
    }
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await countPosts()).toBe(postsBefore);
  });

  it('when a file is over the upload limit, then the upload is stopped with 413 and neither file nor post is kept', async () => {
    const filesBefore = await storedFiles();
    const postsBefore = await countPosts();
    const response = await createPost(t, member, 'huge', {
      name: 'media',
      filename: 'big.mp4',
      contentType: 'video/mp4',
      data: mp4Bytes(UPLOAD_MAX_BYTES + 1),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/too large/);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await countPosts()).toBe(postsBefore);
  });

  it('when a post with media is deleted, then its file is removed from storage too', async () => {
    t.clock.advance(1000);
    const post = (
      await createPost(t, member, 'short-lived', {
        name: 'media',
        filename: 'gone.png',
        contentType: 'image/png',
        data: tinyPng,
      })
    ).json<Post>();
    const name = (post.mediaURL ?? '').split('/').at(-1) ?? '';
    expect(await storedFiles()).toContain(name);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${post.id}`,
      headers: member.headers,
    });

    expect(deleted.statusCode).toBe(204);
    expect(await storedFiles()).not.toContain(name);
    expect(await t.db.select().from(networkPosts).where(eq(networkPosts.id, post.id))).toHaveLength(0);
  });

  it('when a member uploads a profile photo, then it becomes the photoURL; a video is refused as a photo', async () => {
    const form = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: tinyPng }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/network/me/photo',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<MeResponse>().user?.photoURL).toMatch(/^\/api\/network\/media\/\d+-[0-9a-f-]+-me\.png$/);

    const video = multipartBody([
      { name: 'photo', filename: 'me.mp4', contentType: 'video/mp4', data: mp4Bytes(1000) },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/network/me/photo',
      headers: { ...member.headers, ...video.headers },
      payload: video.payload,
    });
    expect(refused.statusCode).toBe(400);
    // A photo must be an image: the message says so, not "image or video".
    expect(refused.json<{ error: string }>().error).toBe(
      'Please choose a photo: JPEG, PNG, GIF, WebP or HEIC photos, up to 0.1 MB.',
    );
  });

  it('when two profile photos are sent at once, then the later one is the photo and the earlier one leaves storage', async () => {
    const sender = await signUpMember(t);
    const sendPhoto = (filename: string) => {
      const form = multipartBody([{ name: 'photo', filename, contentType: 'image/png', data: tinyPng }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/network/me/photo',
        headers: { ...sender.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const photosOf = async () => (await storedFiles()).filter((name) => name.includes(sender.user.uid)).sort();
    expect((await sendPhoto('old.png')).statusCode).toBe(200);
    // Another change of the account (a profile edit) holds its row while both photos arrive.
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM network_users WHERE id = $1 FOR UPDATE', [sender.user.uid]);
      const sending = [sendPhoto('first.png'), sendPhoto('second.png')];
      // Both photos are stored and wait for the row.
      await waitForLockWaits(t, 2);
      await other.query('COMMIT');
      const answers = await Promise.all(sending);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    } finally {
      await other.end();
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/network/me', headers: sender.headers });
    const photoURL = me.json<MeResponse>().user?.photoURL ?? '';
    // One photo stored: the member's, whichever of the two was set last; no file left behind.
    expect(await photosOf()).toEqual([photoURL.split('/').at(-1)]);
  });
});

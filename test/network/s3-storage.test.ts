import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/network.js';
import { findFreePort } from '../../server/db/embedded-postgres.js';
import { networkPosts } from '../../server/db/schema/network.js';
import { createS3Storage } from '../../server/platform/storage.js';
import { createPost, mp4Bytes, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const BUCKET = 'pathway-media';
// s3rver's built-in account; it checks request signatures against it.
const ACCESS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

describe('media on S3-compatible storage (a real s3rver)', () => {
  let directory: string;
  let s3: S3rver;
  let endpoint: string;
  let t: TestApp;
  let member: TestMember;
  const video = mp4Bytes(64 * 1024);

  const storage = () =>
    createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS.S3_ACCESS_KEY_ID, secretAccessKey: ACCESS.S3_SECRET_ACCESS_KEY },
    });
  const keyOf = (post: Post) => `media/${(post.mediaURL ?? '').split('/').at(-1)}`;
  const s3App = (env: Record<string, string> = {}) =>
    createTestApp({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', ...ACCESS, ...env });
  const postCount = async (app: TestApp) => (await app.db.select({ id: networkPosts.id }).from(networkPosts)).length;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'pathway-s3rver-'));
    const port = await findFreePort();
    s3 = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: BUCKET }] });
    await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await s3App();
    member = await signUpMember(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close().catch(() => {});
    await rm(directory, { recursive: true, force: true });
  });

  it('when a post with a video is made, then the object lands in the bucket, is read whole and by range, and goes with the post', async () => {
    const created = await createPost(t, member, 'on s3', {
      name: 'media',
      filename: 'clip.mp4',
      contentType: 'video/mp4',
      data: video,
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    expect(await storage().stat(keyOf(post))).toEqual({ size: video.length });

    const whole = await t.app.inject({ method: 'GET', url: post.mediaURL!, headers: member.headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: post.mediaURL!,
      headers: { ...member.headers, range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const tail = await t.app.inject({
      method: 'GET',
      url: post.mediaURL!,
      headers: { ...member.headers, range: 'bytes=-10' },
    });
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: post.mediaURL!,
      headers: { ...member.headers, range: `bytes=${video.length}-` },
    });
    expect(beyond.statusCode).toBe(416);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${post.id}`,
      headers: member.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storage().stat(keyOf(post))).toBeUndefined();
    expect(await storage().read(keyOf(post))).toBeUndefined();
    const gone = await t.app.inject({ method: 'GET', url: post.mediaURL!, headers: member.headers });
    expect(gone.statusCode).toBe(404);
  });

  it('when the bucket does not exist, then the upload is a 503 and no post is made', async () => {
    const app = await s3App({ S3_BUCKET: 'no-such-bucket' });
    try {
      const author = await signUpMember(app);
      const before = await postCount(app);
      const response = await createPost(app, author, 'nowhere', {
        name: 'media',
        filename: 'clip.mp4',
        contentType: 'video/mp4',
        data: video,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'The file could not be stored right now. Please try again later.' });
      expect(await postCount(app)).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('when the credentials are wrong, then the upload is a 503 and no post is made', async () => {
    const app = await s3App({ S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' });
    try {
      const author = await signUpMember(app);
      const response = await createPost(app, author, 'refused', {
        name: 'media',
        filename: 'clip.mp4',
        contentType: 'video/mp4',
        data: video,
      });
      expect(response.statusCode).toBe(503);
      expect(await postCount(app)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('when the object store is down, then uploads and reads are 503s, a text post still works, and nothing half-made stays', async () => {
    const stored = (
      await createPost(t, member, 'before the outage', {
        name: 'media',
        filename: 'a.mp4',
        contentType: 'video/mp4',
        data: video,
      })
    ).json<Post>();
    await s3.close();
    const before = await postCount(t);

    const upload = await createPost(t, member, 'during the outage', {
      name: 'media',
      filename: 'b.mp4',
      contentType: 'video/mp4',
      data: video,
    });
    expect(upload.statusCode).toBe(503);
    expect(await postCount(t)).toBe(before);

    const read = await t.app.inject({ method: 'GET', url: stored.mediaURL!, headers: member.headers });
    expect(read.statusCode).toBe(503);

    const text = await createPost(t, member, 'words need no storage');
    expect(text.statusCode).toBe(201);
    expect(await t.db.select().from(networkPosts).where(eq(networkPosts.id, text.json<Post>().id))).toHaveLength(1);
  });
});

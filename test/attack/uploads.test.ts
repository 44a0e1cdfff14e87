import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/network.js';
import {
  createPost,
  multipartBody,
  signUpMember,
  tinyPng,
  type FormPart,
  type TestMember,
} from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { tableDigest } from './support.js';

type FilePart = Extract<FormPart, { filename: string }>;
const file = (filename: string, contentType: string, data: Buffer | string): FilePart => ({
  name: 'media',
  filename,
  contentType,
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
});

const UPLOAD_MAX_BYTES = 64 * 1024;

/** A GIF header followed by script: a valid GIF to a type sniffer, and JavaScript if a page ever ran it. */
const gifScriptPolyglot = Buffer.concat([
  Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.cookie);/*'),
  Buffer.from('<html><script>alert(1)</script></html>*/'),
]);
/** A real PNG with an HTML page appended after its end. */
const pngWithHtmlTail = Buffer.concat([tinyPng, Buffer.from('<html><body><script>alert(1)</script></body></html>')]);

describe('upload attacks on the network', () => {
  let t: TestApp;
  let dataDir: string;
  let member: TestMember;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-upload-attack-'));
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

  const refused: [string, FilePart, number][] = [
    [
      'an HTML page named .png',
      file('photo.png', 'image/png', '<!doctype html><html><script>alert(1)</script></html>'),
      400,
    ],
    ['a script named .png', file('photo.png', 'image/png', 'alert(document.cookie);\n'), 400],
    [
      'an SVG with a script named .png',
      file(
        'logo.png',
        'image/png',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ),
      400,
    ],
    [
      'an SVG sent as image/svg+xml',
      file('logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      400,
    ],
    [
      'a Windows program named .gif',
      file('cat.gif', 'image/gif', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])),
      400,
    ],
    [
      'a ZIP archive named .mp4',
      file('clip.mp4', 'video/mp4', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)])),
      400,
    ],
    ['an empty file named .png with no text', file('empty.png', 'image/png', Buffer.alloc(0)), 400],
    [
      'a file one byte over the limit',
      file('big.png', 'image/png', Buffer.concat([tinyPng, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - tinyPng.length)])),
      413,
    ],
    [
      'a file ten times the limit',
      file('huge.png', 'image/png', Buffer.concat([tinyPng, Buffer.alloc(UPLOAD_MAX_BYTES * 10)])),
      413,
    ],
  ];

  it.each(refused)(
    'when a member uploads %s, then it is refused with a clear error and neither file nor post is kept',
    async (_name, part, status) => {
      const filesBefore = await storedFiles();
      const before = await tableDigest(t);

      const response = await createPost(t, member, '', part);

      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: string }>().error).toMatch(
        status === 413
          ? /^The file is too large\. The limit is [\d.]+ MB\.$/
          : /Please (choose a photo or a video: JPEG, PNG, GIF, WebP or HEIC photos, or MP4, MOV or WebM videos, up to [\d.]+ MB\.|add content before posting)/,
      );
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await tableDigest(t)).toEqual(before);
    },
  );

  it('when a profile photo is over the limit or not an image, then it is refused and the photo is unchanged', async () => {
    const before = await tableDigest(t);
    for (const [part, status] of [
      [
        { ...file('me.png', 'image/png', Buffer.concat([tinyPng, Buffer.alloc(UPLOAD_MAX_BYTES)])), name: 'photo' },
        413,
      ],
      [{ ...file('me.png', 'image/png', '<html><script>alert(1)</script></html>'), name: 'photo' }, 400],
    ] as const) {
      const form = multipartBody([part]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/network/me/photo',
        headers: { ...member.headers, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(status);
    }
    expect(await tableDigest(t)).toEqual(before);
  });

  const field = (name: string, value: string): FormPart => ({ name, value });
  const overLimits: [string, FormPart[], number, string][] = [
    [
      'two files',
      [field('description', 'two'), file('a.png', 'image/png', tinyPng), file('b.png', 'image/png', tinyPng)],
      400,
      'Attach one file only.',
    ],
    [
      'eleven fields',
      Array.from({ length: 11 }, (_, n) => field(`field${n}`, 'x')),
      400,
      'The form has too many fields.',
    ],
    [
      'a field over 64 KB',
      [field('description', 'long'), field('note', 'x'.repeat(65 * 1024))],
      413,
      'A field of the form is too long.',
    ],
    [
      'a field named __proto__',
      [field('__proto__', 'x'), field('description', 'sneaky')],
      400,
      'The form could not be read. Please try again.',
    ],
  ];

  it.each(overLimits)(
    "when a post's form has %s, then it is refused with a plain sentence and nothing is kept",
    async (_name, parts, status, message) => {
      const before = await tableDigest(t);
      const filesBefore = await storedFiles();
      const form = multipartBody(parts);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/network/posts',
        headers: { ...member.headers, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: string }>().error).toBe(message);
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await tableDigest(t)).toEqual(before);
    },
  );

  it('when two files come in one post, then it is refused and nothing is kept', async () => {
    const before = await tableDigest(t);
    const filesBefore = await storedFiles();
    const form = multipartBody([
      { name: 'description', value: 'two' },
      file('a.png', 'image/png', tinyPng),
      file('b.png', 'image/png', tinyPng),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/network/posts',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await tableDigest(t)).toEqual(before);
  });

  it('when a member uploads a GIF header followed by script (a GIF/JS polyglot) named .html, then it is refused as a picture that cannot be read, and nothing is kept', async () => {
    const filesBefore = await storedFiles();
    const before = await tableDigest(t);

    const response = await createPost(t, member, 'polyglot', file('evil.html', 'text/html', gifScriptPolyglot));

    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^The photo could not be read/);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await tableDigest(t)).toEqual(before);
  });

  // A real image is written again by sharp: what followed its end (a page, a script) is not stored.
  // Its name and type come from the detected image type, and it is served as that type with
  // nosniff, so no browser treats it as a page or a script.
  it.each([
    [
      'a real PNG with an HTML page appended, sent as text/html',
      file('page.html', 'text/html', pngWithHtmlTail),
      'image/png',
      'png',
    ],
    ['a real PNG named .js', file('x.js', 'application/javascript', tinyPng), 'image/png', 'png'],
  ])(
    'when a member uploads %s, then it is stored without what followed the image and served only as its image type with nosniff',
    async (_name, part, type, extension) => {
      t.clock.advance(1000);
      const response = await createPost(t, member, 'polyglot', part);

      expect(response.statusCode).toBe(201);
      const post = response.json<Post>();
      expect(post.mediaType).toBe(type);
      expect(post.mediaURL).toMatch(new RegExp(`\\.${extension}$`));
      const served = await t.app.inject({
        method: 'GET',
        url: post.mediaURL ?? '',
        headers: { cookie: member.cookie },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // Fetched as data (an <img>, a download), a served file's policy lets it run and load nothing.
      expect(served.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(served.rawPayload.includes('<script')).toBe(false);
    },
  );

  it('when the file name climbs directories or holds markup, then the stored name is made safe and stays in the media folder', async () => {
    t.clock.advance(1000);
    const response = await createPost(t, member, '', file('../../../etc/<script>passwd.png', 'image/png', tinyPng));

    expect(response.statusCode).toBe(201);
    const name = response.json<Post>().mediaURL?.split('/').at(-1) ?? '';
    expect(name).toMatch(/^\d{13}-[0-9a-f-]{36}-[A-Za-z0-9._-]+\.png$/);
    expect(name).not.toMatch(/\.\.|<|\//);
    expect(await storedFiles()).toContain(name);
  });

  it('when someone asks for a media path that climbs out, then it is a 404', async () => {
    for (const url of [
      '/api/network/media/..%2F..%2Fetc%2Fpasswd',
      '/api/network/media/%2e%2e%2fsecret.png',
      '/api/network/media/x.png%00.html',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

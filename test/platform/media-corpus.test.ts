import { readdir, readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse, Post } from '../../contracts/network.js';
import { defineDocument, sentDocument } from '../factories/case-documents.js';
import { createCase, createService, signInCaseAdmin } from '../factories/cases.js';
import { signInLmsAdmin } from '../factories/lms.js';
import { createPost, multipartBody, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The media corpus (test/fixtures/media, README.md there): photos and videos as phones and cameras
 * save them, each saying where it was taken (37.7749 N, 122.4194 W) and on what, and files cut off
 * mid-upload. Every file is sent as a post's media; the photos also as a profile photo and a
 * lesson image. Each is either stored without its location and device, upright and whole, or
 * refused with a sentence that says why, and nothing is kept.
 */

const FIXTURES = join(import.meta.dirname, '../fixtures/media');
const fixture = (name: string) => readFile(join(FIXTURES, name));

/** What the corpus's files carry about place and device, as text somewhere in their bytes. */
const TELLTALES = [
  '37.7749',
  '122.4194',
  '+37.77',
  'iPhone',
  'Pixel 8',
  'Galaxy',
  'Samsung',
  'Apple',
  'Google',
  'C39XK123',
  'San Francisco',
  '1 Main St',
  'ISO6709',
  'Exif\0',
  'eXIf',
  'ns.adobe.com',
  'LOCATION',
  'DEVICE',
  '\u00a9xyz',
  'loci',
];
const telltalesIn = (bytes: Buffer) => TELLTALES.filter((text) => bytes.includes(Buffer.from(text, 'latin1')));

/** The types of the ISO boxes at the top level, in `moov` and in its tracks (an independent walk). */
function isoBoxTypes(bytes: Buffer, start = 0, end = bytes.length, path = ''): string[] {
  const types: string[] = [];
  for (let at = start; at + 8 <= end;) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < 8) break;
    types.push(`${path}${type}`);
    if (['moov', 'trak', 'mdia', 'minf'].includes(type))
      types.push(...isoBoxTypes(bytes, at + header, at + size, `${path}${type}/`));
    at += size;
  }
  return types;
}

/** The content of the `mdat` box: the picture and sound, which must come through byte for byte. */
function mdatOf(bytes: Buffer): Buffer {
  for (let at = 0; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'mdat') return bytes.subarray(at + 8, at + size);
    at += size;
  }
  throw new Error('no mdat');
}

/** Checks a served photo: no metadata of any kind, and turned upright (40x80, red on top, blue below). */
async function expectCleanUprightPhoto(bytes: Buffer, format: string) {
  const image = sharp(bytes);
  const metadata = await image.metadata();
  expect(metadata.format).toBe(format);
  expect({
    exif: metadata.exif,
    xmp: metadata.xmp,
    iptc: metadata.iptc,
    icc: metadata.icc,
    comments: metadata.comments,
    orientation: metadata.orientation,
  }).toEqual({
    exif: undefined,
    xmp: undefined,
    iptc: undefined,
    icc: undefined,
    comments: undefined,
    orientation: undefined,
  });
  expect(telltalesIn(bytes)).toEqual([]);
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([40, 80]);
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  const [top, bottom] = [pixel(20, 10), pixel(20, 70)];
  // Red on top, blue below (JPEG moves colours a little).
  expect(top[0]).toBeGreaterThan(180);
  expect(top[2]).toBeLessThan(60);
  expect(bottom[2]).toBeGreaterThan(180);
  expect(bottom[0]).toBeLessThan(60);
}

type Accepted = { file: string; stored: string; check: (served: Buffer, original: Buffer) => Promise<void> | void };

const uprightPhoto = (format: string) => (served: Buffer) => expectCleanUprightPhoto(served, format);
const isoVideo = (served: Buffer, original: Buffer) => {
  expect(telltalesIn(served)).toEqual([]);
  const types = isoBoxTypes(served);
  expect(types.filter((type) => /(^|\/)(udta|meta|uuid)$/.test(type))).toEqual([]);
  expect(types).toContain('moov/trak');
  // Not re-encoded: the same length, and the picture and sound are the same bytes.
  expect(served.length).toBe(original.length);
  expect(mdatOf(served).equals(mdatOf(original))).toBe(true);
};
const webmVideo = (served: Buffer, original: Buffer) => {
  expect(telltalesIn(served)).toEqual([]);
  expect(served.length).toBe(original.length);
  // Changed only where the metadata was: the frames (the clusters) are the same bytes.
  const cluster = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
  const framesStart = original.indexOf(cluster);
  const framesEnd = Math.max(original.lastIndexOf(Buffer.from([0x1c, 0x53, 0xbb, 0x6b])), framesStart);
  expect(framesStart).toBeGreaterThan(0);
  expect(served.subarray(framesStart, framesEnd).equals(original.subarray(framesStart, framesEnd))).toBe(true);
};

const accepted: Accepted[] = [
  { file: 'phone-photo.jpg', stored: 'image/jpeg', check: uprightPhoto('jpeg') },
  { file: 'motion-photo.jpg', stored: 'image/jpeg', check: uprightPhoto('jpeg') },
  { file: 'phone-photo-exif.png', stored: 'image/png', check: uprightPhoto('png') },
  { file: 'phone-photo.webp', stored: 'image/webp', check: uprightPhoto('webp') },
  { file: 'iphone-photo.heic', stored: 'image/jpeg', check: uprightPhoto('jpeg') },
  {
    file: 'animation.gif',
    stored: 'image/gif',
    async check(served) {
      const metadata = await sharp(served, { animated: true }).metadata();
      expect([metadata.format, metadata.pages, metadata.width, metadata.pageHeight]).toEqual(['gif', 2, 40, 20]);
      expect([metadata.xmp, metadata.comments]).toEqual([undefined, undefined]);
      expect(telltalesIn(served)).toEqual([]);
    },
  },
  { file: 'iphone-video.mov', stored: 'video/quicktime', check: isoVideo },
  { file: 'camera-video.mov', stored: 'video/quicktime', check: isoVideo },
  { file: 'android-video.mp4', stored: 'video/mp4', check: isoVideo },
  { file: 'tagged-video.webm', stored: 'video/webm', check: webmVideo },
  { file: 'recorder-video.webm', stored: 'video/webm', check: webmVideo },
];

const cutOff = /^The (photo|video) could not be read: the file is damaged or incomplete/;
const refused: { file: string; error: RegExp }[] = [
  { file: 'truncated-photo.jpg', error: cutOff },
  { file: 'truncated-photo.png', error: cutOff },
  { file: 'truncated-photo.webp', error: cutOff },
  { file: 'truncated-photo.heic', error: cutOff },
  { file: 'truncated-video.mov', error: cutOff },
  { file: 'truncated-moov-missing.mov', error: cutOff },
  { file: 'truncated-video.mp4', error: cutOff },
  { file: 'truncated-video.webm', error: cutOff },
  {
    file: 'photo.avif',
    error:
      /^Please choose a photo or a video: JPEG, PNG, GIF, WebP or HEIC photos, or MP4, MOV or WebM videos, up to 50 MB\.$/,
  },
];

describe('the media corpus: photos and videos as phones save them', () => {
  let t: TestApp;
  let dataDir: string;
  let member: TestMember;
  const storedMedia = async () => readdir(join(dataDir, 'media')).catch(() => [] as string[]);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-media-corpus-'));
    t = await createTestApp({ DATA_DIR: dataDir, MEMBER_UPLOADS_PER_HOUR: '1000' });
    member = await signUpMember(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const served = async (url: string | null) => {
    const response = await t.app.inject({ method: 'GET', url: url ?? '', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    return response;
  };

  it.each(accepted)(
    'when $file is posted, then it is stored as $stored without location or device',
    async ({ file, stored, check }) => {
      t.clock.advance(1000);
      const original = await fixture(file);
      const response = await createPost(t, member, file, {
        name: 'media',
        filename: file,
        contentType: 'application/octet-stream',
        data: original,
      });
      expect(response.statusCode, response.body).toBe(201);
      const post = response.json<Post>();
      expect(post.mediaType).toBe(stored);
      const media = await served(post.mediaURL);
      expect(media.headers['content-type']).toBe(stored);
      await check(media.rawPayload, original);
    },
  );

  it.each(refused)(
    'when $file is posted, then it is refused, saying why, and nothing is kept',
    async ({ file, error }) => {
      const before = await storedMedia();
      const response = await createPost(t, member, file, {
        name: 'media',
        filename: file,
        contentType: 'application/octet-stream',
        data: await fixture(file),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(error);
      expect(await storedMedia()).toEqual(before);
    },
  );

  it.each(accepted.filter(({ stored }) => stored.startsWith('image/') && stored !== 'image/gif'))(
    'when $file becomes a profile photo, then it is stored without location or device, upright',
    async ({ file, check }) => {
      t.clock.advance(1000);
      const form = multipartBody([
        { name: 'photo', filename: file, contentType: 'application/octet-stream', data: await fixture(file) },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/network/me/photo',
        headers: { ...member.headers, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      await check((await served(response.json<MeResponse>().user?.photoURL ?? null)).rawPayload, Buffer.alloc(0));
    },
  );

  it('when a video is sent as a profile photo, then it is refused as not a photo', async () => {
    const form = multipartBody([
      { name: 'photo', filename: 'me.mov', contentType: 'video/quicktime', data: await fixture('iphone-video.mov') },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/network/me/photo',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      'Please choose a photo: JPEG, PNG, GIF, WebP or HEIC photos, up to 50 MB.',
    );
  });

  it.each(['iphone-photo.heic', 'phone-photo.jpg', 'truncated-photo.jpg'])(
    'when an LMS admin adds %s to a lesson, then it is stored without location or device, or refused when cut off',
    async (file) => {
      const admin = await signInLmsAdmin(t);
      const form = multipartBody([
        { name: 'image', filename: file, contentType: 'application/octet-stream', data: await fixture(file) },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin/lesson-images',
        headers: { ...admin.headers, ...form.headers },
        payload: form.payload,
      });
      if (file.startsWith('truncated')) {
        expect(response.statusCode).toBe(400);
        expect(response.json<{ error: string }>().error).toMatch(cutOff);
        return;
      }
      expect(response.statusCode, response.body).toBe(201);
      const { url } = response.json<{ url: string }>();
      expect(url).toMatch(/\.jpg$/);
      const image = await t.app.inject({ method: 'GET', url });
      await expectCleanUprightPhoto(image.rawPayload, 'jpeg');
    },
  );

  it('when staff receive a phone photo as an applicant document, then it is kept exactly as sent (evidence, seen only by staff)', async () => {
    const { headers } = await signInCaseAdmin(t);
    const service = await createService(t, headers, ['Filed']);
    const passport = await defineDocument(t, headers, service.id, 'Passport copy');
    const applicant = await createCase(t, headers, { serviceIds: [service.id] });
    const original = await fixture('phone-photo.jpg');
    const item = await sentDocument(t, headers, applicant.id, passport.id, original);
    const file = await t.app.inject({ method: 'GET', url: `/api/caseadmin/documents/${item.id}/file`, headers });
    expect(file.rawPayload.equals(original)).toBe(true);
  });
});

import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { NetworkUser, Post, ProfessionalProfile } from '../../contracts/network.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { timeouts } from '../support/timeouts.js';
import type { TestApp } from '../test-app.js';

/** The origin `app.inject` requests come from (its default host is localhost:80). */
export const SAME_ORIGIN = 'http://localhost';

/** The origin the app takes as its own: PUBLIC_URL's when set, else the injected requests' host. */
export const ownOrigin = (t: TestApp) => (t.config.publicUrl ? new URL(t.config.publicUrl).origin : SAME_ORIGIN);

let memberCounter = 0;

export type TestMember = {
  email: string;
  password: string;
  user: NetworkUser;
  cookie: string;
  /** Headers of a same-site, signed-in request. */
  headers: Record<string, string>;
};

export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((c) => c.startsWith('pathway_session='));
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0] ?? '';
}

/**
 * A member made through the real sign-up and sign-in (sign-up answers the same for every address,
 * then the client signs in), with a completed profile unless told otherwise. `verified` marks the
 * address verified in the database, as following the emailed link would (tests of the link itself
 * follow the real email).
 */
export async function signUpMember(
  t: TestApp,
  options: {
    email?: string;
    complete?: boolean;
    username?: string;
    displayName?: string;
    verified?: boolean;
    /** The professional profile saved with the username (issue 39). */
    professional?: Partial<ProfessionalProfile>;
  } = {},
): Promise<TestMember> {
  const n = ++memberCounter;
  const email = options.email ?? `member${n}-${randomBytes(3).toString('hex')}@example.test`;
  const password = 'correct horse battery';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/network/auth/sign-up',
    headers: { origin: ownOrigin(t) },
    payload: { email, password },
  });
  if (response.statusCode !== 202) throw new Error(`sign-up failed: ${response.body}`);
  if (options.verified) {
    await t.database.pool.query('UPDATE network_users SET email_verified_at = $1 WHERE email = $2', [
      t.clock.now(),
      email.toLowerCase(),
    ]);
  }
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/network/auth/sign-in',
    headers: { origin: ownOrigin(t) },
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookie = sessionCookieOf(signIn.headers['set-cookie']);
  const headers = { cookie, origin: ownOrigin(t) };
  let user = signIn.json<{ user: NetworkUser }>().user;
  if (options.complete !== false) {
    const username = options.username ?? `member${n}_${randomBytes(3).toString('hex')}`;
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers,
      payload: { username, displayName: options.displayName ?? `Member ${n}`, ...options.professional },
    });
    if (profile.statusCode !== 200) throw new Error(`profile failed: ${profile.body}`);
    user = profile.json<{ user: NetworkUser }>().user;
  }
  return { email, password, user, cookie, headers };
}

/**
 * The token of a verification link for a member who signed up unverified, as the emailed link
 * carries one. The sign-up's own email is written by a queued job that issues its token when it
 * runs, and an account has one such token (the latest replaces the rest): a token issued before
 * that job had run was replaced, and its link refused, whenever the machine was slow. So this
 * waits for the job's token first, then issues the one it returns.
 */
export async function verificationTokenOf(t: TestApp, member: TestMember): Promise<string> {
  const issued = async () =>
    (
      await t.database.pool.query(
        "SELECT 1 FROM one_time_tokens WHERE purpose = 'network-verify-email' AND account_id = $1",
        [member.user.uid],
      )
    ).rowCount;
  await expect.poll(issued, { timeout: timeouts.condition }).toBe(1);
  return issueOneTimeToken(t.db, 'network-verify-email', member.user.uid, t.clock.now(), 3600);
}

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body, built by hand so the tests control every byte and header. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pathway${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function createPost(
  t: TestApp,
  member: TestMember,
  description: string,
  file?: Extract<FormPart, { filename: string }>,
) {
  const form = multipartBody([{ name: 'description', value: description }, ...(file ? [file] : [])]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/network/posts',
    headers: { ...member.headers, ...form.headers },
    payload: form.payload,
  });
  return response;
}

export async function createTextPost(t: TestApp, member: TestMember, description: string): Promise<Post> {
  const response = await createPost(t, member, description);
  if (response.statusCode !== 201) throw new Error(`post failed: ${response.body}`);
  return response.json<Post>();
}

/** A real 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An ISO box: a 32-bit size, a four-letter type, then its content. */
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const fullBox = (type: string, ...content: Buffer[]) => box(type, Buffer.alloc(4), ...content);
const u32s = (...values: number[]) => {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => bytes.writeUInt32BE(value, i * 4));
  return bytes;
};

/**
 * An MP4 file `size` bytes long, whole as far as the server's check goes: `ftyp`, a `moov` with one
 * video track whose one sample is the `mdat` that follows, filled with filler bytes. Nothing in it
 * is metadata, so it is stored byte for byte.
 */
export function mp4Bytes(size = 64 * 1024): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), u32s(0x200), Buffer.from('isommp42'));
  const moovFor = (mdatStart: number, sampleSize: number) =>
    box(
      'moov',
      fullBox('mvhd', Buffer.alloc(96)),
      box(
        'trak',
        fullBox('tkhd', Buffer.alloc(80)),
        box(
          'mdia',
          fullBox('mdhd', Buffer.alloc(20)),
          fullBox('hdlr', u32s(0), Buffer.from('vide'), Buffer.alloc(13)),
          box(
            'minf',
            box(
              'stbl',
              fullBox('stsd', u32s(0)),
              fullBox('stts', u32s(0)),
              fullBox('stsc', u32s(1, 1, 1, 1)),
              fullBox('stsz', u32s(sampleSize, 1)),
              fullBox('stco', u32s(1, mdatStart + 8)),
            ),
          ),
        ),
      ),
    );
  const headerBytes = ftyp.length + moovFor(0, 0).length + 8;
  const sampleSize = Math.max(0, size - headerBytes);
  const moov = moovFor(ftyp.length + moovFor(0, 0).length, sampleSize);
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(sampleSize, 7))]);
}

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, multipartBody, signUpMember, tinyPng, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const STREAMS = 2;
const UPLOADS = 2;
const REQUESTS = 12;

describe('per-member limits', () => {
  let t: TestApp;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-member-limits-'));
    t = await createTestApp({
      LOGIN_RATE_LIMIT: '1000',
      DATA_DIR: dataDir,
      MEMBER_STREAM_LIMIT: String(STREAMS),
      MEMBER_UPLOADS_PER_HOUR: String(UPLOADS),
      MEMBER_RATE_LIMIT: String(REQUESTS),
    });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const openStream = async (member: TestMember) => {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/network/events`, {
      headers: { cookie: member.cookie },
      signal: controller.signal,
    });
    return {
      status: response.status,
      body: response.status === 200 ? '' : await response.text(),
      close: () => controller.abort(),
    };
  };

  it('when a member opens more live streams than the limit, then the extra one gets 429, and a closed one frees its place', async () => {
    const member = await signUpMember(t);
    const other = await signUpMember(t);
    const open = [await openStream(member), await openStream(member)];
    expect(open.map((stream) => stream.status)).toEqual([200, 200]);

    const extra = await openStream(member);

    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.body)).toEqual({
      error: `Too many live connections are open (${STREAMS}). Close another tab and try again.`,
    });
    const othersStream = await openStream(other);
    expect(othersStream.status).toBe(200);
    open[0]?.close();
    await expect
      .poll(async () => {
        const again = await openStream(member);
        again.close();
        return again.status;
      })
      .toBe(200);
    open[1]?.close();
    othersStream.close();
  });

  it('when a member uploads more files in an hour than the limit, then the next upload gets 429 and is not stored, text posts still go through, and the hour frees it', async () => {
    const member = await signUpMember(t);
    const png = { name: 'media', filename: 'p.png', contentType: 'image/png', data: tinyPng };
    for (let upload = 0; upload < UPLOADS; upload++) {
      expect((await createPost(t, member, `file ${upload}`, { ...png, filename: `p${upload}.png` })).statusCode).toBe(
        201,
      );
    }

    const refused = await createPost(t, member, 'one file too many', png);
    const photo = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: tinyPng }]);
    const refusedPhoto = await t.app.inject({
      method: 'POST',
      url: '/api/network/me/photo',
      headers: { ...member.headers, ...photo.headers },
      payload: photo.payload,
    });

    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toMatch(
      /^You have uploaded 2 files in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(refusedPhoto.statusCode).toBe(429);
    expect(await readdir(join(dataDir, 'media'))).toHaveLength(UPLOADS);
    expect((await createPost(t, member, 'just words')).statusCode).toBe(201);
    t.clock.advance(60 * 60_000);
    expect((await createPost(t, member, 'an hour later', png)).statusCode).toBe(201);
  });

  it('when a member sends more requests a minute than the limit, from ever new addresses, then the rest get 429, and another member does not', async () => {
    const member = await signUpMember(t);
    const other = await signUpMember(t);
    const statuses: number[] = [];
    for (let request = 0; request < REQUESTS + 2; request++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/network/posts',
            headers: member.headers,
            remoteAddress: `198.51.100.${request + 1}`,
          })
        ).statusCode,
      );
    }

    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(REQUESTS);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect((await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: other.headers })).statusCode).toBe(
      200,
    );
  });
});

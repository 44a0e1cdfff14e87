import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/network.js';
import { defineDocument, sentDocument } from '../factories/case-documents.js';
import { createCase, createService, signInCaseAdmin } from '../factories/cases.js';
import { signInLmsAdmin } from '../factories/lms.js';
import { createPost, multipartBody, signUpMember, tinyPng } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The fourth review's raw 500 (issue 35): a case document whose stored file was missing answered
 * Fastify's FST_ERR_REP_INVALID_PAYLOAD_TYPE, because the file was opened only after the headers
 * were set. Every route that sends a stored file opens it first and answers a missing one with
 * 404 `{ error }`.
 */

describe('a stored file that is missing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const expectMissing = (response: Awaited<ReturnType<TestApp['app']['inject']>>, error: string) => {
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error });
  };

  it('when a case document’s file is gone from storage, then staff get 404 with a sentence', async () => {
    const { headers } = await signInCaseAdmin(t);
    const service = await createService(t, headers, ['Filed']);
    const document = await defineDocument(t, headers, service.id, 'Passport copy');
    const created = await createCase(t, headers, { serviceIds: [service.id] });
    const sent = await sentDocument(t, headers, created.id, document.id);
    if (sent.id === null) throw new Error('no document was sent');
    await rm(join(t.config.dataDir, 'case-documents', String(created.id)), { recursive: true });

    const response = await t.app.inject({ method: 'GET', url: `/api/caseadmin/documents/${sent.id}/file`, headers });
    expectMissing(response, 'The file of this document is missing from storage');
  });

  it('when a post’s picture is gone from storage, then members get 404 with a sentence, ranges too', async () => {
    const member = await signUpMember(t);
    const posted = await createPost(t, member, 'A picture', {
      name: 'media',
      filename: 'tiny.png',
      contentType: 'image/png',
      data: tinyPng,
    });
    const url = posted.json<Post>().mediaURL;
    if (!url) throw new Error(`the post has no media: ${posted.body}`);
    await rm(join(t.config.dataDir, 'media', url.slice(url.lastIndexOf('/') + 1)));

    expectMissing(await t.app.inject({ method: 'GET', url, headers: member.headers }), 'Media not found');
    expectMissing(
      await t.app.inject({ method: 'GET', url, headers: { ...member.headers, range: 'bytes=0-3' } }),
      'Media not found',
    );
  });

  it('when a lesson image is gone from storage, then anyone gets 404 with a sentence', async () => {
    const admin = await signInLmsAdmin(t);
    const form = multipartBody([{ name: 'image', filename: 'diagram.png', contentType: 'image/png', data: tinyPng }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/admin/lesson-images',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json<{ url: string }>();
    await rm(join(t.config.dataDir, url.replace(/^\//, '')));

    expectMissing(await t.app.inject({ method: 'GET', url }), 'Image not found');
  });
});

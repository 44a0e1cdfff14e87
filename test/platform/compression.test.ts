import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsPage } from '../../contracts/network.js';
import type { App } from '../../server/app.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { standInWebBuild, type StandInWebBuild } from '../support/web-build.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** A page as big as a first page's HTML, in the applicant's three languages. */
const pageHtml = `<!doctype html><html lang="en"><head><title>Pathway</title></head><body><div id="root">${[
  'Track Your Application: enter the case number you were given and your passport number.',
  'تتبع طلبك: أدخل رقم الملف الذي حصلت عليه ورقم جواز سفرك لمعرفة مدى تقدم طلبك.',
  'अपना आवेदन ट्रैक करें: आपको दिया गया केस नंबर और अपना पासपोर्ट नंबर दर्ज करें।',
]
  .map((text) => `<p>${text}</p>`)
  .join('')
  .repeat(8)}</div></body></html>`;

const decoded = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('compressed answers (issue 42, decision 049)', () => {
  let t: TestApp;
  let withWeb: App;
  let build: StandInWebBuild;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    build = await standInWebBuild(t, { manifest: null, indexHtml: pageHtml });
    withWeb = build.app;
    member = await signUpMember(t);
    const texts = [
      'Passed the DHA exam today after three attempts, thank you all for the practice questions!',
      'اجتزت امتحان هيئة الصحة اليوم بعد ثلاث محاولات، شكرًا لكم جميعًا على أسئلة التدريب! ١٢٣',
      'आज तीन प्रयासों के बाद DHA परीक्षा पास की, अभ्यास प्रश्नों के लिए आप सभी का धन्यवाद! १२३',
    ];
    for (let index = 0; index < 9; index++) {
      t.clock.advance(60_000);
      await createTextPost(t, member, texts[index % texts.length]!);
    }
  });
  afterAll(async () => {
    await build.close();
    await t.close();
  });

  const page = (acceptEncoding?: string) =>
    withWeb.inject({
      method: 'GET',
      url: '/casetracking',
      headers: { accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
  const feed = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/network/posts',
      headers: { cookie: member.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it.each([
    ['br', 'gzip, deflate, br', 'br'],
    ['gzip', 'gzip, deflate', 'gzip'],
  ])(
    'when a browser accepts %s, then a page and a JSON list come compressed with it, smaller, and read as the plain ones',
    async (_name, acceptEncoding, encoding) => {
      const plainFeed = await feed();
      const compressedFeed = await feed(acceptEncoding);
      expect(compressedFeed.statusCode).toBe(200);
      expect(compressedFeed.headers['content-encoding']).toBe(encoding);
      expect(compressedFeed.rawPayload.length).toBeLessThan(plainFeed.rawPayload.length / 2);
      const posts = JSON.parse(decoded(encoding, compressedFeed.rawPayload)) as PostsPage;
      expect(posts).toEqual(plainFeed.json<PostsPage>());
      expect(posts.posts).toHaveLength(9);

      const plainPage = await page();
      const compressedPage = await page(acceptEncoding);
      expect(compressedPage.statusCode).toBe(200);
      expect(compressedPage.headers['content-encoding']).toBe(encoding);
      expect(compressedPage.headers['content-type']).toContain('text/html');
      // A cache keeps one answer per encoding, beside the page's own reasons to vary.
      expect(String(compressedPage.headers.vary).toLowerCase()).toMatch(/cookie, accept-language, accept-encoding/);
      expect(compressedPage.rawPayload.length).toBeLessThan(plainPage.rawPayload.length / 2);
      expect(decoded(encoding, compressedPage.rawPayload)).toBe(plainPage.body);
    },
  );

  it('when a client asks for no encoding, or only for identity, then the page and the list come plain', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const plainPage = await page(acceptEncoding);
      expect(plainPage.headers['content-encoding']).toBeUndefined();
      expect(plainPage.body).toContain('<div id="root"><p>Track Your Application');
      const plainFeed = await feed(acceptEncoding);
      expect(plainFeed.headers['content-encoding']).toBeUndefined();
      expect(plainFeed.json<PostsPage>().posts).toHaveLength(9);
    }
  });

  it('when an answer is small, then it goes plain whatever the client accepts', async () => {
    const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('when a member opens the live events with a browser’s Accept-Encoding, then the stream is not compressed, so no event waits in a buffer', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    try {
      const response = await fetch(`${url}/api/network/events`, {
        headers: { cookie: member.cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
    } finally {
      controller.abort();
    }
  });
});

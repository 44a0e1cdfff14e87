import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedFirstPage, NetworkUser, PostsPage } from '../../contracts/network.js';
import type { App } from '../../server/app.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { standInWebBuild, type StandInWebBuild } from '../support/web-build.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * GET /Home, the signed-in feed drawn on the server (issue 42, decision 053). The server's entry
 * here is a stand-in that draws the feed it is given (web/entry-server.test.tsx draws the real page,
 * e2e/first-pages.spec.ts hydrates it): what matters is whose data the page is drawn with, that it
 * is exactly what the API answers, and that nothing may keep it.
 */
describe('the feed page drawn on the server', () => {
  let t: TestApp;
  let withWeb: App;
  let web: StandInWebBuild;
  let reader: TestMember;
  let author: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    // As the real entry: /Home is drawn only with a member's feed, else the browser draws it.
    web = await standInWebBuild(t, {
      entryServer: `export async function renderFirstPage(request) {
        const feed = request.networkFeed;
        if (request.pathname !== '/Home' || !feed) return undefined;
        return { html: feed.posts.posts.map((post) => '<p>' + post.description + '</p>').join(''), title: 'Home',
          lang: 'en', dir: 'ltr', modules: [], data: feed };
      }`,
    });
    withWeb = web.app;
    reader = await signUpMember(t, { displayName: 'प्रिया शर्मा', email: `priya-${Date.now()}@example.test` });
    author = await signUpMember(t, { displayName: 'أمل عبد الرحمن المصري', email: `amal-${Date.now()}@example.test` });
  });
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  const open = (headers: Record<string, string> = {}) =>
    withWeb.inject({ method: 'GET', url: '/Home', headers: { accept: 'text/html', ...headers } });
  const pageData = (body: string) =>
    JSON.parse(
      /<script type="application\/json" id="first-page-data">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null',
    ) as FeedFirstPage | null;

  it('when a member opens /Home, then it is drawn with their first posts (Arabic and Hindi), exactly as the API answers them, and kept by no cache', async () => {
    await createTextPost(t, author, 'وصلت تأشيرة العمل اليوم بعد ١٢ أسبوعًا');
    await createTextPost(t, reader, 'मेरा लाइसेंस १५ मार्च को सत्यापित हुआ');
    const removed = await createTextPost(t, author, 'A post the moderators removed');
    await t.database.pool.query('UPDATE network_posts SET removed_at = $1 WHERE id = $2', [t.clock.now(), removed.id]);

    const response = await open({ cookie: reader.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/\bCookie\b/);
    expect(response.body).toContain('<p>وصلت تأشيرة العمل اليوم بعد ١٢ أسبوعًا</p>');
    expect(response.body).toContain('<p>मेरा लाइसेंस १५ मार्च को सत्यापित हुआ</p>');
    expect(response.body).not.toContain('A post the moderators removed');

    const feed = pageData(response.body);
    const api = (url: string) => withWeb.inject({ method: 'GET', url, headers: reader.headers });
    expect(feed?.me).toEqual((await api('/api/network/me')).json<{ user: NetworkUser }>().user);
    expect(feed?.posts).toEqual((await api('/api/network/posts')).json<PostsPage>());
    expect(feed?.drawnAt).toBe(t.clock.now().toISOString());
    // The other member's address is theirs: only the reader's own is in the page.
    expect(response.body).toContain(reader.email);
    expect(response.body).not.toContain(author.email);
  });

  it("when a post holds $' $` $& $$ (replacement patterns to String.replace), then the page holds it as written and its data still parses", async () => {
    const text = "Visa fee: $'500 $` $& $$ and $1, paid in full";
    await createTextPost(t, author, text);
    const response = await open({ cookie: reader.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<p>${text}</p>`);
    expect(response.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(response.body.match(/<head>/g)).toHaveLength(1);
    // The test's clock stands still, so the posts of this file share one time: found by their text.
    expect(pageData(response.body)?.posts.posts.map((post) => post.description)).toContain(text);
  });

  it('when a visitor without a session, with an ended one, or with a profile to finish opens /Home, then they get the page they got before, and it is not kept either', async () => {
    const unfinished = await signUpMember(t, { complete: false });
    const visitors: Record<string, string>[] = [{}, { cookie: 'pathway_session=ended' }, { cookie: unfinished.cookie }];
    for (const headers of visitors) {
      const response = await open(headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(pageData(response.body)).toBeNull();
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '../../contracts/network.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('network search', () => {
  let t: TestApp;
  let recruiter: TestMember;
  let viewer: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    recruiter = await signUpMember(t, { username: `nadia_recruits_${Date.now().toString(36)}` });
    await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: recruiter.headers,
      payload: { username: recruiter.user.username, displayName: 'Nadia Haddad' },
    });
    viewer = await signUpMember(t);
  });
  afterAll(() => t.close());

  const find = (q: string, cursor?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/network/search',
      headers: viewer.headers,
      query: { q, ...(cursor ? { cursor } : {}) },
    });

  it('when a member searches a word, then stemmed matches come back best first, and others do not', async () => {
    const strong = await createTextPost(t, recruiter, 'Nurses wanted: nurse nursing nurses for the night shift');
    const weak = await createTextPost(
      t,
      recruiter,
      'We are hiring nurses and porters and cleaners and cooks and drivers',
    );
    await createTextPost(t, recruiter, 'A post about physiotherapy only');

    const response = await find('nurse');
    expect(response.statusCode).toBe(200);
    const results = response.json<SearchResults>();
    expect(results.posts.map((post) => post.id)).toEqual([strong.id, weak.id]);
    expect(results.posts[0]).toMatchObject({
      user: { email: null, displayName: 'Nadia Haddad', username: recruiter.user.username },
      likedByMe: false,
      canDelete: false,
    });
  });

  it('when the search uses websearch syntax, then quotes and minus work', async () => {
    const exact = await createTextPost(t, recruiter, 'Remote radiology reporting role');
    await createTextPost(t, recruiter, 'Radiology role, on site, no remote');
    const quoted = (await find('"remote radiology"')).json<SearchResults>();
    expect(quoted.posts.map((post) => post.id)).toEqual([exact.id]);
    const without = (await find('radiology -site')).json<SearchResults>();
    expect(without.posts.map((post) => post.id)).toEqual([exact.id]);
  });

  it('when there are more hits than a page, then the rank cursor walks them all, each once', async () => {
    const made = new Set<string>();
    for (let i = 0; i < 23; i++)
      made.add((await createTextPost(t, recruiter, `dialysis ${'dialysis '.repeat(i % 4)}post ${i}`)).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await find('dialysis', cursor)).json<SearchResults>();
      seen.push(...page.posts.map((post) => post.id));
      if (cursor) expect(page.members).toEqual([]);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(made);
  });

  it('when a member searches part of a name or a misspelt one, then members are found by display name and username, never with an address', async () => {
    const byPart = (await find('haddad')).json<SearchResults>();
    expect(byPart.members).toContainEqual({
      username: recruiter.user.username,
      displayName: 'Nadia Haddad',
      photoURL: null,
      headline: null,
      role: null,
      employer: null,
    });
    const misspelt = (await find('Nadia Hadad')).json<SearchResults>();
    expect(misspelt.members.map((member) => member.username)).toContain(recruiter.user.username);
    const byUsername = (await find('recruits')).json<SearchResults>();
    expect(byUsername.members.map((member) => member.username)).toContain(recruiter.user.username);
    expect(JSON.stringify(byPart)).not.toContain(recruiter.email);
  });

  it('when the search text is odd, then it is answered without error: LIKE and tsquery characters are text', async () => {
    for (const q of ['%', '_', '\\', '&|!():*', "' OR 1=1 --", '"unclosed', '-', 'ñandú 漢字']) {
      const response = await find(q);
      expect(response.statusCode, q).toBe(200);
    }
    expect((await find('%')).json<SearchResults>().members).toEqual([]);
  });

  it('when q is missing, empty, too long, or the cursor is forged, then it is a 400', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/network/search', headers: viewer.headers })).statusCode,
    ).toBe(400);
    expect((await find('   ')).statusCode).toBe(400);
    expect((await find('x'.repeat(201))).statusCode).toBe(400);
    expect((await find('nurse', 'garbage')).statusCode).toBe(400);
    expect(
      (await find('nurse', Buffer.from('NaN|00000000-0000-0000-0000-000000000000').toString('base64url'))).statusCode,
    ).toBe(400);
  });

  it('when a visitor is not signed in, then search is a 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/network/search', query: { q: 'nurse' } })).statusCode).toBe(
      401,
    );
  });
});

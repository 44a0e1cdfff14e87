import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_SUGGESTIONS_PAGE_SIZE, type MemberSuggestions } from '../../contracts/network.js';
import { signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('network @ suggestions', () => {
  let t: TestApp;
  let writer: TestMember;
  let nadia: TestMember;
  const tag = Date.now().toString(36);

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    writer = await signUpMember(t, { username: `zz_writer_${tag}` });
    nadia = await signUpMember(t, { username: `nadia_${tag}` });
    await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: nadia.headers,
      payload: { username: nadia.user.username, displayName: 'Nadia Haddad' },
    });
  });
  afterAll(() => t.close());

  const suggest = (member: TestMember, q: string, cursor?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/network/members',
      headers: member.headers,
      query: { q, ...(cursor ? { cursor } : {}) },
    });

  it('when a writer types part of a username or of a display name, then that member is suggested, without an address', async () => {
    for (const q of ['nad', 'HADD', `adia_${tag}`]) {
      const response = await suggest(writer, q);
      expect(response.statusCode, q).toBe(200);
      expect(response.json<MemberSuggestions>().members, q).toContainEqual({
        username: nadia.user.username,
        displayName: 'Nadia Haddad',
        photoURL: null,
      });
      expect(response.body).not.toContain(nadia.email);
    }
  });

  it('when the writer types their own name, then they are not suggested to themselves, and members without a profile never are', async () => {
    const own = (await suggest(writer, `zz_writer_${tag}`)).json<MemberSuggestions>();
    expect(own.members).toEqual([]);
    await signUpMember(t, { complete: false });
    const everyone = (await suggest(writer, 'member')).json<MemberSuggestions>();
    expect(everyone.members.every((member) => member.username !== null)).toBe(true);
  });

  it('when more members match than a page, then the cursor walks them all by username, each once', async () => {
    const made: string[] = [];
    for (let i = 0; i < MEMBER_SUGGESTIONS_PAGE_SIZE + 3; i++)
      made.push(
        (await signUpMember(t, { username: `pager_${tag}_${String(i).padStart(2, '0')}` })).user.username ?? '',
      );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (await suggest(writer, `pager_${tag}`, cursor)).json<MemberSuggestions>();
      expect(page.members.length).toBeLessThanOrEqual(MEMBER_SUGGESTIONS_PAGE_SIZE);
      seen.push(...page.members.map((member) => member.username ?? ''));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(made);
  });

  it('when the text has LIKE characters, then they match themselves', async () => {
    expect((await suggest(writer, '%')).json<MemberSuggestions>().members).toEqual([]);
    expect((await suggest(writer, '_')).statusCode).toBe(200);
  });

  it('when q is missing, empty, too long or the cursor is forged, then it is a 400; signed out, a 401', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/network/members', headers: writer.headers })).statusCode,
    ).toBe(400);
    expect((await suggest(writer, '  ')).statusCode).toBe(400);
    expect((await suggest(writer, 'x'.repeat(81))).statusCode).toBe(400);
    const forged = await suggest(writer, 'nad', Buffer.from("' OR 1=1").toString('base64url'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toHaveProperty('error');
    expect((await t.app.inject({ method: 'GET', url: '/api/network/members', query: { q: 'nad' } })).statusCode).toBe(
      401,
    );
  });
});

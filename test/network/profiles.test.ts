import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberProfile } from '../../contracts/network.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('network member profiles', () => {
  let t: TestApp;
  let author: TestMember;
  let viewer: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    author = await signUpMember(t);
    viewer = await signUpMember(t);
  });
  afterAll(() => t.close());

  const profile = (member: TestMember, username: string, cursor?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/network/members/${encodeURIComponent(username)}`,
      headers: member.headers,
      query: cursor ? { cursor } : {},
    });

  it("when a member opens another member's profile, then it shows name, photo and joined (never the address) and only their posts, newest first, paged", async () => {
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1000);
      made.push((await createTextPost(t, author, `author post ${i}`)).id);
    }
    await createTextPost(t, viewer, "not on the author's profile");

    const first = await profile(viewer, author.user.username!.toUpperCase());
    expect(first.statusCode).toBe(200);
    const page = first.json<MemberProfile>();
    expect(page.member).toEqual({
      username: author.user.username,
      displayName: author.user.displayName,
      photoURL: null,
      joined: expect.any(String),
      headline: null,
      role: null,
      employer: null,
      location: null,
      about: null,
    });
    expect(first.body).not.toContain(author.email);
    const second = (await profile(viewer, author.user.username!, page.nextCursor!)).json<MemberProfile>();
    expect(second.nextCursor).toBeNull();
    expect([...page.posts, ...second.posts].map((post) => post.id)).toEqual([...made].reverse());
    expect(page.posts.every((post) => post.canDelete === false)).toBe(true);
  });

  it('when the username is unknown or malformed, then it is a 404 or 400, never a 500', async () => {
    expect((await profile(viewer, 'nobody_by_this_name')).statusCode).toBe(404);
    expect((await profile(viewer, 'x'.repeat(31))).statusCode).toBe(400);
    expect((await profile(viewer, author.user.username!, 'garbage')).statusCode).toBe(400);
  });

  it('when a visitor is not signed in, then the profile is a 401', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/network/members/${author.user.username}` })).statusCode,
    ).toBe(401);
  });
});

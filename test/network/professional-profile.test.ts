import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse, MemberProfile, PostsPage, SearchResults } from '../../contracts/network.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** Issue 39: headline, role, employer, location and about, saved with the profile, shown and searchable. */
describe('network professional profile', () => {
  let t: TestApp;
  let nurse: TestMember;
  let viewer: TestMember;
  const professional = {
    headline: 'مسؤولة توظيف التمريض · नर्स भर्ती प्रमुख',
    role: 'Nurse recruiter',
    employer: "St Mary's Hospital Trust, Riyadh branch",
    location: 'الرياض ٢٠٢٦',
    about: 'Hiring ICU nurses.\nArabic and Hindi speakers welcome: ١٢٣ / १२३.',
  };

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    nurse = await signUpMember(t, { displayName: 'Nadia Al-Haddad', professional });
    viewer = await signUpMember(t);
  });
  afterAll(() => t.close());

  const saveProfile = (member: TestMember, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/network/me/profile', headers: member.headers, payload });
  const me = async (member: TestMember) =>
    (await t.app.inject({ method: 'GET', url: '/api/network/me', headers: member.headers })).json<MeResponse>().user;

  it('when a member saves a professional profile, then it is theirs, on their profile page, and under their name on posts', async () => {
    expect(await me(nurse)).toMatchObject(professional);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/network/members/${nurse.user.username}`,
        headers: viewer.headers,
      })
    ).json<MemberProfile>();
    expect(page.member).toMatchObject(professional);

    await createTextPost(t, nurse, 'We are hiring');
    const feed = (
      await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: viewer.headers })
    ).json<PostsPage>();
    expect(feed.posts[0]?.user.headline).toBe(professional.headline);
  });

  it('when a member has no headline, then the post header says role at employer; a spec client that leaves the fields out keeps them', async () => {
    const member = await signUpMember(t, { professional: { role: 'HR business partner', employer: 'Acme Care' } });
    const post = await createTextPost(t, member, 'hello');
    expect(post.user.headline).toBe('HR business partner at Acme Care');

    const renamed = await saveProfile(member, { username: member.user.username, displayName: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<MeResponse>().user).toMatchObject({ role: 'HR business partner', employer: 'Acme Care' });

    const cleared = await saveProfile(member, {
      username: member.user.username,
      displayName: 'Renamed',
      role: '',
      employer: null,
    });
    expect(cleared.json<MeResponse>().user).toMatchObject({ role: null, employer: null });
  });

  it('when a member searches an employer, then the members working there are found, with their line', async () => {
    for (const q of ["st mary's", 'Mary', 'Riyadh branch']) {
      const found = (
        await t.app.inject({ method: 'GET', url: '/api/network/search', headers: viewer.headers, query: { q } })
      ).json<SearchResults>();
      expect(found.members, q).toContainEqual({
        username: nurse.user.username,
        displayName: 'Nadia Al-Haddad',
        photoURL: null,
        headline: professional.headline,
        role: professional.role,
        employer: professional.employer,
      });
      expect(JSON.stringify(found)).not.toContain(nurse.email);
    }
  });

  it('when a field is too long or holds control characters, then it is a 400 that changes nothing', async () => {
    for (const bad of [
      { headline: 'x'.repeat(121) },
      { about: 'y'.repeat(2001) },
      { employer: 'Acme\u0000' },
      { location: 42 },
    ]) {
      const response = await saveProfile(nurse, {
        username: nurse.user.username,
        displayName: 'Nadia Al-Haddad',
        ...bad,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
    expect(await me(nurse)).toMatchObject(professional);
  });
});

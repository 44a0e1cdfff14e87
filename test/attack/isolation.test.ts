import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PostsPage } from '../../contracts/network.js';
import { createQuestion, registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** One user's activity never shows in another user's answers, and one member cannot act on another's behalf. */
describe('one user never sees or changes what is another user’s', () => {
  let t: TestApp;
  let alice: Learner;
  let bob: Learner;
  let author: TestMember;
  let stranger: TestMember;
  const SECRET_DRAFT = 'alice-private-draft-7f3a';

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const admin = await signInLmsAdmin(t);
    for (let i = 0; i < 4; i++) await createQuestion(t, admin.headers, { profession: 'nurse' });
    alice = await registerLearner(t, { profession: 'nurse', programs: ['course', 'exam-results'] });
    bob = await registerLearner(t, { profession: 'nurse', programs: ['course', 'exam-results'] });
    author = await signUpMember(t);
    stranger = await signUpMember(t);
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });

  it("when one learner has answered, drafted and logged events, then another learner's exam, summary, progress, achievements and profile show none of it", async () => {
    const served = (await get(alice.headers, '/user/exam/questions')).json<{ examQuestions: { id: number }[] }>()
      .examQuestions;
    const first = served[0]?.id ?? 0;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/user/exam/submit',
          headers: alice.headers,
          payload: { questionId: first, userAnswer: 'Right' },
        })
      ).statusCode,
    ).toBe(200);
    const second =
      (await get(alice.headers, '/user/exam/questions')).json<{ examQuestions: { id: number }[] }>().examQuestions[0]
        ?.id ?? 0;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/user/exam/auto-save',
          headers: alice.headers,
          payload: { questionId: second, userAnswer: SECRET_DRAFT, timer: 99 },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/user/exam/events',
          headers: alice.headers,
          payload: { event: 'paste' },
        })
      ).statusCode,
    ).toBe(201);

    const bobsExam = await get(bob.headers, '/user/exam/questions');
    expect(bobsExam.body).not.toContain(SECRET_DRAFT);
    expect(bobsExam.json()).toMatchObject({ draft: null, attempt: { answeredCount: 0, correctCount: 0 } });
    // Bob's own form, none of Alice's answers.
    expect((await get(bob.headers, '/user/exam/summary')).json()).toMatchObject({
      summary: { totalScore: 0, pendingReview: 0 },
    });
    expect((await get(bob.headers, '/user/progress')).json()).toMatchObject({
      progress: { exam: { totalScore: 0, totalQuestions: 0 } },
    });
    expect((await get(bob.headers, '/user/achievements')).json()).toEqual({ achievements: [] });
    const bobsProfile = (await get(bob.headers, '/user/profile')).json<{ user: { id: number; username: string } }>();
    expect(bobsProfile.user).toMatchObject({ id: bob.id, username: bob.username });

    // Alice's own view does hold her work, so the emptiness above is not a broken endpoint.
    const alicesExam = (await get(alice.headers, '/user/exam/questions')).json<{
      draft: { userAnswer: string } | null;
    }>();
    expect(alicesExam.draft?.userAnswer).toBe(SECRET_DRAFT);
    expect((await get(alice.headers, '/user/exam/summary')).json()).toMatchObject({
      summary: { totalScore: 1 },
    });
  });

  it('when another learner autosaves the same exam, then each keeps their own draft', async () => {
    const bobsCurrent =
      (await get(bob.headers, '/user/exam/questions')).json<{ examQuestions: { id: number }[] }>().examQuestions[0]
        ?.id ?? 0;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/user/exam/auto-save',
      headers: bob.headers,
      payload: { questionId: bobsCurrent, userAnswer: 'bob draft', timer: 50 },
    });
    expect(saved.statusCode).toBe(200);

    expect(
      (await get(alice.headers, '/user/exam/questions')).json<{ draft: { userAnswer: string } | null }>().draft
        ?.userAnswer,
    ).toBe(SECRET_DRAFT);
    expect(
      (await get(bob.headers, '/user/exam/questions')).json<{ draft: { userAnswer: string } | null }>().draft
        ?.userAnswer,
    ).toBe('bob draft');
  });

  it("when another member tries to delete a post, then it is a 403 and the post, its likes and comments stay; the author's like state is the author's own", async () => {
    const post = await createTextPost(t, author, 'mine');
    await t.app.inject({ method: 'PUT', url: `/api/network/posts/${post.id}/like`, headers: author.headers });
    await t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${post.id}/comments`,
      headers: author.headers,
      payload: { text: 'first' },
    });

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${post.id}`,
      headers: stranger.headers,
    });
    const strangerUnlikes = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${post.id}/like`,
      headers: stranger.headers,
    });

    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Only the author can delete this post' });
    expect(strangerUnlikes.json()).toMatchObject({ likeCount: 1, likedByMe: false });
    const seenByStranger = (await get(stranger.headers, `/api/network/posts/${post.id}`)).json<Post>();
    expect(seenByStranger).toMatchObject({
      id: post.id,
      likeCount: 1,
      commentCount: 1,
      likedByMe: false,
      canDelete: false,
    });
    const seenByAuthor = (await get(author.headers, `/api/network/posts/${post.id}`)).json<Post>();
    expect(seenByAuthor).toMatchObject({ likedByMe: true, canDelete: true });
  });

  it("when a member reads the feed or /me, then only their own account comes back, never another member's session or email verification state", async () => {
    const me = (await get(stranger.headers, '/api/network/me')).json<{ user: { uid: string } }>();
    expect(me.user.uid).toBe(stranger.user.uid);
    const feed = await get(stranger.headers, '/api/network/posts');
    expect(feed.body).not.toContain(author.cookie.split('=')[1]);
    expect(feed.body).not.toMatch(/password|\$argon2|token_hash|tokenHash/i);
    for (const post of feed.json<PostsPage>().posts) expect(post.canDelete).toBe(post.userId === stranger.user.uid);
  });
});

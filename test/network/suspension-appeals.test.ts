import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AppealDecisionResult,
  AppealQueue,
  ModerationLog,
  ReportQueue,
  SuspensionChangeResult,
  SuspensionResponse,
} from '../../contracts/network-moderation.js';
import type { NotificationsPage } from '../../contracts/network.js';
import { createPost, createTextPost, signUpMember, tinyPng, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const MODERATOR_EMAIL = 'appeals-moderator@example.test';
const DAY_MS = 24 * 60 * 60_000;

/** Issue 39: a suspended member appeals once; moderators lift, shorten or keep a suspension, told and logged. */
describe('suspension appeals, lifting and shortening', () => {
  let t: TestApp;
  let moderator: TestMember;
  let reporter: TestMember;

  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_LIMIT: '1000',
      NETWORK_ADMIN_EMAILS: MODERATOR_EMAIL,
      MEMBER_REPORTS_PER_HOUR: '1000',
    });
    moderator = await signUpMember(t, { email: MODERATOR_EMAIL, verified: true });
    reporter = await signUpMember(t);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(61 * 60_000));

  const call = (member: TestMember, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: member.headers, ...(payload ? { payload } : {}) });
  const appeal = (member: TestMember, payload: object) =>
    call(member, 'POST', '/api/network/me/suspension/appeal', payload);
  const appeals = async () => {
    const response = await call(moderator, 'GET', '/api/network/moderation/appeals');
    expect(response.statusCode).toBe(200);
    return response.json<AppealQueue>();
  };
  const decide = (member: TestMember, appealId: string, payload: object) =>
    call(member, 'POST', `/api/network/moderation/appeals/${appealId}/decide`, payload);
  const change = (member: TestMember, suspensionId: string, payload: object) =>
    call(member, 'POST', `/api/network/moderation/suspensions/${suspensionId}/change`, payload);
  const suspensionOf = async (member: TestMember) =>
    (await call(member, 'GET', '/api/network/me/suspension')).json<SuspensionResponse>().suspension;
  const latestNotice = async (member: TestMember) =>
    (await call(member, 'GET', '/api/network/notifications')).json<NotificationsPage>().items[0];
  const appealRows = async () =>
    Number((await t.database.pool.query('SELECT 1 FROM network_suspension_appeals')).rowCount);

  /** A member whose reported post a moderator removed, suspending them for `days`; returns the log row's id. */
  async function suspended(days: number, words = 'Buy followers now'): Promise<{ member: TestMember; id: string }> {
    const member = await signUpMember(t, { verified: true });
    const post = await createTextPost(t, member, words);
    expect((await call(reporter, 'POST', `/api/network/posts/${post.id}/reports`, { reason: 'spam' })).statusCode).toBe(
      201,
    );
    const resolved = await call(moderator, 'POST', `/api/network/moderation/reports/${post.id}/resolve`, {
      action: 'suspend',
      days,
      note: 'Advertising',
    });
    expect(resolved.statusCode).toBe(200);
    // What follows (an appeal, a decision) comes later than the removal, as it would: a notification
    // of the same instant would tie with the removal's, whose order the bell does not promise.
    t.clock.advance(60_000);
    return { member, id: resolved.json<{ id: string }>().id };
  }

  it('when a suspended member appeals, then it waits in the queue with the suspension and their history, once per suspension', async () => {
    const { member, id } = await suspended(7, 'مرحبا، اشترِ متابعين ١٢٣ — फ़ॉलोअर्स खरीदें ४५६');
    const sent = await appeal(member, { text: '  I did not know links were not allowed.\nI will not do it again.  ' });
    expect(sent.statusCode).toBe(201);
    expect(await suspensionOf(member)).toMatchObject({
      reason: 'Advertising',
      appeal: { createdAt: t.clock.now().toISOString(), decided: false },
    });

    const again = await appeal(member, { text: 'Please?' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You have already appealed this suspension. A moderator will answer it.');

    const entry = (await appeals()).items.find((item) => item.suspension?.id === id);
    expect(entry).toEqual({
      id: sent.json().id,
      kind: 'suspension',
      member: { username: member.user.username, displayName: member.user.displayName, photoURL: null },
      text: 'I did not know links were not allowed.\nI will not do it again.',
      createdAt: t.clock.now().toISOString(),
      post: { description: 'مرحبا، اشترِ متابعين ١٢٣ — फ़ॉलोअर्स खरीदें ४५६', mediaType: '', mediaURL: null },
      removal: null,
      suspension: {
        id,
        reason: 'Advertising',
        postExcerpt: 'مرحبا، اشترِ متابعين ١٢٣ — फ़ॉलोअर्स खरीदें ४५६',
        suspendedAt: expect.any(String),
        endsAt: expect.any(String),
        postRemoved: true,
      },
      authorHistory: {
        reports: 1,
        removals: 1,
        suspensions: 1,
        recent: [expect.objectContaining({ id, action: 'suspend', note: 'Advertising' })],
      },
    });
    const body = JSON.stringify(await appeals());
    expect(body).not.toContain(member.email);
  });

  it('when a member who is not suspended appeals, or the body is bad, then nothing is stored', async () => {
    const before = await appealRows();
    const free = await signUpMember(t);
    const refused = await appeal(free, { text: 'Why?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Your account is not suspended, so there is nothing to appeal.');

    const { member } = await suspended(3);
    for (const payload of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 42 },
      { text: 'x'.repeat(2001) },
      { text: 'bell\u0007' },
      { text: 'fine', extra: true },
    ]) {
      const response = await appeal(member, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
    expect(await appealRows()).toBe(before);
    expect((await suspensionOf(member))?.appeal).toBeNull();
  });

  it('when a member suspended for 30 days is suspended again for a day, then lifting the day leaves the 30 days, which can still be lifted', async () => {
    const member = await signUpMember(t, { verified: true });
    const first = await createTextPost(t, member, 'Buy followers now');
    const second = await createTextPost(t, member, 'Cheap followers, message me');
    const suspend = async (post: { id: string }, days: number) => {
      expect(
        (await call(reporter, 'POST', `/api/network/posts/${post.id}/reports`, { reason: 'spam' })).statusCode,
      ).toBe(201);
      const resolved = await call(moderator, 'POST', `/api/network/moderation/reports/${post.id}/resolve`, {
        action: 'suspend',
        days,
        note: `Advertising, ${days} days`,
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
      return resolved.json<{ id: string }>().id;
    };
    const month = await suspend(first, 30);
    const longEnd = (await suspensionOf(member))?.endsAt;
    t.clock.advance(60_000);
    const day = await suspend(second, 1);
    // The month still holds the member, with its own reason.
    expect(await suspensionOf(member)).toMatchObject({ endsAt: longEnd, reason: 'Advertising, 30 days' });

    // The day is covered by the month: lifting it frees nobody.
    expect((await change(moderator, day, { change: 'lift', note: 'Too harsh' })).statusCode).toBe(409);
    expect(await suspensionOf(member)).toMatchObject({ endsAt: longEnd });
    // The month is the one to lift.
    expect((await change(moderator, month, { change: 'lift', note: 'Lifted after review' })).statusCode).toBe(200);
    expect(await suspensionOf(member)).toBeNull();
  });

  it('when a moderator lifts a suspension on appeal, then the member may write again, is told why, and the log keeps it', async () => {
    const { member, id } = await suspended(30);
    const sent = (await appeal(member, { text: 'It was my first post.' })).json<{ id: string }>();

    // Only moderators decide.
    expect((await decide(reporter, sent.id, { change: 'lift', note: 'x' })).statusCode).toBe(403);
    expect((await call(reporter, 'GET', '/api/network/moderation/appeals')).statusCode).toBe(403);
    expect(await suspensionOf(member)).not.toBeNull();

    const lifted = await decide(moderator, sent.id, { change: 'lift', note: 'First offence, apology accepted' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json<SuspensionChangeResult>()).toEqual({
      id: expect.any(String),
      change: 'lift',
      endsAt: null,
      postRestored: false,
    });

    expect(await suspensionOf(member)).toBeNull();
    expect((await createPost(t, member, 'Back, and within the rules')).statusCode).toBe(201);
    // Every holder of that suspension went (its account and its verified address alike).
    expect(
      (await t.database.pool.query('SELECT 1 FROM network_suspension_holds WHERE action_id = $1', [id])).rowCount,
    ).toBe(0);
    expect(await latestNotice(member)).toMatchObject({
      type: 'moderation',
      moderation: { outcome: 'lifted', toAuthor: true, note: 'First offence, apology accepted', suspendedUntil: null },
    });
    expect((await appeals()).items.some((item) => item.id === sent.id)).toBe(false);
    const logged = (await call(moderator, 'GET', '/api/network/moderation/log')).json<ModerationLog>().items;
    expect(logged[0]).toMatchObject({
      action: 'lift',
      revisesId: id,
      note: 'First offence, apology accepted',
      author: { username: member.user.username },
      running: false,
    });
    expect(logged.find((entry) => entry.id === id)).toMatchObject({ action: 'suspend', running: false });

    const twice = await decide(moderator, sent.id, { change: 'uphold', note: 'again' });
    expect(twice.statusCode).toBe(409);
  });

  it('when an appeal shows the post was fine, then the moderator lifts the suspension and puts the post back in one decision, both logged', async () => {
    const words = 'Night shifts at St Mary’s — نوبات ليلية — रात की पाली';
    const { member, id } = await suspended(14, words);
    const sent = (await appeal(member, { text: 'It is a real vacancy at my hospital.' })).json<{ id: string }>();
    expect((await appeals()).items.find((item) => item.id === sent.id)?.suspension?.postRemoved).toBe(true);
    const postId = (
      await t.database.pool.query<{ post_id: string }>('SELECT post_id FROM network_moderation_actions WHERE id = $1', [
        id,
      ])
    ).rows[0]?.post_id;
    expect((await call(reporter, 'GET', `/api/network/posts/${postId}`)).statusCode).toBe(404);

    const bad = await decide(moderator, sent.id, { change: 'lift', note: 'x', restorePost: 'yes' });
    expect(bad.statusCode).toBe(400);
    const lifted = await decide(moderator, sent.id, {
      change: 'lift',
      note: 'Checked: the vacancy is real',
      restorePost: true,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json<SuspensionChangeResult>()).toMatchObject({ change: 'lift', endsAt: null, postRestored: true });
    const back = await call(reporter, 'GET', `/api/network/posts/${postId}`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ description: words });
    expect(await suspensionOf(member)).toBeNull();

    const logged = (await call(moderator, 'GET', '/api/network/moderation/log')).json<ModerationLog>().items;
    expect(logged.slice(0, 2).map((entry) => [entry.action, entry.revisesId])).toEqual(
      expect.arrayContaining([
        ['lift', id],
        ['restore', id],
      ]),
    );
    expect(logged.find((entry) => entry.id === id)).toMatchObject({ running: false, restorable: false });
    const told = (await call(member, 'GET', '/api/network/notifications')).json<NotificationsPage>().items;
    expect(
      told
        .slice(0, 2)
        .map((item) => item.moderation?.outcome)
        .sort(),
    ).toEqual(['lifted', 'restored']);
    // The removal undone is not held against the member any more.
    const other = await createTextPost(t, member, 'Another vacancy');
    await call(reporter, 'POST', `/api/network/posts/${other.id}/reports`, { reason: 'other' });
    const queued = (await call(moderator, 'GET', '/api/network/moderation/reports')).json<ReportQueue>();
    expect(queued.items.find((item) => item.id === other.id)?.authorHistory).toMatchObject({
      removals: 0,
      suspensions: 1,
    });
    await call(moderator, 'POST', `/api/network/moderation/reports/${other.id}/resolve`, { action: 'dismiss' });
  });

  it('when a moderator shortens or keeps a suspension on appeal, then its end moves only sooner and the member is told the new end', async () => {
    const { member, id } = await suspended(10);
    const sent = (await appeal(member, { text: 'Ten days is a lot.' })).json<{ id: string }>();
    const longer = await decide(moderator, sent.id, { change: 'shorten', days: 10, note: 'no' });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().error).toMatch(/^That would not shorten the suspension: it ends /);
    const before = await suspensionOf(member);

    const shortened = await decide(moderator, sent.id, { change: 'shorten', days: 2, note: 'Fair point' });
    expect(shortened.statusCode).toBe(200);
    const end = new Date(t.clock.now().getTime() + 2 * DAY_MS).toISOString();
    expect(shortened.json()).toMatchObject({ change: 'shorten', endsAt: end });
    expect(await suspensionOf(member)).toMatchObject({ endsAt: end, appeal: { decided: true } });
    expect(before?.endsAt).not.toBe(end);
    expect(await latestNotice(member)).toMatchObject({
      moderation: { outcome: 'shortened', suspendedUntil: end, note: 'Fair point' },
    });

    // The log row still runs: a moderator may lift it from there without an appeal.
    const entry = (await call(moderator, 'GET', '/api/network/moderation/log')).json<ModerationLog>().items;
    expect(entry.find((row) => row.id === id)).toMatchObject({ running: true });

    const other = await suspended(5);
    const kept = (await appeal(other.member, { text: 'Please' })).json<{ id: string }>();
    const upheld = await decide(moderator, kept.id, { change: 'uphold', note: 'The post was spam' });
    expect(upheld.statusCode).toBe(200);
    expect(await suspensionOf(other.member)).toMatchObject({ appeal: { decided: true } });
    expect(await latestNotice(other.member)).toMatchObject({
      moderation: { outcome: 'upheld', note: 'The post was spam', suspendedUntil: expect.any(String) },
    });
  });

  it('when a moderator lifts or shortens a suspension from the log, then bad input and stale targets change nothing', async () => {
    const { member, id } = await suspended(4);
    const before = await suspensionOf(member);
    for (const payload of [
      {},
      { change: 'ban', note: 'x' },
      { change: 'lift' },
      { change: 'lift', note: '' },
      { change: 'lift', days: 2, note: 'x' },
      { change: 'shorten', note: 'no days' },
      { change: 'shorten', days: 0, note: 'zero' },
      { change: 'shorten', days: 1.5, note: 'half' },
      { change: 'lift', note: 'x'.repeat(501) },
      { change: 'uphold', note: 'only on appeal' },
    ]) {
      const response = await change(moderator, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
    expect((await change(moderator, 'not-a-uuid', { change: 'lift', note: 'x' })).statusCode).toBe(400);
    expect(
      (await change(moderator, '00000000-0000-4000-8000-000000000000', { change: 'lift', note: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await decide(moderator, '00000000-0000-4000-8000-000000000000', { change: 'lift', note: 'x' })).statusCode,
    ).toBe(404);
    expect((await change(reporter, id, { change: 'lift', note: 'x' })).statusCode).toBe(403);
    expect(await suspensionOf(member)).toEqual(before);

    // A removal without a suspension has nothing to lift.
    const author = await signUpMember(t);
    const removable = await createTextPost(t, author, 'Removable');
    await call(reporter, 'POST', `/api/network/posts/${removable.id}/reports`, { reason: 'other' });
    const removal = await call(moderator, 'POST', `/api/network/moderation/reports/${removable.id}/resolve`, {
      action: 'remove',
      note: 'Off topic',
    });
    expect((await change(moderator, removal.json<{ id: string }>().id, { change: 'lift', note: 'x' })).statusCode).toBe(
      404,
    );

    // A lift answers an open appeal of it; a second lift is a 409.
    await appeal(member, { text: 'Sorry' });
    expect((await change(moderator, id, { change: 'lift', note: 'Served enough' })).statusCode).toBe(200);
    expect((await appeals()).items.some((item) => item.suspension?.id === id)).toBe(false);
    const again = await change(moderator, id, { change: 'shorten', days: 1, note: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This suspension has already ended or been lifted.');
  });

  it("when a post of a member with a past is reported, then the queue shows the author's earlier reports, removals and suspensions", async () => {
    const { member } = await suspended(1, 'First spam');
    t.clock.advance(DAY_MS + 1000);
    const post = await createTextPost(t, member, 'Second spam');
    await call(reporter, 'POST', `/api/network/posts/${post.id}/reports`, { reason: 'spam' });
    const group = (await call(moderator, 'GET', '/api/network/moderation/reports'))
      .json<ReportQueue>()
      .items.find((item) => item.id === post.id);
    expect(group?.authorHistory).toMatchObject({
      reports: 1,
      removals: 1,
      suspensions: 1,
      recent: [{ action: 'suspend', postExcerpt: 'First spam', note: 'Advertising' }],
    });
    const clean = await signUpMember(t);
    const cleanPost = await createTextPost(t, clean, 'Just an opinion');
    await call(reporter, 'POST', `/api/network/posts/${cleanPost.id}/reports`, { reason: 'other' });
    const pages: ReportQueue['items'] = [];
    let cursor: string | null | undefined;
    do {
      const page = (
        await t.app.inject({
          method: 'GET',
          url: '/api/network/moderation/reports',
          headers: moderator.headers,
          query: cursor ? { cursor } : {},
        })
      ).json<ReportQueue>();
      pages.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.find((item) => item.id === cleanPost.id)?.authorHistory).toEqual({
      reports: 0,
      removals: 0,
      suspensions: 0,
      recent: [],
    });
  });
  describe('the appeal of a removal without a suspension (issue 39)', () => {
    const WORDS = 'Ward B needs two nurses tonight — جناح ب ٢ — वार्ड बी २';
    const appealRemoval = (member: TestMember, removalId: string, payload: object) =>
      call(member, 'POST', `/api/network/me/removals/${removalId}/appeal`, payload);
    /** The author's notice of the removal: where their appeal of it stands. */
    const removalNotice = async (member: TestMember, removalId: string) =>
      (await call(member, 'GET', '/api/network/notifications'))
        .json<NotificationsPage>()
        .items.find((item) => item.moderation?.removalAppeal?.removalId === removalId);

    /** A member's photo post, reported and removed without a suspension; returns them, the post and the removal's log row. */
    async function removedPost() {
      const member = await signUpMember(t, { verified: true });
      const posted = await createPost(t, member, WORDS, {
        name: 'media',
        filename: 'ward.png',
        contentType: 'image/png',
        data: tinyPng,
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const post = posted.json<{ id: string; mediaURL: string }>();
      expect(
        (await call(reporter, 'POST', `/api/network/posts/${post.id}/reports`, { reason: 'spam' })).statusCode,
      ).toBe(201);
      const resolved = await call(moderator, 'POST', `/api/network/moderation/reports/${post.id}/resolve`, {
        action: 'remove',
        note: 'Looked like a recruitment scam',
      });
      expect(resolved.statusCode).toBe(200);
      t.clock.advance(60_000);
      return { member, post, removalId: resolved.json<{ id: string }>().id };
    }

    it('when the author appeals, then it waits in the queue with the post, its photo for moderators only, and their history, once', async () => {
      const { member, post, removalId } = await removedPost();
      expect(await removalNotice(member, removalId)).toMatchObject({
        moderation: { outcome: 'removed', toAuthor: true, removalAppeal: { removalId, status: 'possible' } },
      });
      // Reporters are told of the removal, but there is nothing for them to appeal.
      const told = (await call(reporter, 'GET', '/api/network/notifications')).json<NotificationsPage>().items;
      expect(told.filter((item) => item.moderation?.removalAppeal)).toEqual([]);

      const sent = await appealRemoval(member, removalId, {
        text: '  The vacancy is real.\nCall the ward to check.  ',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect((await removalNotice(member, removalId))?.moderation?.removalAppeal?.status).toBe('waiting');

      const again = await appealRemoval(member, removalId, { text: 'Please?' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('You have already appealed this removal. A moderator will answer it.');

      const entry = (await appeals()).items.find((item) => item.id === sent.json().id);
      expect(entry).toEqual({
        id: sent.json().id,
        kind: 'removal',
        member: { username: member.user.username, displayName: member.user.displayName, photoURL: null },
        text: 'The vacancy is real.\nCall the ward to check.',
        createdAt: t.clock.now().toISOString(),
        post: { description: WORDS, mediaType: 'image/png', mediaURL: post.mediaURL },
        removal: {
          id: removalId,
          reason: 'Looked like a recruitment scam',
          postExcerpt: WORDS,
          removedAt: expect.any(String),
          postRemoved: true,
        },
        suspension: null,
        authorHistory: expect.objectContaining({ reports: 1, removals: 1, suspensions: 0 }),
      });
      // The removed photo stays withheld from members; the moderator judging the appeal sees it.
      expect((await call(reporter, 'GET', post.mediaURL)).statusCode).toBe(404);
      expect((await call(member, 'GET', post.mediaURL)).statusCode).toBe(404);
      expect((await call(moderator, 'GET', post.mediaURL)).statusCode).toBe(200);
      expect((await call(reporter, 'GET', `/api/network/posts/${post.id}`)).statusCode).toBe(404);
    });

    it('when anyone but the author appeals, or the body is bad, then it is refused and nothing is stored', async () => {
      const { member, removalId } = await removedPost();
      const before = await appealRows();
      for (const other of [reporter, moderator, await signUpMember(t)]) {
        const refused = await appealRemoval(other, removalId, { text: 'It was fine' });
        expect(refused.statusCode).toBe(404);
        expect(refused.json().error).toBe('Removal not found');
      }
      for (const payload of [
        {},
        { text: '   ' },
        { text: 'x'.repeat(2001) },
        { text: 'bell\u0007' },
        { text: 'ok', x: 1 },
      ]) {
        const response = await appealRemoval(member, removalId, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(typeof response.json().error).toBe('string');
      }
      expect((await appealRemoval(member, 'not-a-uuid', { text: 'Why?' })).statusCode).toBe(400);
      expect((await appealRemoval(member, '00000000-0000-4000-8000-000000000000', { text: 'Why?' })).statusCode).toBe(
        404,
      );
      expect((await call(member, 'POST', `/api/network/me/removals/${removalId}/appeal`)).statusCode).toBe(400);
      expect(await appealRows()).toBe(before);
      expect((await removalNotice(member, removalId))?.moderation?.removalAppeal?.status).toBe('possible');
    });

    it('when the post is no longer removed, or the removal came with a suspension, then there is nothing to appeal', async () => {
      const { member, removalId } = await removedPost();
      expect(
        (await call(moderator, 'POST', `/api/network/moderation/removals/${removalId}/undo`, { note: 'My mistake' }))
          .statusCode,
      ).toBe(200);
      const before = await appealRows();
      const late = await appealRemoval(member, removalId, { text: 'Please put it back' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe('This post is no longer removed, so there is nothing to appeal.');
      expect((await removalNotice(member, removalId))?.moderation?.removalAppeal?.status).toBe('closed');

      const { member: suspendedMember, id: suspensionId } = await suspended(3);
      const viaRemoval = await appealRemoval(suspendedMember, suspensionId, { text: 'Please' });
      expect(viaRemoval.statusCode).toBe(409);
      expect(viaRemoval.json().error).toMatch(/^This removal came with a suspension/);
      expect(await appealRows()).toBe(before);
    });

    it('when a moderator keeps the removal on appeal, then the post stays removed, the author is told why, and the log keeps it', async () => {
      const { member, post, removalId } = await removedPost();
      const sent = (await appealRemoval(member, removalId, { text: 'It was a real shift.' })).json<{ id: string }>();

      expect((await decide(reporter, sent.id, { change: 'uphold', note: 'x' })).statusCode).toBe(403);
      for (const payload of [
        { change: 'lift', note: 'Not a suspension' },
        { change: 'shorten', days: 1, note: 'Not a suspension' },
        { change: 'uphold', note: 'Kept', restorePost: true },
        { change: 'restore' },
        { change: 'remove', note: 'x' },
      ]) {
        const response = await decide(moderator, sent.id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await appeals()).items.some((item) => item.id === sent.id)).toBe(true);

      const kept = await decide(moderator, sent.id, { change: 'uphold', note: 'The number in it is a premium line' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<AppealDecisionResult>()).toEqual({
        id: expect.any(String),
        change: 'uphold',
        endsAt: null,
        postRestored: false,
      });
      expect((await call(reporter, 'GET', `/api/network/posts/${post.id}`)).statusCode).toBe(404);
      expect((await appeals()).items.some((item) => item.id === sent.id)).toBe(false);
      expect(await latestNotice(member)).toMatchObject({
        type: 'moderation',
        moderation: {
          outcome: 'removal_upheld',
          toAuthor: true,
          postExcerpt: WORDS,
          note: 'The number in it is a premium line',
          removalAppeal: null,
        },
      });
      expect((await removalNotice(member, removalId))?.moderation?.removalAppeal?.status).toBe('answered');
      const logged = (await call(moderator, 'GET', '/api/network/moderation/log')).json<ModerationLog>().items;
      expect(logged[0]).toMatchObject({
        id: kept.json().id,
        action: 'uphold_removal',
        revisesId: removalId,
        note: 'The number in it is a premium line',
        author: { username: member.user.username },
      });
      // Still removed: a moderator may still put it back from the log.
      expect(logged.find((entry) => entry.id === removalId)).toMatchObject({ restorable: true });
      expect((await decide(moderator, sent.id, { change: 'restore', note: 'again' })).statusCode).toBe(409);
    });

    it('when a moderator restores the post on appeal, then it is back, the author is told, and the log keeps it', async () => {
      const { member, post, removalId } = await removedPost();
      const sent = (await appealRemoval(member, removalId, { text: 'It was a real shift.' })).json<{ id: string }>();
      const restored = await decide(moderator, sent.id, { change: 'restore', note: 'Checked with the ward: real' });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<AppealDecisionResult>()).toMatchObject({ change: 'restore', postRestored: true });
      const back = await call(reporter, 'GET', `/api/network/posts/${post.id}`);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ description: WORDS });
      expect((await call(reporter, 'GET', post.mediaURL)).statusCode).toBe(200);
      expect(await latestNotice(member)).toMatchObject({
        moderation: { outcome: 'restored', toAuthor: true, note: 'Checked with the ward: real' },
      });
      const logged = (await call(moderator, 'GET', '/api/network/moderation/log')).json<ModerationLog>().items;
      expect(logged[0]).toMatchObject({ action: 'restore', revisesId: removalId });
      expect((await appeals()).items.some((item) => item.id === sent.id)).toBe(false);

      // A suspension's appeal is not "restored": its post comes back with restorePost.
      const { member: suspendedMember } = await suspended(2);
      const suspensionAppeal = (await appeal(suspendedMember, { text: 'Sorry' })).json<{ id: string }>();
      expect((await decide(moderator, suspensionAppeal.id, { change: 'restore', note: 'x' })).statusCode).toBe(400);
      expect((await decide(moderator, suspensionAppeal.id, { change: 'uphold', note: 'Kept' })).statusCode).toBe(200);
    });

    it('when a moderator puts the post back from the log while its appeal waits, then the appeal is answered by it', async () => {
      const { member, removalId } = await removedPost();
      const sent = (await appealRemoval(member, removalId, { text: 'Please look again.' })).json<{ id: string }>();
      const undone = await call(moderator, 'POST', `/api/network/moderation/removals/${removalId}/undo`, {
        note: 'Seen on a second look',
      });
      expect(undone.statusCode).toBe(200);
      expect((await appeals()).items.some((item) => item.id === sent.id)).toBe(false);
      expect((await removalNotice(member, removalId))?.moderation?.removalAppeal?.status).toBe('answered');
      expect((await decide(moderator, sent.id, { change: 'uphold', note: 'late' })).statusCode).toBe(409);
    });
  });
});

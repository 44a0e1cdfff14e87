import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/client.js';
import { loadDemoContent } from '../../server/lms/demo-content.js';
import { createLogger } from '../../server/platform/logger.js';
import { readEventStream } from '../support/event-stream.js';
import { caseAdmin, startCluster, type Cluster } from './topology.js';
import { ceiling, timeouts } from '../support/timeouts.js';

const MEMBERS = 60;
const STREAMS_PER_MEMBER = 5;
const LOOKUP_LIMIT = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Member = { email: string; cookie: string };

/** An EventSource as a browser runs it: on a dropped stream it reconnects with Last-Event-ID; a 401 ends it. */
function subscribe(baseUrl: string, member: Member) {
  const received = new Set<number>();
  const state = {
    startId: undefined as number | undefined,
    lastId: undefined as string | undefined,
    connected: false,
    reconnects: 0,
    endedBy401: false,
    closed: false,
    resets: 0,
  };
  const controller = new AbortController();
  const done = (async () => {
    while (!state.closed) {
      try {
        const response = await fetch(`${baseUrl}/api/network/events`, {
          headers: {
            cookie: member.cookie,
            accept: 'text/event-stream',
            ...(state.lastId ? { 'last-event-id': state.lastId } : {}),
          },
          signal: controller.signal,
        });
        if (response.status === 401) {
          state.endedBy401 = true;
          await response.body?.cancel();
          return;
        }
        if (response.status === 200 && response.body) {
          state.connected = true;
          await readEventStream(
            response.body,
            (event) => {
              if (event.event === 'reset') state.resets++;
              else if (event.id) received.add(Number(event.id));
            },
            (id) => {
              state.lastId = id;
              state.startId ??= Number(id);
            },
          );
        } else {
          await response.body?.cancel();
        }
      } catch {
        // connection refused or reset: the instance died; try again through the balancer
      }
      state.connected = false;
      if (state.closed) return;
      state.reconnects++;
      await sleep(200 + Math.random() * 300);
    }
  })();
  return {
    member,
    received,
    state,
    close() {
      state.closed = true;
      controller.abort();
      return done;
    },
    done,
  };
}

async function signUp(baseUrl: string): Promise<Member> {
  const email = `cluster-${randomBytes(5).toString('hex')}@example.test`;
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const signUpResponse = await fetch(`${baseUrl}/api/network/auth/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  if (signUpResponse.status !== 202)
    throw new Error(`sign-up: ${signUpResponse.status} ${await signUpResponse.text()}`);
  const signIn = await fetch(`${baseUrl}/api/network/auth/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie =
    (signIn.headers.getSetCookie().find((c) => c.startsWith('pathway_session=')) ?? '').split(';')[0] ?? '';
  const profile = await fetch(`${baseUrl}/api/network/me/profile`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ username: `c_${randomBytes(5).toString('hex')}`, displayName: 'Cluster Member' }),
  });
  if (profile.status !== 200) throw new Error(`profile: ${profile.status} ${await profile.text()}`);
  return { email, cookie };
}

async function inBatches<T>(count: number, size: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += size)
    made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i)))));
  return made;
}

/** An LMS learner (the exam's contract: bearer tokens), registered through the balancer. */
async function registerLearner(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `learner_${randomBytes(4).toString('hex')}`,
      password: 'correct horse battery',
      profession: 'nurse',
    }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Members posting and liking, staff creating cases and learners answering exam questions, through the balancer; each acknowledged write recorded. */
function startLoad(baseUrl: string, members: Member[], staffToken: string, learners: string[]) {
  const acknowledged = {
    posts: [] as string[],
    likes: [] as { postId: string; member: number }[],
    cases: [] as number[],
    answers: 0,
  };
  let running = true;
  let attempts = 0;
  const poster = async (writer: number) => {
    for (let n = 0; running; n++) {
      const member = members[(writer * 7 + n) % members.length]!;
      const form = new FormData();
      form.set('description', `load ${writer}-${n}`);
      attempts++;
      try {
        const response = await fetch(`${baseUrl}/api/network/posts`, {
          method: 'POST',
          headers: { origin: baseUrl, cookie: member.cookie },
          body: form,
        });
        if (response.status === 201) acknowledged.posts.push(((await response.json()) as { id: string }).id);
        else await response.body?.cancel();
      } catch {
        // the instance died under this request: unknown, not acknowledged
      }
      await sleep(20);
    }
  };
  const liker = async (writer: number) => {
    for (let n = 0; running; n++) {
      const postId = acknowledged.posts[acknowledged.posts.length - 1 - (n % 5)];
      const memberIndex = (writer * 11 + n) % members.length;
      if (!postId) {
        await sleep(50);
        continue;
      }
      attempts++;
      try {
        const response = await fetch(`${baseUrl}/api/network/posts/${postId}/like`, {
          method: 'PUT',
          headers: { origin: baseUrl, cookie: members[memberIndex]!.cookie },
        });
        if (response.status === 200) acknowledged.likes.push({ postId, member: memberIndex });
        await response.body?.cancel();
      } catch {
        // as above
      }
      await sleep(20);
    }
  };
  const staff = async (writer: number) => {
    for (let n = 0; running; n++) {
      attempts++;
      try {
        const response = await fetch(`${baseUrl}/api/caseadmin/cases`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
          body: JSON.stringify({
            case_number: `CL-${writer}-${n}-${randomBytes(2).toString('hex')}`,
            passport_number: `P${n}`,
            client_name: 'Cluster Load',
            serviceIds: [],
          }),
        });
        if (response.status === 201)
          acknowledged.cases.push(((await response.json()) as { newCase: { id: number } }).newCase.id);
        else await response.body?.cancel();
      } catch {
        // as above
      }
      await sleep(30);
    }
  };
  const learner = async (token: string) => {
    while (running) {
      attempts++;
      try {
        const next = await fetch(`${baseUrl}/user/exam/questions`, { headers: { authorization: `Bearer ${token}` } });
        if (next.status !== 200) {
          await next.body?.cancel();
          await sleep(50);
          continue;
        }
        const question = ((await next.json()) as { examQuestions: { id: number }[] }).examQuestions[0];
        if (!question) return; // this learner's exam is done
        const answer = await fetch(`${baseUrl}/user/exam/submit`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ questionId: question.id, userAnswer: 'Option A' }),
        });
        if (answer.status === 200) acknowledged.answers++;
        await answer.body?.cancel();
      } catch {
        // as above
      }
      await sleep(30);
    }
  };
  const writers = [poster(0), poster(1), poster(2), liker(0), liker(1), staff(0), ...learners.map(learner)];
  return {
    acknowledged,
    attempts: () => attempts,
    async stop() {
      running = false;
      await Promise.all(writers);
    },
  };
}

describe('three instances behind HAProxy, PgBouncer in transaction pooling, Redis and s3rver', () => {
  let cluster: Cluster;
  let direct: pg.Client;
  let members: Member[];
  const figures: Record<string, number | string> = {};

  beforeAll(async () => {
    const started = Date.now();
    cluster = await startCluster({ instances: 3, env: { CASE_LOOKUP_RATE_LIMIT: String(LOOKUP_LIMIT) } });
    figures.startSeconds = (Date.now() - started) / 1000;
    direct = new pg.Client({ connectionString: cluster.directUrl });
    await direct.connect();
    const signUps = Date.now();
    members = await inBatches(MEMBERS, 6, () => signUp(cluster.balancerUrl));
    figures.signUpSeconds = (Date.now() - signUps) / 1000;
  });
  afterAll(async () => {
    console.log('cluster figures', JSON.stringify(figures));
    if (process.env.CLUSTER_DEBUG) console.log(cluster?.output());
    await direct?.end();
    await cluster?.stop();
  });

  it('when a client comes over plain HTTP, then the balancer sends it to HTTPS; over HTTPS the answers carry HSTS and the app sees the secure scheme', async () => {
    const plain = await fetch(`${cluster.balancerHttpUrl}/casetracking?from=email`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    // The same host and address over HTTPS (on the standard ports the host carries none; here it keeps the test's).
    expect(plain.headers.get('location')).toBe(
      `https://${new URL(cluster.balancerHttpUrl).host}/casetracking?from=email`,
    );
    const api = await fetch(`${cluster.balancerHttpUrl}/api/progress?caseNumber=X&passportNumber=Y`, {
      redirect: 'manual',
    });
    expect(api.status).toBe(301);

    const secure = await fetch(`${cluster.balancerUrl}/api/config`);
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // X-Forwarded-Proto from the balancer: the session cookie of a sign-in through it is Secure.
    const email = `tls-${randomBytes(4).toString('hex')}@example.test`;
    const headers = { 'content-type': 'application/json', origin: cluster.balancerUrl };
    await fetch(`${cluster.balancerUrl}/api/network/auth/sign-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    const signIn = await fetch(`${cluster.balancerUrl}/api/network/auth/sign-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(signIn.status).toBe(200);
    const session = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith('pathway_session='));
    expect(session).toMatch(/; Secure/i);
  });

  it('when one instance is killed under load, then every subscriber reconnects through the balancer and receives every event, no acknowledged write is lost, sign-out ends streams everywhere, limits hold, and the instance comes back', async () => {
    const staffLogin = await fetch(`${cluster.balancerUrl}/api/caseadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(caseAdmin),
    });
    expect(staffLogin.status).toBe(200);
    const staffToken = ((await staffLogin.json()) as { token: string }).token;

    const subscribers = members.flatMap((member) =>
      Array.from({ length: STREAMS_PER_MEMBER }, () => subscribe(cluster.balancerUrl, member)),
    );
    await cluster.until(
      'every subscriber to connect',
      async () => subscribers.every((s) => s.state.connected && s.state.startId !== undefined),
      ceiling(60_000), // every stream of every member, through the balancer at once
      cluster.output,
    );
    figures.subscribers = subscribers.length;

    // Questions for the learners, loaded once (as `npm run lms:demo-content` does).
    const questions = connectDatabase(cluster.directUrl, { poolSize: 1, log: createLogger('silent') });
    await loadDemoContent(questions.db);
    await questions.close();
    const learners = await inBatches(4, 4, () => registerLearner(cluster.balancerUrl));

    const load = startLoad(cluster.balancerUrl, members, staffToken, learners);
    await cluster.until(
      'some writes',
      async () => load.acknowledged.posts.length >= 20,
      timeouts.condition,
      cluster.output,
    );
    const victim = cluster.instances[1]!;
    const sessions = await cluster.serverStats();
    figures.streamsPerInstanceBeforeKill = Object.values(sessions)
      .map((server) => server.sessions)
      .join('/');
    const killedAt = Date.now();
    await cluster.kill(victim);
    // Streams on the dead instance end as HAProxy sees its connections close.
    await cluster.until(
      "the dead instance's streams to drop",
      async () => subscribers.some((s) => !s.state.connected),
      timeouts.condition,
    );
    // The streams the dead instance held reconnect through the balancer to the living two.
    await cluster.until(
      'every subscriber to reconnect',
      async () => subscribers.every((s) => s.state.connected),
      ceiling(60_000), // HAProxy's checks mark the dead instance down, and each client's backoff passes
      cluster.output,
    );
    figures.allReconnectedAfterKillMs = Date.now() - killedAt;
    figures.reconnectedStreams = subscribers.filter((s) => s.state.reconnects > 0).length;
    // The living instances go on taking writes: the load runs until they acknowledge more posts.
    const postsBeforeReconnect = load.acknowledged.posts.length;
    await cluster.until(
      'writes after the failover',
      async () => load.acknowledged.posts.length >= postsBeforeReconnect + 20,
      timeouts.condition,
      cluster.output,
    );
    await load.stop();
    figures.writeAttempts = load.attempts();
    figures.acknowledgedPosts = load.acknowledged.posts.length;
    figures.acknowledgedLikes = load.acknowledged.likes.length;
    figures.acknowledgedCases = load.acknowledged.cases.length;
    figures.acknowledgedAnswers = load.acknowledged.answers;

    // No acknowledged write is lost.
    const posts = await direct.query<{ id: string }>('SELECT id FROM network_posts WHERE id = ANY($1::uuid[])', [
      load.acknowledged.posts,
    ]);
    expect(posts.rowCount).toBe(new Set(load.acknowledged.posts).size);
    const cases = await direct.query<{ id: number }>('SELECT id FROM cases WHERE id = ANY($1::int[])', [
      load.acknowledged.cases,
    ]);
    expect(cases.rowCount).toBe(load.acknowledged.cases.length);
    const likedPosts = await direct.query<{ post_id: string }>(
      'SELECT DISTINCT post_id FROM network_likes WHERE post_id = ANY($1::uuid[])',
      [[...new Set(load.acknowledged.likes.map((like) => like.postId))]],
    );
    expect(likedPosts.rowCount).toBe(new Set(load.acknowledged.likes.map((like) => like.postId)).size);
    expect(load.acknowledged.answers).toBeGreaterThan(0);
    const answers = await direct.query<{ count: number }>('SELECT count(*)::int AS count FROM exam_answers');
    // Answers in flight when the instance died may be stored too; every acknowledged one is.
    expect(answers.rows[0]!.count).toBeGreaterThanOrEqual(load.acknowledged.answers);

    // Every subscriber gets every event written after it connected, the dead instance's ones by Last-Event-ID.
    // An event with a recipient (a member's unread notifications) goes to that member's streams only.
    const { rows } = await direct.query<{ id: number; recipient: string | null }>(
      'SELECT e.id::int, u.email AS recipient FROM network_events e LEFT JOIN network_users u ON u.id = e.recipient_id ORDER BY e.id',
    );
    figures.events = rows.length;
    const missing = (s: (typeof subscribers)[number]) =>
      rows.filter(
        ({ id, recipient }) =>
          id > (s.state.startId ?? 0) && (recipient === null || recipient === s.member.email) && !s.received.has(id),
      ).length;
    await cluster.until(
      'every subscriber to receive every event',
      async () => subscribers.every((s) => missing(s) === 0),
      timeouts.condition,
      () => `missing: ${subscribers.map(missing).filter(Boolean).join(',')}`,
    );
    expect(subscribers.every((s) => s.state.resets === 0)).toBe(true);
    figures.eventsDelivered = subscribers.reduce((sum, s) => sum + s.received.size, 0);

    // Sign-out through one instance ends the member's streams on the others.
    const leaving = await signUp(cluster.instances[0]!.url);
    const alive = cluster.instances.filter((instance) => instance !== victim);
    const leavingStreams = alive.map((instance) => subscribe(instance.url, leaving));
    await cluster.until(
      "the leaving member's streams to open",
      async () => leavingStreams.every((s) => s.state.connected),
      timeouts.condition,
    );
    const signedOutAt = Date.now();
    const out = await fetch(`${alive[0]!.url}/api/network/auth/sign-out`, {
      method: 'POST',
      headers: { origin: alive[0]!.url, cookie: leaving.cookie },
    });
    expect(out.status).toBe(204);
    await cluster.until(
      'the streams of the signed-out session to end on every instance',
      async () => leavingStreams.every((s) => s.state.endedBy401),
      timeouts.condition,
    );
    figures.signOutEndsStreamsMs = Date.now() - signedOutAt;

    // The lookup limit is shared through Redis: the balancer spreads the requests, the count is one.
    const statuses = await inBatches(LOOKUP_LIMIT + 15, 5, async (i) => {
      const response = await fetch(`${cluster.balancerUrl}/api/progress?caseNumber=NONE-${i}&passportNumber=X${i}`);
      await response.body?.cancel();
      return response.status;
    });
    expect(statuses.filter((status) => status !== 429)).toHaveLength(LOOKUP_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);

    // The killed instance comes back and the balancer routes to it again.
    await cluster.start(victim);
    await cluster.until(
      'HAProxy to see the instance up again',
      async () => (await cluster.serverStates())[victim.name] === 'UP',
      timeouts.condition,
    );
    const back = await fetch(`${victim.url}/api/network/posts`, { headers: { cookie: members[0]!.cookie } });
    expect(back.status).toBe(200);
    await back.body?.cancel();

    await Promise.all([...subscribers, ...leavingStreams].map((s) => s.close()));
  });
});

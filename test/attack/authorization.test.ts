import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, createWorld, type Caller, type World } from './callers.js';
import { expectedStatus, routeTable, type Built } from './route-table.js';
import { INTERNALS, routesOf } from './support.js';

type Answer = { statusCode: number; body: string; contentType: string; nosniff: boolean };

describe('authorization of every route for every kind of caller', () => {
  let w: World;
  let baseUrl: string;

  beforeAll(async () => {
    w = await createWorld();
    // The event stream never ends by itself, so it is opened over a real socket and dropped after its head.
    baseUrl = await w.t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => w.close());

  async function send(request: Built): Promise<Answer> {
    if (request.stream) {
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}${request.url}`, {
        headers: request.headers as Record<string, string>,
        signal: controller.signal,
      });
      const body = response.ok ? '' : await response.text();
      controller.abort();
      return {
        statusCode: response.status,
        body,
        contentType: response.headers.get('content-type') ?? '',
        nosniff: response.headers.get('x-content-type-options') === 'nosniff',
      };
    }
    const response = await w.t.app.inject(request);
    return {
      statusCode: response.statusCode,
      body: response.body,
      contentType: String(response.headers['content-type'] ?? ''),
      nosniff: response.headers['x-content-type-options'] === 'nosniff',
    };
  }

  it('when the app lists its routes, then the table has exactly one entry for each', () => {
    const inTable = routeTable.map((entry) => entry.route).sort();
    expect(new Set(inTable).size).toBe(inTable.length);
    expect(inTable).toEqual(routesOf(w.t.app));
  });

  const ownIds = (caller: Caller): { networkUid?: string; lmsId?: number } => {
    if (caller === 'member') return { networkUid: w.member.user.uid };
    if (caller === 'other member') return { networkUid: w.otherMember.user.uid };
    if (caller === 'LMS user') return { lmsId: w.learner.id };
    if (caller === 'LMS admin') return { lmsId: w.lmsAdmin.id };
    return {};
  };

  it.each(routeTable.map((entry) => [entry.route, entry] as const))(
    'when every kind of caller calls %s, then each gets its expected status, nosniff, and nothing of anyone else',
    async (_route, entry) => {
      const cells: string[] = [];
      for (const caller of callers) {
        const request = await entry.build(w, caller, w.headersOf(caller, entry.area));
        const answer = await send(request);
        const expected = expectedStatus(entry, caller);
        const problems: string[] = [];
        if (answer.statusCode !== expected)
          problems.push(`status ${answer.statusCode}, expected ${expected}: ${answer.body.slice(0, 160)}`);
        if (answer.statusCode >= 400 && answer.contentType.includes('application/json')) {
          const body = JSON.parse(answer.body) as { error?: unknown };
          if (typeof body.error !== 'string' || body.error === '') problems.push('error body without an error text');
        }
        if (!answer.nosniff) problems.push('no X-Content-Type-Options: nosniff');
        if (INTERNALS.test(answer.body) && entry.route !== 'GET /api/docs') problems.push('internals in the body');
        if (answer.body.includes('$argon2')) problems.push('a password hash in the body');
        for (const [owner, secret] of Object.entries(w.secrets)) {
          if (owner !== caller && answer.body.includes(secret))
            problems.push(`the credentials of ${owner} in the body`);
        }
        const own = ownIds(caller);
        if (entry.route === 'GET /api/network/me' && answer.statusCode === 200) {
          const uid = JSON.parse(answer.body).user?.uid as string | undefined;
          if (uid !== own.networkUid) problems.push(`me is ${uid ?? 'nobody'}, not the caller`);
        }
        if (entry.route === 'GET /user/profile' && answer.statusCode === 200) {
          const id = JSON.parse(answer.body).user?.id as number | undefined;
          if (id !== own.lmsId) problems.push(`the profile of user ${id}, not the caller's`);
        }
        if (problems.length) cells.push(`${caller}: ${problems.join('; ')}`);
      }
      expect(cells).toEqual([]);
    },
  );
});

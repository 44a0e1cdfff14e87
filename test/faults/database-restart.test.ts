import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  openEventStream,
  postText,
  signIn,
  signUpMember,
  startAppProcess,
  startExternalPostgres,
  stopGracefully,
  type AppProcess,
  type Member,
} from './support.js';

type Outcome = { status: number; body: string };

/**
 * Clients reading and writing through every area without pause, keeping each answer's
 * status; a failure to get any answer at all (connection refused, reset) is status 0.
 */
function startLoad(baseUrl: string, token: string, member: Member) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  let n = 0;
  const call = async (path: string, init: RequestInit = {}) => {
    try {
      const response = await fetch(`${baseUrl}${path}`, init);
      outcomes.push({ status: response.status, body: await response.text() });
    } catch {
      outcomes.push({ status: 0, body: '' });
    }
  };
  const loops = [
    async () => {
      while (!stopped)
        await call('/api/caseadmin/cases', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            case_number: `DB-${++n}`,
            passport_number: 'P1',
            client_name: 'Outage',
            serviceIds: [1],
          }),
        });
    },
    async () => {
      while (!stopped) await call('/api/caseadmin/cases?page=1', { headers: { authorization: `Bearer ${token}` } });
    },
    async () => {
      while (!stopped) await call('/api/progress?caseNumber=DB-LOOKUP&passportNumber=P1');
    },
    async () => {
      while (!stopped) await call('/api/network/posts', { headers: { cookie: member.cookie } });
    },
    async () => {
      while (!stopped) {
        const form = new FormData();
        form.set('description', `load ${++n}`);
        await call('/api/network/posts', {
          method: 'POST',
          headers: { origin: baseUrl, cookie: member.cookie },
          body: form,
        });
        // Paced, so the replay below stays under the stream's replay limit (past it a client is told to reload).
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  ];
  const running = loops.map((loop) => loop());
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

describe('the external PostgreSQL restarted under load', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof startExternalPostgres>>;
  let app: AppProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-faults-restart-'));
    database = await startExternalPostgres(join(dataDir, 'external-pg'));
    // A short reconnect interval is the listener's own; the SSE heartbeat is shortened so dead streams show quickly.
    app = await startAppProcess({
      DATA_DIR: join(dataDir, 'app'),
      DATABASE_URL: database.url,
      NETWORK_SSE_HEARTBEAT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await stopGracefully(app);
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when the database goes away, then requests get 503 { error } and /readyz 503; when it is back, the app recovers by itself and live streams catch up', async () => {
    onTestFailed(() => console.error(`app stderr:\n${app.output()}`));
    const token = await signIn(app.url);
    const author = await signUpMember(app.url);
    const reader = await signUpMember(app.url);
    const stream = await openEventStream(app.url, reader.cookie);
    expect((await postText(app.url, author, 'before the outage')).status).toBe(201);
    await expect.poll(stream.postDescriptions).toContain('before the outage');
    const resumeFrom = stream.lastId();

    const lookedUp = await fetch(`${app.url}/api/caseadmin/cases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ case_number: 'DB-LOOKUP', passport_number: 'P1', client_name: 'Outage', serviceIds: [1] }),
    });
    expect(lookedUp.status).toBe(201);

    const load = startLoad(app.url, token, author);
    await expect.poll(() => load.outcomes.filter((o) => o.status === 201).length).toBeGreaterThan(10);

    await database.stop();
    const downFrom = load.outcomes.length;
    const readyWhileDown = await fetch(`${app.url}/readyz`);
    expect(readyWhileDown.status).toBe(503);
    expect(await readyWhileDown.json()).toEqual({ error: 'Database unavailable' });
    // The load keeps going against the missing database for a while.
    await expect.poll(() => load.outcomes.length - downFrom).toBeGreaterThan(50);
    const whileDown = load.outcomes.slice(downFrom);
    expect(whileDown.filter((o) => o.status === 503).length).toBeGreaterThan(40);
    for (const outcome of whileDown.filter((o) => o.status === 503)) {
      expect(JSON.parse(outcome.body)).toEqual({ error: 'Service temporarily unavailable, please retry' });
    }
    const feedWhileDown = await fetch(`${app.url}/api/network/posts`, { headers: { cookie: reader.cookie } });
    expect(feedWhileDown.status).toBe(503);

    await database.start();
    await expect.poll(() => fetch(`${app.url}/readyz`).then((r) => r.status), { interval: 200 }).toBe(200);
    const upFrom = load.outcomes.length;
    await expect.poll(() => load.outcomes.slice(upFrom).filter((o) => o.status === 201).length).toBeGreaterThan(10);
    await load.stop();

    // Never a 500, never a dropped connection, and the same process throughout.
    const statuses = new Set(load.outcomes.map((o) => o.status));
    expect([...statuses].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    expect(app.child.exitCode).toBeNull();
    expect(app.output()).not.toMatch(/uncaught|unhandled/i);

    // The stream opened before the outage gets a post made after it: the listener reconnected.
    expect((await postText(app.url, author, 'after the outage')).status).toBe(201);
    await expect.poll(stream.postDescriptions).toContain('after the outage');
    expect(stream.isEnded()).toBe(false);
    stream.close();

    // A browser that lost its stream reconnects with Last-Event-ID and is replayed everything since.
    const resumed = await openEventStream(app.url, reader.cookie, resumeFrom);
    await expect.poll(resumed.postDescriptions).toContain('after the outage');
    const replayed = resumed.postDescriptions();
    expect(replayed).not.toContain('before the outage');
    const acknowledgedLoadPosts = load.outcomes
      .filter((o) => o.status === 201 && o.body.includes('"description":"load '))
      .map((o) => (JSON.parse(o.body) as { description: string }).description);
    expect(acknowledgedLoadPosts.length).toBeGreaterThan(0);
    expect(acknowledgedLoadPosts.filter((description) => !replayed.includes(description))).toEqual([]);
    expect(new Set(replayed).size).toBe(replayed.length);
    resumed.close();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killHard,
  postText,
  signIn,
  signUpMember,
  startAppProcess,
  startExternalPostgres,
  stopGracefully,
  type AppProcess,
  type Member,
} from './support.js';
import { ceiling } from '../support/timeouts.js';

const WRITERS_PER_KIND = 4;
const ACKNOWLEDGED_BEFORE_KILL = 120;

/**
 * Writers creating cases and network posts as fast as they can, each recording the ids of
 * the writes the server acknowledged with 201. A write in flight when the server dies is
 * simply unknown; only acknowledged ones are promised.
 */
function startWriteStorm(baseUrl: string, token: string, member: Member) {
  const acknowledged = { cases: [] as number[], posts: [] as string[] };
  let stopped = false;
  let n = 0;
  const caseWriter = async (writer: number) => {
    while (!stopped) {
      const number = `KILL-${writer}-${++n}`;
      try {
        const response = await fetch(`${baseUrl}/api/caseadmin/cases`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            case_number: number,
            passport_number: `P${n}`,
            client_name: 'Kill Storm',
            serviceIds: [1, 2],
          }),
        });
        if (response.status === 201)
          acknowledged.cases.push(((await response.json()) as { newCase: { id: number } }).newCase.id);
        else await response.body?.cancel();
      } catch {
        return; // the server is gone
      }
    }
  };
  const postWriter = async (writer: number) => {
    while (!stopped) {
      try {
        const response = await postText(baseUrl, member, `storm ${writer}-${++n}`);
        if (response.status === 201) acknowledged.posts.push(((await response.json()) as { id: string }).id);
        else await response.body?.cancel();
      } catch {
        return;
      }
    }
  };
  const writers = [
    ...Array.from({ length: WRITERS_PER_KIND }, (_, i) => caseWriter(i)),
    ...Array.from({ length: WRITERS_PER_KIND }, (_, i) => postWriter(i)),
  ];
  return {
    acknowledged,
    count: () => acknowledged.cases.length + acknowledged.posts.length,
    async finish() {
      stopped = true;
      await Promise.all(writers);
    },
  };
}

async function expectEveryWriteThere(
  app: AppProcess,
  token: string,
  member: Member,
  acknowledged: { cases: number[]; posts: string[] },
) {
  const missing: string[] = [];
  for (const id of acknowledged.cases) {
    const response = await fetch(`${app.url}/api/caseadmin/cases/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) missing.push(`case ${id}: ${response.status}`);
    await response.body?.cancel();
  }
  for (const id of acknowledged.posts) {
    const response = await fetch(`${app.url}/api/network/posts/${id}`, { headers: { cookie: member.cookie } });
    if (response.status !== 200) missing.push(`post ${id}: ${response.status}`);
    await response.body?.cancel();
  }
  expect(missing).toEqual([]);
}

describe.each(['embedded', 'external'] as const)('kill -9 during a stream of writes, %s PostgreSQL', (kind) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('when the app is killed with SIGKILL while writers create cases and posts, then after a restart every acknowledged write is there', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), `pathway-faults-kill-${kind}-`));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    // The embedded server lives in DATA_DIR/postgres; an external one gets a directory of its own.
    const env: Record<string, string> = { DATA_DIR: kind === 'embedded' ? dataDir : join(dataDir, 'app') };
    if (kind === 'external') {
      const database = await startExternalPostgres(join(dataDir, 'external-pg'));
      cleanup.push(database.stop);
      env.DATABASE_URL = database.url;
    }

    const first = await startAppProcess(env);
    cleanup.push(() => stopGracefully(first));
    const token = await signIn(first.url);
    const member = await signUpMember(first.url);
    const storm = startWriteStorm(first.url, token, member);
    // The storm's writes are acknowledged one after another, on a machine that may be busy.
    await expect
      .poll(storm.count, { timeout: ceiling(60_000), interval: 20 })
      .toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    await killHard(first);
    await storm.finish();
    expect(storm.acknowledged.cases.length).toBeGreaterThan(0);
    expect(storm.acknowledged.posts.length).toBeGreaterThan(0);

    const second = await startAppProcess(env);
    cleanup.push(() => stopGracefully(second));
    await expectEveryWriteThere(second, token, member, storm.acknowledged);
    // The restarted app takes writes again.
    expect((await postText(second.url, member, 'after the crash')).status).toBe(201);
    await stopGracefully(second);
    expect(await second.exit).toEqual({ code: 0, signal: null });
  });
});

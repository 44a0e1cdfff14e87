import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openEventStream,
  postText,
  signUpMember,
  startAppProcess,
  startExternalPostgres,
  stopGracefully,
  type AppProcess,
} from './support.js';

describe('two app processes on one PostgreSQL', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof startExternalPostgres>>;
  let first: AppProcess;
  let second: AppProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-faults-two-'));
    database = await startExternalPostgres(join(dataDir, 'external-pg'));
    // Started together, as a deployment of several instances would be.
    [first, second] = await Promise.all([
      startAppProcess({ DATA_DIR: join(dataDir, 'first'), DATABASE_URL: database.url }),
      startAppProcess({ DATA_DIR: join(dataDir, 'second'), DATABASE_URL: database.url }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first, second].filter(Boolean).map(stopGracefully));
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when a member posts through one process, then a live subscriber of the other receives it, and the other way round', async () => {
    const author = await signUpMember(first.url);
    const reader = await signUpMember(second.url);
    const onSecond = await openEventStream(second.url, reader.cookie);
    const onFirst = await openEventStream(first.url, reader.cookie);

    expect((await postText(first.url, author, 'made on the first')).status).toBe(201);
    expect((await postText(second.url, author, 'made on the second')).status).toBe(201);

    await expect.poll(onSecond.postDescriptions).toEqual(['made on the first', 'made on the second']);
    await expect.poll(onFirst.postDescriptions).toEqual(['made on the first', 'made on the second']);
    onSecond.close();
    onFirst.close();
  });

  it('when one process is killed, then the other keeps serving the same members and their live feed', async () => {
    const author = await signUpMember(first.url);
    const stream = await openEventStream(second.url, author.cookie);
    first.child.kill('SIGKILL');
    await first.exit;

    expect((await postText(second.url, author, 'survivor')).status).toBe(201);
    await expect.poll(stream.postDescriptions).toEqual(['survivor']);
    stream.close();
  });
});

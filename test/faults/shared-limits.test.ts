import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { startAppProcess, startExternalPostgres, stopGracefully, type AppProcess } from './support.js';

const LIMIT = 4;

const lookup = (app: AppProcess, n: number) =>
  fetch(`${app.url}/api/progress?caseNumber=NOPE-${n}&passportNumber=X${n}`).then((response) => response.status);
const guess = (app: AppProcess, email: string) =>
  fetch(`${app.url}/api/caseadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'wrong password' }),
  }).then((response) => response.status);

describe('two app processes sharing their limits through Redis (REDIS_URL)', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof startExternalPostgres>>;
  let redis: RedisServer;
  let first: AppProcess;
  let second: AppProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-faults-limits-'));
    [database, redis] = await Promise.all([startExternalPostgres(join(dataDir, 'external-pg')), startRedisServer()]);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      CASE_LOOKUP_RATE_LIMIT: String(LIMIT),
      FAILED_SIGNIN_LIMIT: String(LIMIT),
    };
    [first, second] = await Promise.all([
      startAppProcess({ ...env, DATA_DIR: join(dataDir, 'first') }),
      startAppProcess({ ...env, DATA_DIR: join(dataDir, 'second') }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first, second].filter(Boolean).map(stopGracefully));
    await redis?.stop();
    await database?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when a client spreads its lookups over both processes, then together they allow the limit once, not once each', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT + 2; n++) statuses.push(await lookup(n % 2 === 0 ? first : second, n));

    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  });

  it('when guesses at one account alternate between the processes, then the account locks at the shared limit', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT + 2; n++)
      statuses.push(await guess(n % 2 === 0 ? second : first, 'shared-victim@example.test'));

    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('when Redis dies, then requests are still answered (no 5xx) and limited per process, and shared again once Redis is back', async () => {
    await redis.kill();

    const whileDown: number[] = [];
    for (let n = 0; n < LIMIT + 1; n++) whileDown.push(await guess(first, 'while-down@example.test'));
    expect(whileDown).toEqual([401, 401, 401, 401, 429]);
    // The first process's count was its own: the second starts from zero.
    expect(await guess(second, 'while-down@example.test')).toBe(401);

    await redis.start();
    await expect
      .poll(
        async () => {
          // A fresh account each round, so only Redis (shared) counting can lock it through the other process.
          const email = `after-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
          for (let n = 0; n < LIMIT; n++) await guess(first, email);
          return guess(second, email);
        },
        { interval: 500 },
      )
      .toBe(429);
    expect(first.output()).toMatch(/Redis is unreachable; limits are counted per instance/);
    expect(first.output()).not.toMatch(/request failed/);
  });
});

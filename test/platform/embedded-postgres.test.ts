import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { createLogger } from '../../server/platform/logger.js';

const log = createLogger('silent');

/** Runs the holder process until it has committed a row, then kills it with SIGKILL. */
async function commitThenKill(dataDir: string, password: string): Promise<string> {
  const holder = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/embedded-postgres-holder.ts', dataDir, password],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    holder.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    holder.once('exit', (code) => reject(new Error(`holder exited early (${code}): ${output}`)));
  });
  const exited = new Promise((resolve) => holder.once('exit', resolve));
  holder.kill('SIGKILL');
  await exited;
  return line;
}

async function countRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM acknowledged');
    return rows[0]?.count ?? -1;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL after the app was killed', () => {
  let dataDir: string;
  const password = randomBytes(12).toString('hex');

  beforeAll(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'pathway-recovery-')), 'postgres');
  });
  afterAll(async () => {
    await rm(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('when the app is killed and its PostgreSQL keeps running orphaned, then a restart stops the orphan and keeps every committed row', async () => {
    expect(await commitThenKill(dataDir, password)).toBe('committed 1');
    const orphanPid = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(isAlive(orphanPid)).toBe(true);

    const restarted = await startEmbeddedPostgres({ dataDir, password, log });
    try {
      expect(isAlive(orphanPid)).toBe(false);
      expect(await countRows(restarted.url)).toBe(1);
    } finally {
      await restarted.stop();
    }
  });

  it('when a stale postmaster.pid names a dead process, then a restart removes it and starts', async () => {
    expect(await commitThenKill(dataDir, password)).toBe('committed 2');
    const lockFile = join(dataDir, 'postmaster.pid');
    const pid = Number((await readFile(lockFile, 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGKILL'); // the server dies uncleanly too, leaving its lock file behind
    await expect.poll(() => isAlive(pid)).toBe(false);
    const contents = await readFile(lockFile, 'utf8');
    await writeFile(lockFile, contents.replace(/^\d+/, '999999'));

    const restarted = await startEmbeddedPostgres({ dataDir, password, log });
    try {
      expect(await countRows(restarted.url)).toBe(2);
    } finally {
      await restarted.stop();
    }
  });
});

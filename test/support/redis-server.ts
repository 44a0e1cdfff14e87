import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { findFreePort } from '../../server/db/embedded-postgres.js';
import { pollUntil } from './poll.js';
import { timeouts } from './timeouts.js';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

export type RedisServer = {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: as a crash would); `start` brings it back on the same port, empty. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** Whether Debian's redis-server is installed (`scripts/install-redis.sh` installs it). */
export function redisServerInstalled(): boolean {
  return spawnSync(REDIS_SERVER, ['--version']).status === 0;
}

/** A real Redis on a free port, in memory only, for one test file. */
export async function startRedisServer(): Promise<RedisServer> {
  if (!redisServerInstalled())
    throw new Error(
      'redis-server is not installed: run `bash scripts/install-redis.sh` (Debian: apt-get install -y redis-server)',
    );
  const port = await findFreePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const server = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => server.once('exit', () => resolve()));
    child = server;
    // Up once it answers PING; an exit during the start fails it at once, with its output.
    await Promise.race([
      exited.then(() => {
        throw new Error(`redis-server exited:\n${output}`);
      }),
      pollUntil(
        'redis-server to answer PING',
        async () => {
          const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
          client.on('error', () => {});
          const pong = await client.connect().then(
            () => client.ping(),
            () => undefined,
          );
          client.disconnect();
          return pong === 'PONG';
        },
        timeouts.start,
        () => output,
      ),
    ]);
  };
  const signal = async (name: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(name);
      await exited;
    }
  };

  await start();
  return { url, port, start, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

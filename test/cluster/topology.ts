import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import pg from 'pg';
import S3rver from 's3rver';
import { findFreePort, startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { createLogger } from '../../server/platform/logger.js';
import { installedCommand } from '../support/debian-package.js';
import { pollUntil } from '../support/poll.js';
import { startRedisServer } from '../support/redis-server.js';
import { timeouts } from '../support/timeouts.js';

const run = promisify(execFile);

/** A child process with its output kept, to show when a test fails. */
type Managed = { child: ChildProcess; exited: Promise<void>; output(): string };

function manage(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Managed {
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
}

async function stop(managed: Managed | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!managed || managed.child.exitCode !== null || managed.child.signalCode !== null) return;
  managed.child.kill(signal);
  await managed.exited;
}

/**
 * The balancer's config: the shipped `deploy/haproxy.cfg` itself (TLS, the redirect to HTTPS, HSTS,
 * checks, timeouts), with the two things only Docker has replaced: its DNS resolver, and the
 * `server-template` over compose's replicas, which become one `server` line per instance here.
 * A change to those lines of the shipped file that this cannot follow fails here, loudly.
 */
export function nativeBalancerConfig(shipped: string, instances: Instance[]): string {
  const replace = (text: string, pattern: RegExp, replacement: string) => {
    if ((text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? []).length !== 1)
      throw new Error(`deploy/haproxy.cfg no longer has one ${pattern}: update nativeBalancerConfig`);
    return text.replace(pattern, replacement);
  };
  let config = replace(shipped, /^resolvers docker\n(?: {2}.*\n)+/m, '');
  config = replace(config, / init-addr none resolvers docker$/m, '');
  return replace(
    config,
    /^ {2}server-template app \d+ app:3000 check$/m,
    instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`).join('\n'),
  );
}

/** A throwaway certificate for 127.0.0.1, trusted by this process's TLS clients (fetch, autocannon) from now on. */
async function throwawayCertificate(root: string): Promise<string> {
  const dir = join(root, 'tls');
  await mkdir(dir, { recursive: true });
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=pathway-cluster-test',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  const certificate = await readFile(join(dir, 'cert.pem'), 'utf8');
  // HAProxy reads the chain and the key from one file, as the shipped config mounts it.
  const pem = join(dir, 'pathway.pem');
  await writeFile(pem, certificate + (await readFile(join(dir, 'key.pem'), 'utf8')), { mode: 0o600 });
  if (typeof tls.setDefaultCACertificates !== 'function')
    throw new Error(
      `the cluster test trusts its certificate with tls.setDefaultCACertificates (Node 24): ${process.version}`,
    );
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificate]);
  return pem;
}

/**
 * HAProxy over `instances` with the shipped config (round robin, routed by `/readyz`, a dead
 * instance's requests dispatched again, TLS with HTTP redirected), checking every 250 ms instead of
 * 2 s so a killed instance is marked down sooner, and with its statistics page for the servers' states.
 */
async function startBalancer(haproxy: string, root: string, certificate: string, instances: Instance[]) {
  const port = await findFreePort();
  const httpPort = await findFreePort();
  const statsPort = await findFreePort();
  const config = join(root, `haproxy-${port}.cfg`);
  await writeFile(config, nativeBalancerConfig(await readFile('deploy/haproxy.cfg', 'utf8'), instances));
  const stats = join(root, `haproxy-${port}-stats.cfg`);
  await writeFile(
    stats,
    ['frontend stats', `  bind 127.0.0.1:${statsPort}`, '  stats enable', '  stats uri /stats', ''].join('\n'),
  );
  const balancer = manage(haproxy, ['-f', config, '-f', stats, '-db'], {
    env: {
      ...process.env,
      PATHWAY_HTTPS_BIND: `127.0.0.1:${port}`,
      PATHWAY_HTTP_BIND: `127.0.0.1:${httpPort}`,
      PATHWAY_TLS_CERT: certificate,
      PATHWAY_CHECK_INTERVAL: '250ms',
      // Twice this in descriptors: within what a test machine allows a process.
      PATHWAY_MAXCONN: '4000',
    },
  });
  /** Each server as HAProxy sees it: its state (UP, DOWN, ...) and its open sessions. */
  const serverStats = async (): Promise<Record<string, { state: string; sessions: number }>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const stats: Record<string, { state: string; sessions: number }> = {};
    for (const line of csv.split('\n')) {
      const [proxy, server, ...fields] = line.split(',');
      if (proxy === 'app' && server && server !== 'BACKEND' && server !== 'FRONTEND')
        stats[server] = { state: fields[15] ?? '', sessions: Number(fields[2]) };
    }
    return stats;
  };
  const serverStates = async () =>
    Object.fromEntries(Object.entries(await serverStats()).map(([name, { state }]) => [name, state]));
  await pollUntil(
    'HAProxy to see every instance up',
    async () => Object.values(await serverStates()).filter((state) => state === 'UP').length === instances.length,
    timeouts.condition,
    balancer.output,
  );
  return {
    /** HTTPS, as clients reach the app. */
    url: `https://127.0.0.1:${port}`,
    /** Plain HTTP, which only redirects to `url`. */
    httpUrl: `http://127.0.0.1:${httpPort}`,
    serverStats,
    serverStates,
    output: balancer.output,
    stop: () => stop(balancer),
  };
}

export const JWT_SECRET = 'cluster-test-secret-that-is-long-enough-0123456789';
export const caseAdmin = { email: 'cluster@example.test', password: 'cluster-password' };
const BUCKET = 'pathway-cluster';

export type Instance = { name: string; port: number; url: string; process?: Managed };

/**
 * The several-instance topology of docs/operations.md, natively on loopback: one PostgreSQL
 * (embedded-postgres, as an external server), PgBouncer in transaction pooling in front of it,
 * Redis, s3rver, three app instances (the built dist/server/main.js) and HAProxy over them.
 */
export async function startCluster(options: { instances: number; env?: Record<string, string> }) {
  const haproxy = await installedCommand('haproxy', 'haproxy');
  const pgbouncer = await installedCommand('pgbouncer', 'pgbouncer');
  const root = await mkdtemp(join(tmpdir(), 'pathway-cluster-'));
  // As root, PostgreSQL and PgBouncer run as `postgres`, which must read their folders.
  await chmod(root, 0o755);
  // What has started, stopped in reverse by `stop()`, or at once if a later part fails to start
  // (a bench or test that fails here must not leave PostgreSQL, PgBouncer or Redis running).
  const cleanups: (() => Promise<unknown>)[] = [() => rm(root, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const log = createLogger('warn');
    const password = 'cluster-db-password';
    const postgres = await startEmbeddedPostgres({ dataDir: join(root, 'postgres'), password, log });
    cleanups.push(() => postgres.stop());
    const pgPort = Number(new URL(postgres.url).port);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE pathway');
    await admin.end();
    const directUrl = `postgres://postgres:${password}@127.0.0.1:${pgPort}/pathway`;

    const bouncerPort = await findFreePort();
    const bouncerDir = join(root, 'pgbouncer');
    await mkdir(bouncerDir, { recursive: true, mode: 0o755 });
    await writeFile(join(bouncerDir, 'userlist.txt'), `"postgres" "${password}"\n`, { mode: 0o644 });
    await writeFile(
      join(bouncerDir, 'pgbouncer.ini'),
      [
        '[databases]',
        `pathway = host=127.0.0.1 port=${pgPort} dbname=pathway`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${bouncerPort}`,
        'unix_socket_dir =',
        'auth_type = scram-sha-256',
        `auth_file = ${join(bouncerDir, 'userlist.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 2000',
        'default_pool_size = 20',
        'ignore_startup_parameters = extra_float_digits,options',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
    const bouncer = manage(pgbouncer, [
      ...(userInfo().uid === 0 ? ['-u', 'postgres'] : []),
      join(bouncerDir, 'pgbouncer.ini'),
    ]);
    cleanups.push(() => stop(bouncer));
    const pooledUrl = `postgres://postgres:${password}@127.0.0.1:${bouncerPort}/pathway`;
    await pollUntil(
      'PgBouncer',
      async () => {
        const client = new pg.Client({ connectionString: pooledUrl });
        await client.connect();
        await client.end();
        return true;
      },
      timeouts.start,
      bouncer.output,
    );

    const redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const s3Port = await findFreePort();
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: s3Port,
      directory: join(root, 's3'),
      silent: true,
      configureBuckets: [{ name: BUCKET }],
    });
    await s3.run();
    cleanups.push(() => s3.close());

    const instances: Instance[] = [];
    for (let i = 1; i <= options.instances; i++) {
      const port = await findFreePort();
      instances.push({ name: `app${i}`, port, url: `http://127.0.0.1:${port}` });
    }
    const env = (instance: Instance): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      DATA_DIR: join(root, instance.name),
      LOG_LEVEL: 'warn',
      DATABASE_URL: pooledUrl,
      DATABASE_DIRECT_URL: directUrl,
      REDIS_URL: redis.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      JWT_SECRET,
      TRUST_PROXY: 'loopback',
      CASE_ADMIN_EMAIL: caseAdmin.email,
      CASE_ADMIN_PASSWORD: caseAdmin.password,
      LOGIN_RATE_LIMIT: '100000',
      MEMBER_RATE_LIMIT: '100000',
      // Every learner registers from this one address, and each answers as fast as it can.
      LMS_SIGNUPS_PER_HOUR: '100000',
      LEARNER_RATE_LIMIT: '100000',
      ...options.env,
    });
    const startInstance = async (instance: Instance) => {
      instance.process = manage(process.execPath, ['dist/server/main.js'], { env: env(instance) });
      const started = instance.process;
      await pollUntil(
        `${instance.name} to be ready`,
        async () => {
          if (started.child.exitCode !== null) throw new Error(`${instance.name} exited:\n${started.output()}`);
          return (await fetch(`${instance.url}/readyz`)).status === 200;
        },
        timeouts.start,
        started.output,
      );
    };
    cleanups.push(async () => {
      for (const instance of instances) await stop(instance.process);
    });
    // All at once: the migrations' advisory lock (over the direct URL) lets one migrate while the others wait.
    await Promise.all(instances.map(startInstance));

    const certificate = await throwawayCertificate(root);
    const balancer = await startBalancer(haproxy, root, certificate, instances);
    cleanups.push(() => balancer.stop());
    const { serverStats, serverStates } = balancer;
    const balancerUrl = balancer.url;

    return {
      balancerUrl,
      /** The balancer's plain-HTTP address, which redirects to `balancerUrl`. */
      balancerHttpUrl: balancer.httpUrl,
      instances,
      directUrl,
      pooledUrl,
      serverStates,
      serverStats,
      until: pollUntil,
      async kill(instance: Instance) {
        await stop(instance.process, 'SIGKILL');
      },
      start: startInstance,
      /** Another HAProxy over some of the instances (the bench's scale-out: one, two, three). */
      balancerOver: (some: Instance[]) => startBalancer(haproxy, root, certificate, some),
      stop: stopAll,
      output: () =>
        instances.map((instance) => `--- ${instance.name}\n${instance.process?.output() ?? ''}`).join('\n') +
        `\n--- haproxy\n${balancer.output()}\n--- pgbouncer\n${bouncer.output()}`,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { installedCommand } from '../support/debian-package.js';

const run = promisify(execFile);

// Docker cannot run here: these hold the image and compose files to what the native tests prove
// (scripts/production-install.sh installs and starts the same tree; the cluster test runs the topology).

type ComposeService = {
  image?: string;
  build?: unknown;
  healthcheck?: unknown;
  env_file?: unknown;
  deploy?: { replicas?: number };
  volumes?: string[];
  ports?: string[];
};

describe('the container image and the compose file', () => {
  it('when the image is built, then its runtime stage installs and copies exactly what the production install does, as a non-root user, with a readiness health check and no secrets', async () => {
    const dockerfile = await readFile('Dockerfile', 'utf8');
    const install = await readFile('scripts/production-install.sh', 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^\nFROM node:24-slim AS runtime/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(runtime).toContain('npm ci --omit=dev');
    expect(install).toContain('npm ci --omit=dev');
    // What production-install.sh copies into the tree it installs and starts.
    const copied = [...install.matchAll(/^cp (?:-R )?(\S+(?: \S+)*) "\$target\/?[^"]*"$/gm)].flatMap((match) =>
      match[1]!.split(' '),
    );
    expect(copied.sort()).toEqual(['dist', 'package-lock.json', 'package.json', 'server/db/migrations']);
    const copiedIntoImage = [...runtime.matchAll(/^COPY --from=build (.+) \S+$/gm)].flatMap((match) =>
      match[1]!.split(' ').map((path) => path.replace(/^\/app\//, '')),
    );
    expect(copiedIntoImage.sort()).toEqual(copied.sort());
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/server\/main.js"\]$/m);
    expect(dockerfile).not.toMatch(/^(ENV|ARG)\b[^\n]*(SECRET|PASSWORD|TOKEN)/im);
    expect(await readFile('.dockerignore', 'utf8')).toMatch(/^node_modules$[\s\S]*^data$[\s\S]*^\.env\*$/m);
  });

  it('when compose starts the stack, then two app replicas run behind a balancer with PostgreSQL 18, Redis, MinIO and Mailpit, each health-checked, on named volumes, from one env file', async () => {
    const compose = parse(await readFile('compose.yaml', 'utf8')) as {
      services: Record<string, ComposeService>;
      volumes: Record<string, unknown>;
    };
    const { app, balancer, postgres, redis, minio, mailpit } = compose.services;
    expect(app?.build).toBe('.');
    expect(app?.deploy?.replicas).toBe(2);
    expect(app?.env_file).toBe('pathway.env');
    expect(app?.ports).toBeUndefined();
    expect(postgres?.image).toBe('postgres:18');
    for (const service of [balancer, postgres, redis, minio, mailpit]) expect(service?.healthcheck).toBeDefined();
    for (const volume of [...(postgres?.volumes ?? []), ...(minio?.volumes ?? [])])
      expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    const haproxy = await readFile('deploy/haproxy.cfg', 'utf8');
    expect(haproxy).toContain('option httpchk GET /readyz');
    expect(haproxy).toMatch(/server-template app \d+ app:3000 check/);
    // HTTPS as shipped: the certificate mounted where the config reads it, both standard ports published.
    expect(balancer?.volumes).toContain('./deploy/certs:/usr/local/etc/haproxy/certs:ro');
    expect(haproxy).toContain('/usr/local/etc/haproxy/certs/pathway.pem');
    expect(balancer?.ports?.sort()).toEqual(['443:443', '80:80']);
    // Every key of the example env file is a setting the app reads.
    const { loadConfig } = await import('../../server/config.js');
    const example = await readFile('pathway.env.example', 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('when HAProxy checks the shipped balancer config with a certificate, then it is valid; it terminates TLS, redirects plain HTTP to HTTPS and sends HSTS; without the certificate it refuses to start', async () => {
    const haproxy = await installedCommand('haproxy', 'haproxy');
    const dir = await mkdtemp(join(tmpdir(), 'pathway-haproxy-check-'));
    try {
      // A throwaway certificate, as an operator mounts a real one.
      await run('openssl', [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=pathway.example',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ]);
      await writeFile(
        join(dir, 'pathway.pem'),
        (await readFile(join(dir, 'cert.pem'), 'utf8')) + (await readFile(join(dir, 'key.pem'), 'utf8')),
      );
      const check = (env: Record<string, string>) =>
        run(haproxy, ['-c', '-f', 'deploy/haproxy.cfg'], {
          env: { ...process.env, PATHWAY_MAXCONN: '1000', ...env },
        }).then(
          ({ stdout }) => ({ ok: true, output: stdout }),
          (error: { stdout?: string; stderr?: string }) => ({
            ok: false,
            output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
          }),
        );
      const valid = await check({ PATHWAY_TLS_CERT: join(dir, 'pathway.pem') });
      expect(valid.output).toContain('Configuration file is valid');
      expect(valid.ok).toBe(true);
      const withoutCertificate = await check({ PATHWAY_TLS_CERT: join(dir, 'missing.pem') });
      expect(withoutCertificate.ok).toBe(false);
      expect(withoutCertificate.output).toMatch(/SSL certificate/);

      const config = await readFile('deploy/haproxy.cfg', 'utf8');
      const section = (name: string) => config.slice(config.indexOf(`frontend ${name}\n`)).split(/\n(?=\S)/)[0]!;
      expect(section('http')).toMatch(/^ {2}http-request redirect scheme https code 301$/m);
      expect(section('http')).not.toContain('default_backend');
      expect(section('https')).toMatch(/^ {2}bind \S+ ssl crt /m);
      expect(section('https')).toContain(
        'http-response set-header Strict-Transport-Security "max-age=31536000; includeSubDomains"',
      );
      expect(section('https')).toContain('http-request set-header X-Forwarded-Proto https');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

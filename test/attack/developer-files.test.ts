import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The fourth review found production serving the front end's source maps and the OpenAPI
 * document to anyone (issue 35). Both are developer files: a setting each (SOURCE_MAPS, API_DOCS),
 * off by default in production and on elsewhere (docs/decisions/030-developer-files-in-production.md).
 */

describe('developer files', () => {
  let t: TestApp;
  let webDir: string;
  const apps: App[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    webDir = await mkdtemp(join(tmpdir(), 'pathway-web-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await mkdir(join(webDir, 'assets'));
    await writeFile(
      join(webDir, 'assets', 'index-abc123.js'),
      'console.log(1)\n//# sourceMappingURL=index-abc123.js.map',
    );
    await writeFile(join(webDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../../web/main.tsx"]}');
    await writeFile(join(webDir, 'assets', 'index-abc123.js.map.gz'), 'compressed map');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  /** The app as a given environment configures it, serving the built front end above. */
  async function appWith(env: Record<string, string>) {
    const config = loadConfig({ ...env, DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      database: t.database,
      clock: t.clock,
      logger: t.logger,
      tokens: t.tokens,
      webDistFolder: webDir,
    });
    apps.push(app);
    return app;
  }

  it('when production runs with its defaults, then source maps and /api/docs are 404 to anyone, the scripts themselves still served', async () => {
    const app = await appWith({ NODE_ENV: 'production' });
    expect((await app.inject('/assets/index-abc123.js')).statusCode).toBe(200);
    for (const url of ['/assets/index-abc123.js.map', '/assets/INDEX-abc123.js.map', '/api/docs']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('sources');
      expect(response.body).not.toContain('openapi');
    }
    expect(
      (await app.inject({ url: '/assets/index-abc123.js.map', headers: { accept: 'text/html' } })).body,
    ).not.toContain('sources');
  });

  it('when production turns them on (SOURCE_MAPS, API_DOCS), then they are served', async () => {
    const app = await appWith({ NODE_ENV: 'production', SOURCE_MAPS: 'true', API_DOCS: 'true' });
    expect((await app.inject('/assets/index-abc123.js.map')).body).toContain('sources');
    expect((await app.inject('/api/docs')).json()).toHaveProperty('openapi');
  });

  it('when development runs with its defaults, then both are served', async () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.developerFiles).toEqual({ sourceMaps: true, apiDocs: true });
    expect(loadConfig({}).developerFiles).toEqual({ sourceMaps: false, apiDocs: false });
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import { standInWebBuild, type StandInWebBuild } from '../support/web-build.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('HTTP basics', () => {
  let t: TestApp;
  let withWeb: App;
  let web: StandInWebBuild;

  beforeAll(async () => {
    t = await createTestApp();
    // The parts of Vite's manifest the server reads: the entry, each area's route table and their static imports.
    web = await standInWebBuild(t, {
      manifest: {
        'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_framework-f1.js'] },
        '_framework-f1.js': { file: 'assets/framework-f1.js' },
        '_tracker-helpers-h1.js': { file: 'assets/tracker-helpers-h1.js', imports: ['_framework-f1.js'] },
        'cases/routes.tsx': {
          file: 'assets/routes-c1.js',
          imports: ['_framework-f1.js', 'index.html', '_tracker-helpers-h1.js'],
        },
        'lms/routes.tsx': { file: 'assets/routes-l1.js', imports: ['index.html'] },
        'network/routes.tsx': { file: 'assets/routes-n1.js', imports: ['index.html'] },
      },
      files: {
        'assets/app-abc123.js': 'console.log("plain")',
        'assets/app-abc123.js.br': brotliCompressSync('console.log("plain")'),
      },
    });
    withWeb = web.app;
  });
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  it('when the database answers, then /healthz and /readyz are ok', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('when an API route does not exist, then the answer is a JSON 404 with an error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Route GET /api/nothing-here not found' });
  });

  it('when the body is broken JSON, then the answer is a 400 with an error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });

  it('when a body carries a __proto__ key, then it is refused with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('when any response is sent, then it carries the security headers', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('when a browser tab opens an unknown API path, then the answer is still the JSON 404, not a page', async () => {
    const response = await withWeb.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Route GET /api/nothing-here not found' });
  });

  it('when a browser asks for a front-end path, then index.html is served without caching', async () => {
    const response = await withWeb.inject({
      method: 'GET',
      url: '/caseadmin/dashboard',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it("when a browser opens a page of an area, then the page names that area's route chunk and its imports to download beside the entry, and no other area's", async () => {
    const preloads = async (url: string) => {
      const response = await withWeb.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      return [...response.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
    };
    expect(await preloads('/casetracking?lang=ar')).toEqual(['/assets/routes-c1.js', '/assets/tracker-helpers-h1.js']);
    expect(await preloads('/LMS-System/login')).toEqual(['/assets/routes-l1.js']);
    expect(await preloads('/Home')).toEqual(['/assets/routes-n1.js']);
    expect(await preloads('/no-such-page')).toEqual(['/assets/routes-n1.js']);
  });

  it('when the manifest is asked for, then it is not served', async () => {
    const response = await withWeb.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
  });

  it('when a browser accepts brotli, then a hashed asset comes precompressed and cached for good', async () => {
    const compressed = await withWeb.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await withWeb.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
  });

  it('when a non-browser client asks for an unknown path, then it gets a JSON 404, not the page', async () => {
    const response = await withWeb.inject({
      method: 'GET',
      url: '/caseadmin/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('when the public config is asked for, then it holds the health-authority URL template', async () => {
    const response = await t.app.inject('/api/config');
    expect(response.json()).toMatchObject({ healthAuthorityUrl: expect.stringContaining('{token}') });
  });

  it('when no UPGRADE_CHAT_NUMBER is configured, then the upgrade chat link is empty rather than a number-less share link', async () => {
    const response = await t.app.inject('/api/config');
    expect(t.config.lms.upgradeChatNumber).toBeUndefined();
    expect(response.json()).toMatchObject({ upgradeChatUrl: '' });
  });
});

describe('OpenAPI description', () => {
  it('when /api/docs is asked for, then it describes the routes from their schemas', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject('/api/docs');
      expect(response.statusCode).toBe(200);
      const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
      expect(document.openapi).toMatch(/^3\./);
      expect(document.paths['/api/progress']?.get).toBeDefined();
      expect(document.paths['/api/caseadmin/cases/{id}']?.delete).toBeDefined();
      expect(document.paths['/healthz']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import { standInWebBuild, type StandInWebBuild } from '../support/web-build.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { INTERNALS } from './support.js';

/** The policy directives the front end's HTML must carry, so injected markup cannot run scripts or be framed. */
const requiredDirectives = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

describe('security headers and error bodies', () => {
  let t: TestApp;
  let web: App;
  let build: StandInWebBuild;

  beforeAll(async () => {
    t = await createTestApp();
    build = await standInWebBuild(t, {
      manifest: null,
      indexHtml:
        '<!doctype html><title>Pathway</title><div id="root"></div><script type="module" src="/assets/main.js"></script>',
      files: { 'assets/main.js': 'console.log("pathway")' },
    });
    web = build.app;
    // A route that fails the way a bug would, with a message that names a file, to show what a 500 reveals.
    web.get('/test-only/broken', async () => {
      const error = new Error('boom in /work/main/server/secret.ts:12:3');
      error.stack = `Error: boom\n    at handler (/work/main/server/secret.ts:12:3)`;
      throw error;
    });
    await web.ready();
  });
  afterAll(async () => {
    await build.close();
    await t.close();
  });

  it.each(['/', '/track', '/caseadmin/dashboard', '/lms-system/login', '/network/sign-in'])(
    'when a browser opens the front-end page %s, then the HTML carries a Content-Security-Policy without inline scripts, and nosniff',
    async (url) => {
      const response = await web.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const policy = String(response.headers['content-security-policy']);
      for (const directive of requiredDirectives) expect(policy).toContain(directive);
      expect(policy.match(/script-src [^;]*/)?.[0]).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('when a script asset is served, then it has its JavaScript type and nosniff', async () => {
    const response = await web.inject({ method: 'GET', url: '/assets/main.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  const errors: [
    string,
    { method: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> },
    number,
  ][] = [
    ['an unexpected failure in a handler', { method: 'GET', url: '/test-only/broken' }, 500],
    [
      'an unknown API route',
      { method: 'GET', url: '/api/unknown/route', headers: { accept: 'application/json' } },
      404,
    ],
    [
      'broken JSON',
      { method: 'POST', url: '/auth/login', payload: '{"username":', headers: { 'content-type': 'application/json' } },
      400,
    ],
    [
      'a body over the size limit',
      {
        method: 'POST',
        url: '/auth/login',
        payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      },
      413,
    ],
    [
      'an unsupported content type',
      { method: 'POST', url: '/auth/login', payload: '<x/>', headers: { 'content-type': 'application/xml' } },
      415,
    ],
    ['a malformed URL', { method: 'GET', url: '/user/courses/%E0%A4%A' }, 400],
    ['a path parameter longer than the router takes', { method: 'GET', url: `/user/courses/${'9'.repeat(200)}` }, 414],
    [
      'a token that is not one',
      { method: 'GET', url: '/api/caseadmin/cases', headers: { authorization: 'Bearer x' } },
      401,
    ],
  ];

  it.each(errors)(
    'when a request meets %s, then the body is a plain { error } with no stack, path or driver text, and nosniff',
    async (_name, request, status) => {
      const response = await web.inject(request);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body).filter((key) => key !== 'code')).toEqual(['error']);
      expect(typeof body.error).toBe('string');
      expect(response.body).not.toMatch(INTERNALS);
      if (status === 500) expect(body).toEqual({ error: 'Internal server error' });
    },
  );
});

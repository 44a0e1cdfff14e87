import helmet, { type HelmetOptions } from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../server/platform/security-headers.js';
import { HEAD_SCRIPT_HASH } from '../../server/platform/head-script.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** What helmet's own middleware leaves on a real response. */
function helmetOnARealResponse(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  response.setHeader('X-Powered-By', 'something');
  helmet(options)(response.req, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe('security headers computed once', () => {
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  };
  it.each<[string, HelmetOptions]>([
    ['helmet defaults', {}],
    [
      'our policy over http',
      {
        contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: null } },
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      },
    ],
    [
      'our policy over https',
      {
        contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: [] } },
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      },
    ],
    [
      'a report-only policy without HSTS',
      { contentSecurityPolicy: { directives, reportOnly: true }, strictTransportSecurity: false },
    ],
  ])('when the options are %s, then they are exactly the headers helmet sets on a response', (_name, options) => {
    expect(securityHeaders(options)).toEqual(helmetOnARealResponse(options));
  });

  it('when the options are invalid, then computing them fails at start-up, as helmet would', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } } }),
    ).toThrow();
  });
});

describe('security headers on every answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** What OWASP's REST Security Cheat Sheet asks of every API answer, and nothing of the page's. */
  const dataHeaders = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
  const pageOnly = [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it('when the API answers, fails, refuses an address or has no route, then each answer carries the data headers and none of the page-only ones', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/config' }),
      t.app.inject({ method: 'GET', url: '/api/progress?caseNumber=NOPE&passportNumber=X' }),
      t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'application/json' } }),
      t.app.inject({ method: 'GET', url: '/api/caseadmin/cases' }),
      t.app.inject({ method: 'GET', url: '/user/courses/%E0%A4%A' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 404, 401, 400]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(dataHeaders))
        expect(answer.headers[name], `${answer.body}: ${name}`).toBe(value);
      for (const name of pageOnly) expect(answer.headers[name], name).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('when a browser opens an API address as a page, then the answer carries every header helmet sets for our pages', async () => {
    const expected = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The app's own scripts and the one inline script, by the hash of its exact text.
          scriptSrc: ["'self'", HEAD_SCRIPT_HASH],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/config', headers: navigation }),
      t.app.inject({ method: 'GET', url: '/api/progress?caseNumber=NOPE&passportNumber=X', headers: navigation }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], name).toBe(value);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});

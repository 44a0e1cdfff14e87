import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { findFreePort } from '../../server/db/embedded-postgres.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The fourth review found `/metrics` listening on every interface without authentication by
 * default (issue 35): METRICS_HOST fell back to HOST, 0.0.0.0. It now defaults to the loopback
 * interface; exposed on another one it can require a bearer token (METRICS_TOKEN), and the app
 * warns at start when it is exposed without one.
 */

const TOKEN = 'a-metrics-token-of-at-least-32-characters';

function captureLog() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('the metrics port', () => {
  it('when METRICS_PORT is set without METRICS_HOST, then the metrics listen on the loopback interface only, whatever HOST is', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toMatchObject({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '0.0.0.0' }).metrics).toMatchObject({ host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toMatchObject({ host: '0.0.0.0' });
  });

  it('when METRICS_TOKEN is too short to be a secret, then the configuration is refused', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  describe('exposed with a token', () => {
    let t: TestApp;
    let port: number;
    const log = captureLog();

    beforeAll(async () => {
      port = await findFreePort();
      t = await createTestApp(
        { METRICS_PORT: String(port), METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
        { logDestination: log.stream },
      );
    });
    afterAll(() => t?.close());

    it('when a scraper brings no token or a wrong one, then it gets 401 and no metrics; with the token, the metrics', async () => {
      const url = `http://127.0.0.1:${port}/metrics`;
      const none = await fetch(url);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      expect(await none.text()).not.toContain('http_request');
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN.replace('a', 'b')}` } })).status).toBe(401);
      const good = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(good.status).toBe(200);
      expect(await good.text()).toContain('process_cpu');
      expect(log.text()).not.toContain('without METRICS_TOKEN');
    });
  });

  describe('exposed without a token', () => {
    let t: TestApp;
    const log = captureLog();

    beforeAll(async () => {
      t = await createTestApp(
        { METRICS_PORT: String(await findFreePort()), METRICS_HOST: '0.0.0.0', LOG_LEVEL: 'warn' },
        { logDestination: log.stream },
      );
    });
    afterAll(() => t?.close());

    it('when the metrics listen beyond the loopback interface without a token, then the start warns', () => {
      const warning = log
        .text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((line) => line.msg.includes('without METRICS_TOKEN'));
      expect(warning).toMatchObject({ level: 40 });
      expect(warning?.msg).toMatch(/0\.0\.0\.0/);
    });
  });
});

import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCaseAdmin } from '../factories/cases.js';
import { signUpMember, tinyPng, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

type LogLine = { level: number; msg: string; err?: { message?: string } };

/** Every line the app logs, parsed. */
function captureLog() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
  };
}

const ERROR = 50;
const INFO = 30;

/**
 * A client that gives up in the middle of its upload (a closed laptop, a lost connection) is
 * logged as what it is, at info level: not as an error, and not as "database unavailable".
 */
describe('uploads the client aborts', () => {
  const log = captureLog();
  let t: TestApp;
  let member: TestMember;
  let adminAuthorization: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logDestination: log.stream });
    member = await signUpMember(t);
    adminAuthorization = (await signInCaseAdmin(t)).headers.authorization;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it.each([
    ['a new post with a file', '/api/network/posts', 'multipart'],
    ['a case CSV import', '/api/caseadmin/cases/import', 'csv'],
  ] as const)(
    'when a client aborts %s half way, then the log says the client aborted, at info level, and no error',
    async (_what, path, kind) => {
      const before = log.lines().length;
      let received: IncomingMessage | undefined;
      t.app.server.once('request', (request: IncomingMessage) => (received = request));
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const boundary = 'abortedboundary';
      const head =
        kind === 'multipart'
          ? `POST ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${member.headers.origin}\r\nCookie: ${member.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nhalf a post\r\n--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`
          : `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${adminAuthorization}\r\nContent-Type: text/csv\r\nContent-Length: 1000000\r\n\r\n`;
      // A real file's first bytes (a PNG), then filler: the upload is cut off in the middle of its data.
      socket.write(
        Buffer.concat([
          Buffer.from(head, 'latin1'),
          kind === 'multipart' ? tinyPng : Buffer.from('passport_number,client_name\n'),
          Buffer.alloc(20_000, 0x61),
        ]),
      );
      // The app reads the body (a consumer is attached to the request's stream), then the client goes away.
      await expect.poll(() => received !== undefined && received.readableFlowing !== null).toBe(true);
      socket.destroy();

      // The server notices the abort on its own time.
      await expect
        .poll(() =>
          log
            .lines()
            .slice(before)
            .some((line) => /aborted/i.test(line.msg)),
        )
        .toBe(true);
      const lines = log.lines().slice(before);
      expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
      expect(lines.some((line) => /database unavailable/.test(line.msg))).toBe(false);
      expect(lines.find((line) => /aborted/i.test(line.msg))?.level).toBe(INFO);
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** Registering for the LMS does not tell who uses an email address. */
describe('account enumeration: LMS registration', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let counter = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const register = (email: string, username = `enum${++counter}x${Date.now()}`) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username, password: 'learner password', profession: 'nurse', email },
    });
  /** The answer with what differs between any two registrations (the token, the id, the name, the time) blanked. */
  const shapeOf = (body: unknown): unknown =>
    JSON.parse(JSON.stringify(body), (key, value: unknown) =>
      ['token', 'id', 'username', 'created_at'].includes(key) ? '…' : value,
    );

  it('when someone registers with an email another learner has, then the answer is the same as for a free one, and the owner gets a note instead', async () => {
    const owner = `owner-${Date.now()}@example.test`;
    const first = await register(owner, `owner${Date.now()}`);
    expect(first.statusCode).toBe(201);
    const free = await register(`free-${Date.now()}@example.test`);
    const taken = await register(owner);

    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).not.toMatch(/already|taken|used/i);
    expect(shapeOf(taken.json())).toEqual(shapeOf(free.json()));
    const note = await smtp.nextMessage((mail) => mail.to.includes(owner) && mail.subject.includes('registered'));
    expect(note.text).toMatch(/made without it/);

    // The address stays the owner's alone: a reset reaches the owner's account, not the newcomer's.
    const { rows } = await t.database.pool.query<{ username: string }>(
      `SELECT username FROM lms_users WHERE email = $1`,
      [owner],
    );
    expect(rows.map((row) => row.username)).toEqual([expect.stringMatching(/^owner\d+$/)]);
  });
});

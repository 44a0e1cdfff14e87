import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_EMAIL } from '../../server/cases/applicant-access.js';
import { oneTimeTokenPurposes } from '../../server/db/schema/one-time-tokens.js';
import { consumeOneTimeToken, issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { createCase, signInCaseAdmin } from '../factories/cases.js';
import { SAME_ORIGIN } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The fourth review's race of the applicant's one-sign-in-email-a-minute rule (issue 35): 15
 * parallel requests sent 7 emails, and 6 links were valid at once. The rule looked for a link made
 * in the last minute, but links are made when the email's job runs, after the request; and issuing
 * a link deleted the earlier ones, then inserted, so jobs running together each kept theirs.
 */

const PARALLEL = 15;

describe('sign-in links under parallel requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('when 15 requests for an applicant’s sign-in link arrive at once, then one email is queued', async () => {
    const { headers } = await signInCaseAdmin(t);
    const email = `racer-${Date.now().toString(36)}@example.test`;
    const created = await createCase(t, headers, { passport_number: 'RACE123', client_email: email });
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/applicant/access',
          headers: { origin: SAME_ORIGIN },
          payload: { caseNumber: created.case_number, passportNumber: 'RACE123' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(PARALLEL).fill(202));
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'compose' = $2`,
      [email, ACCESS_EMAIL],
    );
    expect(rows[0]?.n).toBe(1);

    // A minute later the applicant may ask again.
    t.clock.advance(61_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/applicant/access',
      headers: { origin: SAME_ORIGIN },
      payload: { caseNumber: created.case_number, passportNumber: 'RACE123' },
    });
    const again = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'compose' = $2`,
      [email, ACCESS_EMAIL],
    );
    expect(again.rows[0]?.n).toBe(2);
  });

  it.each(oneTimeTokenPurposes)(
    'when 15 %s links are issued for one account at once, then exactly one of them works',
    async (purpose) => {
      const account = `race-${purpose}-${Date.now().toString(36)}`;
      const tokens = await Promise.all(
        Array.from({ length: PARALLEL }, () => issueOneTimeToken(t.db, purpose, account, t.clock.now(), 3600)),
      );
      const { rows } = await t.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM one_time_tokens WHERE purpose = $1 AND account_id = $2',
        [purpose, account],
      );
      expect(rows[0]?.n).toBe(1);
      const working = [];
      for (const token of tokens) {
        if (await consumeOneTimeToken(t.db, purpose, token, t.clock.now())) working.push(token);
      }
      expect(working).toHaveLength(1);
    },
  );
});

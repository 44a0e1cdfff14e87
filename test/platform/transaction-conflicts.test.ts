import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../server/db/client.js';
import { registerErrorHandler } from '../../server/platform/errors.js';
import { TRANSACTION_ATTEMPTS, TransactionConflict } from '../../server/platform/transactions.js';
import { createTextPost, signUpMember } from '../factories/network.js';
import { waitForLockWaits } from '../support/lock-waits.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** A promise the test settles by hand: one transaction waits at it until the other got its row. */
function signal() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * Decision 041: a transaction that PostgreSQL ends to break a deadlock (40P01) runs again inside
 * `db.transaction`, and one that still conflicts is answered 503 with Retry-After, never 500.
 * The deadlocks are real: two connections lock two rows in opposite orders.
 */
describe('transactions that lose a conflict', () => {
  let t: TestApp;
  let other: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`CREATE TABLE conflict_rows (id int PRIMARY KEY, changes int NOT NULL DEFAULT 0)`);
    await t.db.execute(sql`INSERT INTO conflict_rows (id) VALUES (1), (2)`);
    other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    // The other connection never looks for a deadlock first: the app's transaction is the one ended.
    await other.query(`SET deadlock_timeout = '10s'`);
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  const change = (tx: Transaction, id: number) =>
    tx.execute(sql`UPDATE conflict_rows SET changes = changes + 1 WHERE id = ${id}`);
  const changes = async () =>
    (await t.database.pool.query<{ id: number; changes: number }>('SELECT id, changes FROM conflict_rows ORDER BY id'))
      .rows;
  // A deadlock is found after deadlock_timeout (1 s by default): a short one keeps the test quick.
  const lookForDeadlocksSoon = (tx: Transaction) => tx.execute(sql`SET LOCAL deadlock_timeout = '50ms'`);

  it('when two transactions lock two rows in opposite orders, then the one ended by the deadlock runs again and both commit', async () => {
    const before = await changes();
    const firstHolds = signal();
    const secondHolds = signal();
    let runs = 0;
    const first = t.db.transaction(async (tx) => {
      runs++;
      await lookForDeadlocksSoon(tx);
      await change(tx, 1);
      firstHolds.open();
      await secondHolds.opened;
      await change(tx, 2);
    });
    const second = t.db.transaction(async (tx) => {
      runs++;
      await lookForDeadlocksSoon(tx);
      await change(tx, 2);
      secondHolds.open();
      await firstHolds.opened;
      await change(tx, 1);
    });
    await Promise.all([first, second]);
    expect(runs).toBe(3);
    expect(await changes()).toEqual(before.map((row) => ({ ...row, changes: row.changes + 2 })));
  });

  it('when a transaction deadlocks on every run, then it gives up after a few runs with a 503 and Retry-After, and changed nothing', async () => {
    const before = await changes();
    let runs = 0;
    const failure = await t.db
      .transaction(async (tx) => {
        runs++;
        await lookForDeadlocksSoon(tx);
        await change(tx, 1);
        // The other connection takes row 2, then waits for row 1 (ours) ...
        await other.query('BEGIN');
        await other.query('UPDATE conflict_rows SET changes = changes + 1 WHERE id = 2');
        const othersWait = other.query('UPDATE conflict_rows SET changes = changes + 1 WHERE id = 1');
        void othersWait.then(() => other.query('ROLLBACK'));
        await waitForLockWaits(t, 1);
        // ... while this one waits for row 2 (theirs): a deadlock, which ends this transaction.
        await change(tx, 2);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransactionConflict);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    await expect.poll(changes).toEqual(before);

    // Answered through the app's error handler: 503 { error } with Retry-After.
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/conflict', () => Promise.reject(failure));
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({
      error: 'Someone else was changing the same thing at this moment. Please try again in a moment.',
      code: 'TRANSACTION_CONFLICT',
    });
    await app.close();
  });

  it('when a comment deadlocks with another transaction, then it is written on a second run and the member gets 201, not 500', async () => {
    const author = await signUpMember(t);
    const commenter = await signUpMember(t);
    const post = await createTextPost(t, author, 'نشر قصير عن التوظيف — भर्ती पर एक छोटी पोस्ट');
    // The other transaction holds the post's author (the comment's notification needs that row) ...
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM network_users WHERE id = $1 FOR UPDATE', [author.user.uid]);
    const comment = t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${post.id}/comments`,
      headers: commenter.headers,
      payload: { text: 'تعليق — टिप्पणी 42' },
    });
    // ... the comment has counted itself on the post and waits for the author ...
    await waitForLockWaits(t, 1);
    // ... and the other transaction now wants the post: PostgreSQL ends the comment's transaction.
    await other.query('UPDATE network_posts SET comment_count = comment_count WHERE id = $1', [post.id]);
    await other.query('COMMIT');
    const answer = await comment;
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<{ commentCount: number }>().commentCount).toBe(1);
    const { rows } = await t.database.pool.query<{ comments: number; counted: number }>(
      `SELECT (SELECT count(*)::int FROM network_comments WHERE post_id = $1) AS comments,
              (SELECT comment_count FROM network_posts WHERE id = $1) AS counted`,
      [post.id],
    );
    expect(rows[0]).toEqual({ comments: 1, counted: 1 });
  });
});

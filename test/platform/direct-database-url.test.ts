import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { connectDatabase } from '../../server/db/client.js';
import { createLogger } from '../../server/platform/logger.js';
import { cloneTemplateDatabase } from '../test-app.js';

describe('DATABASE_DIRECT_URL', () => {
  it('when it is set without DATABASE_URL or is not a postgres URL, then the configuration is refused', () => {
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://u:p@db:5432/pathway' })).toThrow(
      /DATABASE_DIRECT_URL is for an external database/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://u:p@pooler:6432/pathway', DATABASE_DIRECT_URL: 'http://db' }),
    ).toThrow(/DATABASE_DIRECT_URL/);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://u:p@pooler:6432/pathway',
        DATABASE_DIRECT_URL: 'postgres://u:p@db:5432/pathway',
      }).databaseDirectUrl,
    ).toBe('postgres://u:p@db:5432/pathway');
  });

  it('when the pool goes through a transaction pooler, then a named statement leaves no prepared statement on the server connection (without it, it does)', async () => {
    const database = await cloneTemplateDatabase();
    const pooled = connectDatabase(database.url, {
      poolSize: 2,
      log: createLogger('silent'),
      throughTransactionPooler: true,
    });
    const named = connectDatabase(database.url, { poolSize: 1, log: createLogger('silent') });
    try {
      const statement = { name: 'pooler_test_statement', text: 'SELECT $1::int AS n' };
      const client = await pooled.pool.connect();
      try {
        await client.query(statement, [1]);
        const prepared = await client.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM pg_prepared_statements WHERE name = $1',
          [statement.name],
        );
        expect(prepared.rows[0]?.count).toBe(0);
      } finally {
        client.release();
      }
      // Without the flag the name is kept: the check above is not vacuous.
      const plain = await named.pool.connect();
      try {
        await plain.query(statement, [1]);
        const prepared = await plain.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM pg_prepared_statements WHERE name = $1',
          [statement.name],
        );
        expect(prepared.rows[0]?.count).toBe(1);
      } finally {
        plain.release();
      }
      expect((await pooled.pool.query(statement, [2])).rows).toEqual([{ n: 2 }]);
    } finally {
      await pooled.close();
      await named.close();
      await database.drop();
    }
  });
});

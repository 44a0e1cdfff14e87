import { readFile } from 'node:fs/promises';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { statementSql } from '../../server/db/statement-sql.js';
import * as statements from '../../server/lms/hot-statements.js';

describe('the exam hot path statements, one source', () => {
  it('when a statement text runs in a Drizzle transaction, then each placeholder becomes its value in order ($10 is not $1 then 0, an array stays one value)', () => {
    const query = new PgDialect().sqlToQuery(
      statementSql('SELECT $1::int, $10::text, $2::int[], $1', ['one', [1, 2], 3, 4, 5, 6, 7, 8, 9, 'ten']),
    );
    expect(query.sql).toBe('SELECT $1::int, $2::text, $3::int[], $4');
    expect(query.params).toEqual(['one', 'ten', [1, 2], 'one']);
  });

  it('when the bench baseline runs the exam cycle, then it imports every hot statement from the build instead of a copy', async () => {
    const baseline = await readFile('bench/baselines/exam-baseline.mjs', 'utf8');
    const named = Object.values(statements).flatMap((value) =>
      typeof value === 'object' && 'name' in value ? [value] : [],
    );
    expect(named.length).toBeGreaterThanOrEqual(5);
    for (const statement of named) {
      // The statement's name or its first distinctive line would appear in a hand-made copy.
      expect(baseline).not.toContain(`'${statement.name}'`);
      const line = statement.text
        .split('\n')
        .map((text) => text.trim())
        .find((text) => text.length > 40);
      if (line) expect(baseline).not.toContain(line);
    }
    expect(baseline).toContain("from '../../dist/server/lms/hot-statements.js'");
  });
});

import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Queryable } from './client.js';

/**
 * A prepared statement's text (with $1, $2… placeholders) and its values as Drizzle SQL, so a
 * Drizzle transaction runs the very text a hot path prepares on its own connection, instead of a
 * second copy of it built with the sql tag.
 */
export function statementSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    // sql.param keeps an array one parameter (the sql tag would spread it into a list).
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

export type Statement = { name: string; text: string };

/**
 * Runs a named statement with its values and returns its rows: on a hot path's own connection, or
 * in a Drizzle transaction (where timestamps come back as text: read only numbers, text, booleans
 * and whether a timestamp is null from rows that may come either way).
 */
export type RunStatement = <Row extends Record<string, unknown>>(
  statement: Statement,
  values: unknown[],
) => Promise<Row[]>;

export const onConnection =
  (client: pg.PoolClient): RunStatement =>
  async <Row extends Record<string, unknown>>(statement: Statement, values: unknown[]) =>
    (await client.query<Row>({ ...statement, values })).rows;

export const inDrizzle =
  (tx: Queryable): RunStatement =>
  async <Row extends Record<string, unknown>>(statement: Statement, values: unknown[]) =>
    // Drizzle types the rows as Assume<Row, QueryResultRow>, which is Row for every Row here.
    (await tx.execute<Row>(statementSql(statement.text, values))).rows as Row[];

import { sql, type SQL } from 'drizzle-orm';

/**
 * A prepared statement's text (with $1, $2… placeholders) and its values as Drizzle SQL, so a
 * Drizzle transaction runs the very text a hot path prepares on its own connection, instead of a
 * second copy of it built with the sql tag.
 */
export function statementSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[Number(match[1]) - 1]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

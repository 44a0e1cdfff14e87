import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { lmsUsers } from '../db/schema/lms.js';
import type { IdentitySource } from '../platform/person-links.js';

/**
 * An LMS learner as an identity of a person (decision 039), known by their username. The LMS never
 * verifies an address (it is optional and only receives reset links), so it vouches for none: a
 * learner is linked by signing in to both, never by an address.
 */
export function lmsIdentity(db: Database): IdentitySource {
  return {
    area: 'lms',
    async labels(accountIds) {
      const ids = accountIds.filter((id) => /^\d{1,10}$/.test(id)).map(Number);
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: lmsUsers.id, username: lmsUsers.username })
        .from(lmsUsers)
        .where(and(inArray(lmsUsers.id, ids), eq(lmsUsers.role, 'user')));
      return new Map(rows.map((row) => [String(row.id), row.username]));
    },
    provenEmail: async () => null,
    accountsWithProvenEmail: async () => [],
  };
}

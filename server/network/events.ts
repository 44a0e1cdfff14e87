import { asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { networkEvents } from '../db/schema/network.js';
import type { EventLog } from '../platform/realtime.js';

export const NETWORK_EVENTS_CHANNEL = 'network_events';
// Names the advisory lock that orders event writes; any constant of our own would do.
const EVENT_ORDER_LOCK = 7_460_118_424;

/**
 * Appends a feed event inside the writer's transaction and NOTIFYs the channel; PostgreSQL
 * delivers the notification only when the transaction commits, and not at all on rollback.
 * The transaction-scoped lock makes ids commit in order, so a reader that has seen id n
 * never later meets a smaller id committing behind it.
 */
export async function appendEvent(
  tx: Transaction,
  type: string,
  data: unknown,
  now: Date,
  postId?: string,
  recipientId?: string,
): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`);
  const [row] = await tx
    .insert(networkEvents)
    .values({ type, data, postId: postId ?? null, recipientId: recipientId ?? null, createdAt: now })
    .returning({ id: networkEvents.id });
  if (!row) throw new Error('event insert returned no row');
  await tx.execute(sql`SELECT pg_notify(${NETWORK_EVENTS_CHANNEL}, ${String(row.id)})`);
  return row.id;
}

export function networkEventLog(db: Database): EventLog {
  return {
    async after(afterId, limit) {
      return db
        .select({
          id: networkEvents.id,
          type: networkEvents.type,
          data: networkEvents.data,
          audience: networkEvents.recipientId,
        })
        .from(networkEvents)
        .where(gt(networkEvents.id, afterId))
        .orderBy(asc(networkEvents.id))
        .limit(limit);
    },
    async latestId() {
      const [row] = await db
        .select({ id: networkEvents.id })
        .from(networkEvents)
        .orderBy(desc(networkEvents.id))
        .limit(1);
      return row?.id ?? 0;
    },
  };
}

/** Deletes the events that carry a post's content (the post, its comments, its likes), in the deleting transaction. */
export async function forgetPostEvents(tx: Transaction, postId: string): Promise<void> {
  await tx.delete(networkEvents).where(eq(networkEvents.postId, postId));
}

export async function pruneEvents(db: Database, olderThan: Date): Promise<void> {
  await db.delete(networkEvents).where(lt(networkEvents.createdAt, olderThan));
}

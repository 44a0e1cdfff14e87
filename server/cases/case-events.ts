import { caseEvents } from '../db/schema/cases.js';
import type { Queryable } from '../db/client.js';

export type CaseEventKind = (typeof caseEvents.$inferInsert)['kind'];
export type CaseEventInput = { caseId: number; kind: CaseEventKind; summary: string };

/** The case admin who made a change, as every case write records it. */
export type ActingAdmin = { id: number; email: string };
/** Who did it: an admin, or the app itself (`null`: notifications). */
export type Actor = ActingAdmin | null;

/** Records changes in the case history, in the caller's transaction, as one insert. */
export async function recordCaseEvents(
  tx: Queryable,
  events: CaseEventInput[],
  actor: Actor,
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(caseEvents).values(
    events.map((event) => ({
      ...event,
      changedByAdminId: actor?.id ?? null,
      changedByEmail: actor?.email ?? 'system',
      changedAt: now,
    })),
  );
}

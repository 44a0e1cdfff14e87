import { count, desc } from 'drizzle-orm';
import type { AccountActionKind, AccountActionsResponse } from '../../contracts/lms.js';
import type { Database, Queryable } from '../db/client.js';
import { lmsAccountActions } from '../db/schema/lms.js';

/*
 * The account log: every action an LMS admin takes on an account, in the transaction of the action
 * itself, so nothing is done unrecorded (issue 35). Admins read it page by page, newest first.
 */

type Named = { id: number; username: string };

export async function recordAccountAction(
  tx: Queryable,
  admin: Named,
  user: Named,
  action: AccountActionKind,
  detail: string,
  now: Date,
): Promise<void> {
  await tx.insert(lmsAccountActions).values({
    adminId: admin.id,
    adminUsername: admin.username,
    userId: user.id,
    username: user.username,
    action,
    detail,
    createdAt: now,
  });
}

export async function listAccountActions(
  db: Database,
  page: { limit: number; offset: number },
): Promise<AccountActionsResponse & { total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(lmsAccountActions)
      .orderBy(desc(lmsAccountActions.createdAt), desc(lmsAccountActions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(lmsAccountActions),
  ]);
  return {
    actions: rows.map((row) => ({
      id: row.id,
      action: row.action,
      admin: row.adminUsername,
      username: row.username,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

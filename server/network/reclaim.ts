import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { networkEmailDigests, networkUsers } from '../db/schema/network.js';
import { removeMemberContent } from './member-content.js';
import { liftSquattersSuspension } from './suspensions.js';
import { forgetIdentity } from '../platform/person-links.js';

/**
 * An account whose address nobody had verified is being taken over by the address's owner (a
 * password reset link, or a verified provider identity): whatever the squatter made with it goes,
 * so the owner does not inherit (or get blamed for) the squatter's name, photo, posts, comments and
 * likes, nor get the daily email the squatter asked for or the suspension the squatter earned. In the caller's transaction; returns the stored media keys to remove once it commits.
 */
export async function clearSquattersTraces(tx: Transaction, accountId: string, now: Date): Promise<string[]> {
  const removedMedia = await removeMemberContent(tx, accountId, now);
  await tx
    .update(networkUsers)
    .set({
      username: null,
      displayName: null,
      photoUrl: null,
      headline: null,
      jobTitle: null,
      employer: null,
      location: null,
      about: null,
    })
    .where(eq(networkUsers.id, accountId));
  await tx.delete(networkEmailDigests).where(eq(networkEmailDigests.userId, accountId));
  await liftSquattersSuspension(tx, accountId);
  // The squatter's links (and an unused link code) were proven by the squatter, not the address's owner.
  await forgetIdentity(tx, { area: 'network', accountId });
  return removedMedia;
}

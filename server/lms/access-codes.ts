import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccessCode, createAccessCodesBody } from '../../contracts/lms.js';
import type { Database } from '../db/client.js';
import { accessCodes, lmsUsers } from '../db/schema/lms.js';
import { AppError } from '../platform/errors.js';
import type { LmsAccount } from './programs.js';

/*
 * Access codes: an LMS admin issues a batch (an agency hands one to each candidate), a learner
 * redeems one and gains its programs. A code is 16 characters of Crockford's base 32 (80 random
 * bits, grouped XXXX-XXXX-XXXX-XXXX), so a guess cannot find one, and its SHA-256 is all that is
 * stored: a fast hash is enough for a random 80-bit secret, and lets a redeem find the code by index.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 16;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** As typed: any case, spaces and dashes aside, and the letters people confuse with digits read as them. */
export const normalizeCode = (code: string) =>
  code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');

const hashOf = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex');

export async function createAccessCodes(
  db: Database,
  admin: LmsAccount,
  body: z.output<typeof createAccessCodesBody>,
  now: Date,
): Promise<string[]> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new AppError(400, 'expiresAt must be in the future');
  const codes = Array.from({ length: body.count }, newCode);
  await db.insert(accessCodes).values(
    codes.map((code) => ({
      codeHash: hashOf(code),
      programs: body.programs,
      note: body.note,
      expiresAt,
      createdAt: now,
      createdBy: admin.id,
    })),
  );
  return codes;
}

export async function listAccessCodes(
  db: Database,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ accessCodes: AccessCode[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ code: accessCodes, redeemedBy: lmsUsers.username })
      .from(accessCodes)
      .leftJoin(lmsUsers, eq(lmsUsers.id, accessCodes.redeemedBy))
      .orderBy(desc(accessCodes.createdAt), desc(accessCodes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(accessCodes),
  ]);
  return {
    accessCodes: rows.map(({ code, redeemedBy }) => ({
      id: code.id,
      programs: code.programs,
      note: code.note,
      state: code.redeemedAt ? 'redeemed' : code.expiresAt && code.expiresAt <= now ? 'expired' : 'unused',
      created_at: code.createdAt.toISOString(),
      expires_at: code.expiresAt?.toISOString() ?? null,
      redeemed_at: code.redeemedAt?.toISOString() ?? null,
      redeemed_by: code.redeemedAt ? (redeemedBy ?? '(deleted account)') : null,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Redeems a code once: the update that marks it used checks, in the same statement, that it is
 * unused and unexpired, so two learners racing for one code cannot both win. A refusal says why.
 */
export async function redeemAccessCode(
  db: Database,
  account: LmsAccount,
  code: string,
  now: Date,
): Promise<{ message: string; allowed_programs: string[] }> {
  const codeHash = hashOf(code);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(accessCodes)
      .set({ redeemedAt: now, redeemedBy: account.id })
      .where(
        and(
          eq(accessCodes.codeHash, codeHash),
          isNull(accessCodes.redeemedAt),
          sql`(${accessCodes.expiresAt} IS NULL OR ${accessCodes.expiresAt} > ${now})`,
        ),
      )
      .returning({ programs: accessCodes.programs });
    if (!claimed) {
      const [found] = await tx.select().from(accessCodes).where(eq(accessCodes.codeHash, codeHash));
      if (!found) throw new AppError(404, 'There is no such access code. Check it and try again.');
      if (found.redeemedAt)
        throw new AppError(
          409,
          found.redeemedBy === account.id ? 'You have already redeemed this code.' : 'This code has already been used.',
        );
      throw new AppError(
        410,
        `This code expired on ${found.expiresAt?.toISOString().slice(0, 10) ?? ''}. Ask for a new one.`,
      );
    }
    const [user] = await tx
      .select({ programs: lmsUsers.allowedPrograms })
      .from(lmsUsers)
      .where(eq(lmsUsers.id, account.id))
      .for('update');
    const allowed = [...new Set([...(user?.programs ?? []), ...claimed.programs])];
    await tx.update(lmsUsers).set({ allowedPrograms: allowed }).where(eq(lmsUsers.id, account.id));
    return { message: 'Code redeemed: your premium access is open.', allowed_programs: allowed };
  });
}

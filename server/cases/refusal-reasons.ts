import { asc, eq } from 'drizzle-orm';
import { mergeTranslations } from '../../contracts/case-translations.js';
import type { RefusalReason } from '../../contracts/case-documents.js';
import type { Database } from '../db/client.js';
import { documentRefusalReasons } from '../db/schema/cases.js';
import { AppError, databaseErrorCode, notFound, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import type { SentTranslations } from './service-catalog.js';

/**
 * The reasons staff give most when they refuse a document, each in every applicant language
 * (issue 38: a refusal's reason reached Arabic readers in English). Reviews copy the words they
 * chose, so editing or removing a reason here never rewrites what an applicant was told.
 */

const columns = {
  id: documentRefusalReasons.id,
  text: documentRefusalReasons.text,
  translations: documentRefusalReasons.translations,
};

const duplicate = (error: unknown, text: string | undefined) =>
  databaseErrorCode(error) === PG_UNIQUE_VIOLATION
    ? new AppError(409, `The refusal reason "${text}" exists already`, undefined, 'text')
    : error;

export function listRefusalReasons(db: Database): Promise<RefusalReason[]> {
  return db.select(columns).from(documentRefusalReasons).orderBy(asc(documentRefusalReasons.id));
}

export async function createRefusalReason(
  db: Database,
  body: { text: string; translations?: SentTranslations | undefined },
): Promise<RefusalReason> {
  try {
    const [created] = await db
      .insert(documentRefusalReasons)
      .values({ text: body.text, translations: mergeTranslations({}, body.translations) })
      .returning(columns);
    if (!created) throw new Error('insert returned no row');
    return created;
  } catch (error) {
    throw duplicate(error, body.text);
  }
}

export async function updateRefusalReason(
  db: Database,
  id: number,
  body: { text?: string | undefined; translations?: SentTranslations | undefined },
): Promise<RefusalReason> {
  try {
    return await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ translations: documentRefusalReasons.translations })
        .from(documentRefusalReasons)
        .where(eq(documentRefusalReasons.id, id))
        .for('update');
      if (!found) throw notFound('Refusal reason');
      const [updated] = await tx
        .update(documentRefusalReasons)
        .set({
          ...(body.text !== undefined ? { text: body.text } : {}),
          ...(body.translations !== undefined
            ? { translations: mergeTranslations(found.translations, body.translations) }
            : {}),
        })
        .where(eq(documentRefusalReasons.id, id))
        .returning(columns);
      if (!updated) throw notFound('Refusal reason');
      return updated;
    });
  } catch (error) {
    throw duplicate(error, body.text);
  }
}

export async function deleteRefusalReason(db: Database, id: number): Promise<void> {
  const deleted = await db
    .delete(documentRefusalReasons)
    .where(eq(documentRefusalReasons.id, id))
    .returning({ id: documentRefusalReasons.id });
  if (deleted.length === 0) throw notFound('Refusal reason');
}

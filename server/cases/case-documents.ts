import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  APPLICANT_CASE_PATH,
  type ChecklistItem,
  type ReviewQueueItem,
  type ServiceDocument,
  type ServiceDocumentChanges,
  type ServiceDocumentFields,
} from '../../contracts/case-documents.js';
import { translatedLanguages, type Translations } from '../../contracts/case-languages.js';
import { mergeTranslations } from '../../contracts/case-translations.js';
import type { Database, Queryable } from '../db/client.js';
import {
  caseDocuments,
  caseEvents,
  cases,
  caseServices,
  documentRefusalReasons,
  serviceDocuments,
  services,
} from '../db/schema/cases.js';
import { AppError, databaseErrorCode, fieldError, notFound, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import type { MediaStorage, StorageKey, StoredFilePrefix } from '../platform/storage.js';
import { documentRejectedEmail, documentsAcceptedEmail } from './case-emails.js';
import { extensionOf, type ReceivedDocument } from './document-upload.js';
import type { ActingAdmin } from './case-events.js';
import { caseContactOf, type NotificationDeps } from './case-notifications.js';

const DOCUMENT_PREFIX = 'case-documents/' satisfies StoredFilePrefix;

/** Who sent or reviewed: an admin, or the applicant signed in to the case. */
export type DocumentActor = ActingAdmin | 'applicant';

const definitionColumns = {
  id: serviceDocuments.id,
  serviceId: serviceDocuments.serviceId,
  name: serviceDocuments.name,
  description: serviceDocuments.description,
  required: serviceDocuments.required,
  translations: serviceDocuments.translations,
};

// ---- Definitions: the documents each service needs

async function assertServiceExists(db: Queryable, serviceId: number): Promise<void> {
  const [found] = await db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  if (!found) throw notFound('Service');
}

export async function listServiceDocuments(db: Database, serviceId: number): Promise<ServiceDocument[]> {
  await assertServiceExists(db, serviceId);
  return db
    .select(definitionColumns)
    .from(serviceDocuments)
    .where(eq(serviceDocuments.serviceId, serviceId))
    .orderBy(asc(serviceDocuments.id));
}

function duplicateName(error: unknown, name: string | undefined): unknown {
  return databaseErrorCode(error) === PG_UNIQUE_VIOLATION
    ? new AppError(409, `This service already asks for a document named "${name}"`, undefined, 'name')
    : error;
}

export async function createServiceDocument(
  db: Database,
  serviceId: number,
  body: ServiceDocumentFields,
): Promise<ServiceDocument> {
  await assertServiceExists(db, serviceId);
  try {
    const [created] = await db
      .insert(serviceDocuments)
      .values({
        serviceId,
        name: body.name,
        description: body.description ?? null,
        required: body.required ?? true,
        translations: mergeTranslations({}, body.translations),
      })
      .returning(definitionColumns);
    if (!created) throw new Error('insert returned no row');
    return created;
  } catch (error) {
    throw duplicateName(error, body.name);
  }
}

export async function updateServiceDocument(
  db: Database,
  id: number,
  body: ServiceDocumentChanges,
): Promise<ServiceDocument> {
  try {
    return await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ translations: serviceDocuments.translations })
        .from(serviceDocuments)
        .where(eq(serviceDocuments.id, id))
        .for('update');
      if (!found) throw notFound('Document');
      const [updated] = await tx
        .update(serviceDocuments)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.required !== undefined ? { required: body.required } : {}),
          ...(body.translations !== undefined
            ? { translations: mergeTranslations(found.translations, body.translations) }
            : {}),
        })
        .where(eq(serviceDocuments.id, id))
        .returning(definitionColumns);
      if (!updated) throw notFound('Document');
      return updated;
    });
  } catch (error) {
    throw duplicateName(error, body.name);
  }
}

/** Refused while any case has sent a file for it: removing the definition would drop applicants' files. */
export async function deleteServiceDocument(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: serviceDocuments.id })
      .from(serviceDocuments)
      .where(eq(serviceDocuments.id, id))
      .for('update');
    if (!found) throw notFound('Document');
    const [sent] = await tx.select({ n: count() }).from(caseDocuments).where(eq(caseDocuments.serviceDocumentId, id));
    if (sent && sent.n > 0) throw new AppError(409, `${sent.n} case(s) have sent this document; it cannot be removed`);
    await tx.delete(serviceDocuments).where(eq(serviceDocuments.id, id));
  });
}

// ---- A case's checklist

type ChecklistRow = {
  document_id: number;
  service_id: number;
  service_name: string;
  service_translations: Translations;
  name: string;
  description: string | null;
  required: boolean;
  translations: Translations;
  reason_translations: Translations | null;
  id: number | null;
  status: ChecklistItem['status'] | null;
  reason: string | null;
  content_type: string | null;
  size: number | null;
  uploaded_at: Date | string | null;
  reviewed_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Every document the case's services need, with what was sent for it ("requested" when nothing):
 * the required ones first (what the applicant must do), then the optional, each in their services'
 * order.
 */
export async function caseChecklist(db: Queryable, caseId: number): Promise<ChecklistItem[]> {
  const result = await db.execute<ChecklistRow>(sql`
    SELECT sd.id AS document_id, cs.service_id, s.name AS service_name, s.translations AS service_translations,
           sd.name, sd.description, sd.required, sd.translations,
           cd.id, cd.status, cd.reason, cd.reason_translations, cd.content_type, cd.size, cd.uploaded_at, cd.reviewed_at
    FROM case_services cs
    JOIN services s ON s.id = cs.service_id
    JOIN service_documents sd ON sd.service_id = cs.service_id
    LEFT JOIN case_documents cd ON cd.case_id = cs.case_id AND cd.service_document_id = sd.id
    WHERE cs.case_id = ${caseId}
    ORDER BY sd.required DESC, cs.id, sd.id`);
  return result.rows.map((row) => ({
    id: row.id,
    documentId: row.document_id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    name: row.name,
    description: row.description,
    required: row.required,
    status: row.status ?? 'requested',
    reason: row.reason,
    contentType: row.content_type,
    size: row.size,
    uploadedAt: iso(row.uploaded_at),
    reviewedAt: iso(row.reviewed_at),
    translations: row.translations,
    serviceTranslations: row.service_translations,
    reasonTranslations: row.reason_translations ?? {},
  }));
}

async function recordDocumentEvent(
  tx: Queryable,
  caseId: number,
  kind: 'document uploaded' | 'document reviewed' | 'document reopened',
  summary: string,
  actor: DocumentActor,
  now: Date,
) {
  await tx.insert(caseEvents).values({
    caseId,
    kind,
    summary,
    changedByAdminId: actor === 'applicant' ? null : actor.id,
    changedByEmail: actor === 'applicant' ? 'applicant' : actor.email,
    changedAt: now,
  });
}

// ---- Sending a file

/**
 * Stores the file and records it as the case's copy of the document, replacing an earlier file
 * that was not accepted (a refused one, or one still waiting). The file is stored before the
 * transaction (storage cannot roll back) and removed again if the transaction fails; the replaced
 * file goes after the commit.
 */
export async function saveCaseDocument(
  db: Database,
  storage: MediaStorage,
  log: FastifyBaseLogger,
  input: { caseId: number; documentId: number; file: ReceivedDocument; actor: DocumentActor; now: Date },
): Promise<ChecklistItem> {
  const { caseId, documentId, file, actor, now } = input;
  try {
    // Checked before storing, so a refused upload costs no storage write; checked again under the lock.
    await findSendable(db, caseId, documentId);
    const key: StorageKey = `${DOCUMENT_PREFIX}${caseId}/${now.getTime()}-${randomBytes(8).toString('hex')}.${extensionOf[file.type]}`;
    await storage.putFile(key, file.path, file.size, file.type);
    let replacedKey: string | null = null;
    try {
      await db.transaction(async (tx) => {
        const { name, serviceName, existing } = await findSendable(tx, caseId, documentId, true);
        replacedKey = existing?.storageKey ?? null;
        const values = {
          status: 'uploaded' as const,
          reason: null,
          reasonTranslations: null,
          storageKey: key,
          contentType: file.type,
          size: file.size,
          uploadedAt: now,
          uploadedBy: actor === 'applicant' ? 'applicant' : actor.email,
          reviewedAt: null,
          reviewedBy: null,
        };
        if (existing) await tx.update(caseDocuments).set(values).where(eq(caseDocuments.id, existing.id));
        else await tx.insert(caseDocuments).values({ caseId, serviceDocumentId: documentId, ...values });
        const by = actor === 'applicant' ? 'the applicant' : actor.email;
        await recordDocumentEvent(
          tx,
          caseId,
          'document uploaded',
          `${name} (${serviceName}) sent by ${by}${existing ? ', replacing the earlier file' : ''}`,
          actor,
          now,
        );
      });
    } catch (error) {
      await removeStored(storage, key, log);
      throw error;
    }
    if (replacedKey) await removeStored(storage, replacedKey, log);
    const item = (await caseChecklist(db, caseId)).find((entry) => entry.documentId === documentId);
    if (!item) throw new Error('the sent document is not on the checklist');
    return item;
  } finally {
    await rm(file.path, { force: true });
  }
}

async function findSendable(tx: Queryable, caseId: number, documentId: number, lock = false) {
  const [caseRow] = await (lock
    ? tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('update')
    : tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)));
  if (!caseRow) throw notFound('Case');
  const [definition] = await tx
    .select({ name: serviceDocuments.name, serviceName: services.name })
    .from(serviceDocuments)
    .innerJoin(services, eq(services.id, serviceDocuments.serviceId))
    .innerJoin(
      caseServices,
      and(eq(caseServices.serviceId, serviceDocuments.serviceId), eq(caseServices.caseId, caseId)),
    )
    .where(eq(serviceDocuments.id, documentId));
  // A document of a service the case does not have is not on its checklist: the same 404 as no document.
  if (!definition) throw notFound('Document');
  const [existing] = await tx
    .select({ id: caseDocuments.id, status: caseDocuments.status, storageKey: caseDocuments.storageKey })
    .from(caseDocuments)
    .where(and(eq(caseDocuments.caseId, caseId), eq(caseDocuments.serviceDocumentId, documentId)));
  if (existing?.status === 'accepted') throw new AppError(409, `${definition.name} has already been accepted`);
  return { ...definition, existing };
}

async function removeStored(storage: MediaStorage, key: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await storage.delete(key);
  } catch (error) {
    log.error({ err: error, key }, 'could not delete a stored case document');
  }
}

// ---- Review

/** The email of a review, written when its job runs (after the undo window): see composeReviewEmails. */
export const REVIEW_EMAIL = 'case-document-review';
const reviewJob = z.object({ documentId: z.number().int(), reviewedAt: z.string() });

/** A refusal's words: a refusal reason of the list (translated), the reviewer's own, or both. */
async function refusalWords(
  tx: Queryable,
  body: { reason?: string | undefined; reasonId?: number | undefined },
): Promise<{ reason: string; reasonTranslations: Translations | null }> {
  const own = (body.reason ?? '').trim();
  if (body.reasonId === undefined) return { reason: own, reasonTranslations: null };
  const [chosen] = await tx
    .select({ text: documentRefusalReasons.text, translations: documentRefusalReasons.translations })
    .from(documentRefusalReasons)
    .where(eq(documentRefusalReasons.id, body.reasonId));
  if (!chosen) throw fieldError('reasonId', 'Choose one of the refusal reasons: there is no such reason');
  const joined = (text: string) => (own ? `${text} ${own}` : text);
  const reasonTranslations: Translations = {};
  for (const language of translatedLanguages) {
    const translated = chosen.translations[language]?.name;
    if (translated) reasonTranslations[language] = { name: joined(translated) };
  }
  return { reason: joined(chosen.text), reasonTranslations };
}

/**
 * A case's document as a review or a reopening finds it, locked until the transaction ends (two
 * staff reviewing the same file: the second sees the first's decision), with the names its event
 * and refusal speak of and the applicant's address for the review's email; a 404 when there is none.
 */
async function lockReviewedDocument(tx: Queryable, id: number) {
  const [found] = await tx
    .select({
      caseId: caseDocuments.caseId,
      status: caseDocuments.status,
      name: serviceDocuments.name,
      serviceName: services.name,
      clientEmail: cases.clientEmail,
    })
    .from(caseDocuments)
    .innerJoin(serviceDocuments, eq(serviceDocuments.id, caseDocuments.serviceDocumentId))
    .innerJoin(services, eq(services.id, serviceDocuments.serviceId))
    .innerJoin(cases, eq(cases.id, caseDocuments.caseId))
    .where(eq(caseDocuments.id, id))
    .for('update', { of: caseDocuments });
  if (!found) throw notFound('Document');
  return found;
}

/** The document's entry of its case's checklist, as the answer to a change of it. */
async function checklistEntry(tx: Queryable, caseId: number, id: number): Promise<ChecklistItem> {
  const item = (await caseChecklist(tx, caseId)).find((entry) => entry.id === id);
  if (!item) throw notFound('Document');
  return item;
}

/**
 * Accepts or rejects a file awaiting review. The applicant hears of it by email when the case has
 * an address: a rejection with its reason, and the review that accepts the last required document.
 * The email is queued in the same transaction (no email for a review that failed), to be written
 * once the review can no longer be undone (CASE_STEP_UNDO_SECONDS, as a step move's): reopened
 * before then, the document's email is never sent.
 */
export async function reviewCaseDocument(
  db: Database,
  notify: Pick<NotificationDeps, 'mailer' | 'undoSeconds'>,
  id: number,
  body: { decision: 'accepted' | 'rejected'; reason?: string | undefined; reasonId?: number | undefined },
  admin: ActingAdmin,
  now: Date,
): Promise<ChecklistItem> {
  return db.transaction(async (tx) => {
    const found = await lockReviewedDocument(tx, id);
    if (found.status !== 'uploaded')
      throw new AppError(
        409,
        `${found.name} has already been ${found.status}; reopen it to review it again, or wait for a new file`,
      );
    const refusal = body.decision === 'rejected' ? await refusalWords(tx, body) : null;
    await tx
      .update(caseDocuments)
      .set({
        status: body.decision,
        reason: refusal?.reason ?? null,
        reasonTranslations: refusal?.reasonTranslations ?? null,
        reviewedAt: now,
        reviewedBy: admin.email,
      })
      .where(eq(caseDocuments.id, id));
    const summary =
      body.decision === 'accepted'
        ? `${found.name} (${found.serviceName}) accepted`
        : `${found.name} (${found.serviceName}) rejected: ${refusal?.reason ?? ''}`;
    await recordDocumentEvent(tx, found.caseId, 'document reviewed', summary, admin, now);

    const item = await checklistEntry(tx, found.caseId, id);
    if (found.clientEmail)
      await notify.mailer.sendComposed(
        tx,
        REVIEW_EMAIL,
        found.clientEmail,
        { documentId: id, reviewedAt: now.toISOString() },
        { startAfterSeconds: notify.undoSeconds },
      );
    return item;
  });
}

/**
 * Reopens a reviewed document (accepted or refused): it awaits review again and takes a new file
 * from the applicant. Staff's undo of a review just made, and their way back from an acceptance
 * given too soon (issue 38: an acceptance could never be taken back, and the applicant could then
 * never replace the file). A review's email still waiting is not sent (composeReviewEmails).
 */
export async function reopenCaseDocument(
  db: Database,
  id: number,
  admin: ActingAdmin,
  now: Date,
): Promise<ChecklistItem> {
  return db.transaction(async (tx) => {
    const found = await lockReviewedDocument(tx, id);
    if (found.status === 'uploaded') throw new AppError(409, `${found.name} is already awaiting review`);
    await tx
      .update(caseDocuments)
      .set({ status: 'uploaded', reason: null, reasonTranslations: null, reviewedAt: null, reviewedBy: null })
      .where(eq(caseDocuments.id, id));
    await recordDocumentEvent(
      tx,
      found.caseId,
      'document reopened',
      `${found.name} (${found.serviceName}) reopened: it was ${found.status}, and awaits review again`,
      admin,
      now,
    );
    return checklistEntry(tx, found.caseId, id);
  });
}

/**
 * Writes a review's email when its job runs, from the document as it is then: nothing when the
 * review was undone or replaced since (reopened, reviewed again, a new file), or the case lost its
 * address; a refusal with its reason in the applicant's language; an acceptance only when it was
 * the review that accepted the last required document (one email, however many were accepted).
 */
export function composeReviewEmails(db: Database, notify: NotificationDeps): void {
  notify.mailer.compose(REVIEW_EMAIL, async (data) => {
    const { documentId, reviewedAt } = reviewJob.parse(data);
    const [found] = await db
      .select({
        caseId: caseDocuments.caseId,
        status: caseDocuments.status,
        reason: caseDocuments.reason,
        reasonTranslations: caseDocuments.reasonTranslations,
        reviewedAt: caseDocuments.reviewedAt,
        uploadedAt: caseDocuments.uploadedAt,
        name: serviceDocuments.name,
        translations: serviceDocuments.translations,
        caseNumber: cases.caseNumber,
        clientEmail: cases.clientEmail,
        language: cases.applicantLanguage,
      })
      .from(caseDocuments)
      .innerJoin(serviceDocuments, eq(serviceDocuments.id, caseDocuments.serviceDocumentId))
      .innerJoin(cases, eq(cases.id, caseDocuments.caseId))
      .where(eq(caseDocuments.id, documentId));
    if (!found?.clientEmail || found.reviewedAt?.toISOString() !== reviewedAt) return undefined;
    const link = notify.link(APPLICANT_CASE_PATH);
    const contact = await caseContactOf(db, notify.agency, found.caseId);
    const { caseNumber, language } = found;
    if (found.status === 'rejected')
      return {
        to: found.clientEmail,
        ...(await documentRejectedEmail({
          language,
          caseNumber,
          name: found.name,
          nameTranslations: found.translations,
          reason: found.reason ?? '',
          reasonTranslations: found.reasonTranslations,
          uploadedAt: found.uploadedAt,
          link,
          contact,
        })),
      };
    const required = (await caseChecklist(db, found.caseId)).filter((entry) => entry.required);
    const last = required.reduce<string | null>(
      (latest, entry) => (entry.reviewedAt && (!latest || entry.reviewedAt > latest) ? entry.reviewedAt : latest),
      null,
    );
    const completes =
      required.some((entry) => entry.id === documentId) &&
      required.every((entry) => entry.status === 'accepted') &&
      last === reviewedAt;
    if (!completes) return undefined;
    return { to: found.clientEmail, ...(await documentsAcceptedEmail({ language, caseNumber, link, contact })) };
  });
}

// ---- The review queue and the files

export async function reviewQueue(
  db: Database,
  page: number,
  pageSize: number,
): Promise<{ items: ReviewQueueItem[]; total: number }> {
  const waiting = eq(caseDocuments.status, 'uploaded');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: caseDocuments.id,
        caseId: caseDocuments.caseId,
        caseNumber: cases.caseNumber,
        clientName: cases.clientName,
        serviceName: services.name,
        name: serviceDocuments.name,
        documentId: serviceDocuments.id,
        required: serviceDocuments.required,
        contentType: caseDocuments.contentType,
        size: caseDocuments.size,
        uploadedAt: caseDocuments.uploadedAt,
      })
      .from(caseDocuments)
      .innerJoin(cases, eq(cases.id, caseDocuments.caseId))
      .innerJoin(serviceDocuments, eq(serviceDocuments.id, caseDocuments.serviceDocumentId))
      .innerJoin(services, eq(services.id, serviceDocuments.serviceId))
      .where(waiting)
      .orderBy(asc(caseDocuments.uploadedAt), asc(caseDocuments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(caseDocuments).where(waiting),
  ]);
  return { items: rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() })), total: total?.n ?? 0 };
}

export type StoredDocument = { key: string; contentType: string; size: number; fileName: string };

/** The stored file of a sent document, for staff (or, given `caseId`, only if it is that case's). */
export async function storedDocument(db: Database, id: number, caseId?: number): Promise<StoredDocument> {
  const [found] = await db
    .select({
      key: caseDocuments.storageKey,
      contentType: caseDocuments.contentType,
      size: caseDocuments.size,
      caseId: caseDocuments.caseId,
      name: serviceDocuments.name,
    })
    .from(caseDocuments)
    .innerJoin(serviceDocuments, eq(serviceDocuments.id, caseDocuments.serviceDocumentId))
    .where(eq(caseDocuments.id, id));
  if (!found || (caseId !== undefined && found.caseId !== caseId)) throw notFound('Document');
  const extension = found.key.slice(found.key.lastIndexOf('.') + 1);
  const base =
    found.name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'document';
  return { key: found.key, contentType: found.contentType, size: found.size, fileName: `${base}.${extension}` };
}

/** The stored files of a case, read before the case is deleted so they can go with it. */
export async function caseDocumentKeys(db: Queryable, caseId: number): Promise<string[]> {
  const rows = await db
    .select({ key: caseDocuments.storageKey })
    .from(caseDocuments)
    .where(eq(caseDocuments.caseId, caseId));
  return rows.map((row) => row.key);
}

export async function removeStoredDocuments(
  storage: MediaStorage,
  keys: string[],
  log: FastifyBaseLogger,
): Promise<void> {
  await Promise.all(keys.map((key) => removeStored(storage, key, log)));
}

import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminCase } from '../../contracts/cases.js';
import type { ApplicantLanguageCode } from '../../contracts/case-documents.js';
import { languageNames } from '../../contracts/case-languages.js';
import type { Database, Queryable } from '../db/client.js';
import { caseAdmins, cases, caseServices, services } from '../db/schema/cases.js';
import { AppError, fieldError, notFound } from '../platform/errors.js';
import type { MediaStorage } from '../platform/storage.js';
import { endApplicantSignIns } from './applicant-sign-ins.js';
import { caseDocumentKeys, removeStoredDocuments } from './case-documents.js';
import { recordCaseEvents, type ActingAdmin, type CaseEventInput } from './case-events.js';
import { addClientEmailRecipients, sendCaseCreatedEmails, type NotificationDeps } from './case-notifications.js';
import {
  caseNumberKey,
  caseNumberTaken,
  casesWithNumbersLike,
  generateCaseNumber,
  normalizeCaseNumber,
} from './case-numbers.js';
import { loadCase } from './case-reads.js';
import { forgetIdentity } from '../platform/person-links.js';
import { refreshCaseStatuses, setInitialCaseStatuses } from './case-status.js';

/*
 * Changing cases: creating one, its services and details, deleting it with its files. Each change
 * is one transaction that also records its history and queues its emails; case-reads.ts holds the reads.
 */

export async function assertServicesExist(tx: Queryable, serviceIds: number[]): Promise<void> {
  if (serviceIds.length === 0) return;
  const found = await tx.select({ id: services.id }).from(services).where(inArray(services.id, serviceIds));
  const missing = serviceIds.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) throw new AppError(400, `Unknown service id(s): ${missing.join(', ')}`);
}

/** Subscribes a case to services, each starting on its first step. */
export async function addCaseServices(tx: Queryable, caseId: number, serviceIds: number[], now: Date): Promise<void> {
  if (serviceIds.length === 0) return;
  await tx.insert(caseServices).values(
    serviceIds.map((serviceId) => ({
      caseId,
      serviceId,
      currentStepId: sql`(SELECT id FROM steps WHERE service_id = ${serviceId} ORDER BY sequence LIMIT 1)`,
      lastUpdated: now,
    })),
  );
}

/** "Documents Verification, License Registration" for history entries. */
export async function serviceNames(tx: Queryable, serviceIds: number[]): Promise<string> {
  if (serviceIds.length === 0) return '';
  const rows = await tx
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(inArray(services.id, serviceIds));
  return serviceIds.map((id) => rows.find((row) => row.id === id)?.name ?? `#${id}`).join(', ');
}

/** The owner's email, or a 400 about `ownerId` when there is no such admin. */
async function ownerEmailOf(tx: Queryable, ownerId: number): Promise<string> {
  const [owner] = await tx.select({ email: caseAdmins.email }).from(caseAdmins).where(eq(caseAdmins.id, ownerId));
  if (!owner) throw fieldError('ownerId', 'Choose the owner among the staff: there is no such admin');
  return owner.email;
}

export async function createCase(
  db: Database,
  input: {
    case_number?: string | undefined;
    passport_number: string;
    client_name: string;
    client_email?: string | null | undefined;
    serviceIds: number[];
    applicant_language?: ApplicantLanguageCode | undefined;
    ownerId?: number | null | undefined;
  },
  admin: ActingAdmin,
  now: Date,
  notify: Pick<NotificationDeps, 'mailer' | 'link' | 'unsubscribeToken' | 'agency'>,
): Promise<AdminCase> {
  return db.transaction(async (tx) => {
    await assertServicesExist(tx, input.serviceIds);
    // Whoever creates a case owns it unless they name someone else (or nobody); the history names
    // an owner other than the creator.
    const ownerId = input.ownerId === undefined ? admin.id : input.ownerId;
    const ownerEmail = ownerId === null ? null : ownerId === admin.id ? admin.email : await ownerEmailOf(tx, ownerId);
    const requested = input.case_number ? normalizeCaseNumber(input.case_number) : undefined;
    if (requested) {
      // "PW1" beside an existing "PW-1" is refused: the tracker could not tell them apart.
      const lookalike = (await casesWithNumbersLike(tx, [requested])).get(caseNumberKey(requested));
      if (lookalike) throw caseNumberTaken(requested, lookalike);
    }
    let id: number | undefined;
    for (let attempt = 0; id === undefined; attempt++) {
      if (!requested && attempt === 10) throw new Error('could not generate a unique case number');
      const [inserted] = await tx
        .insert(cases)
        .values({
          caseNumber: requested ?? generateCaseNumber(now),
          passportNumber: input.passport_number,
          clientName: input.client_name,
          clientEmail: input.client_email ?? null,
          ...(input.applicant_language ? { applicantLanguage: input.applicant_language } : {}),
          ownerAdminId: ownerId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: cases.caseNumber })
        .returning({ id: cases.id });
      if (!inserted && requested) throw caseNumberTaken(requested, { caseNumber: requested });
      id = inserted?.id;
    }
    await addCaseServices(tx, id, input.serviceIds, now);
    await setInitialCaseStatuses(tx, { caseIds: [id] });
    await addClientEmailRecipients(tx, [{ caseId: id, email: input.client_email ?? null }], now);
    await sendCaseCreatedEmails(tx, notify, [id]);
    const names = await serviceNames(tx, input.serviceIds);
    await recordCaseEvents(
      tx,
      [
        {
          caseId: id,
          kind: 'case created',
          summary: `Case created${names ? ` with ${names}` : ' without services'}${ownerId !== null && ownerId !== admin.id ? `, owned by ${ownerEmail}` : ''}`,
        },
      ],
      admin,
      now,
    );
    return loadCase(tx, id, now);
  });
}

/**
 * Deletes the case, and with it the files its applicant and staff sent. The files' keys are read
 * under the case's row lock, the lock an upload takes to record its file, so a file recorded before
 * the delete is removed with it and one recorded after finds no case (and removes its own file).
 * Storage cannot roll back: the files go after the commit.
 */
export async function deleteCase(
  db: Database,
  storage: MediaStorage,
  id: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, id)).for('update');
    if (!locked) throw notFound('Case');
    const stored = await caseDocumentKeys(tx, id);
    await tx.delete(cases).where(eq(cases.id, id));
    await forgetIdentity(tx, { area: 'cases', accountId: String(id) });
    return stored;
  });
  await removeStoredDocuments(storage, keys, log);
}

/**
 * Makes the case's services exactly these: new ones start on their first step, removed ones go
 * (removing the last unfinished one completes the case, which the applicant is told).
 */
export async function setCaseServices(
  db: Database,
  notify: NotificationDeps,
  caseId: number,
  input: {
    serviceIds: number[];
    client_email?: string | null | undefined;
    client_name?: string | undefined;
    passport_number?: string | undefined;
    reason?: string | null | undefined;
    ownerId?: number | null | undefined;
    applicant_language?: ApplicantLanguageCode | undefined;
  },
  admin: ActingAdmin,
  now: Date,
): Promise<AdminCase> {
  const { serviceIds } = input;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        id: cases.id,
        clientEmail: cases.clientEmail,
        clientName: cases.clientName,
        passportNumber: cases.passportNumber,
        ownerAdminId: cases.ownerAdminId,
        applicantLanguage: cases.applicantLanguage,
      })
      .from(cases)
      .where(eq(cases.id, caseId))
      .for('update');
    if (!locked) throw notFound('Case');
    // Who the case is about changes only for a stated reason, kept in the history.
    const identity = [
      { field: 'Client name', column: 'clientName', from: locked.clientName, to: input.client_name },
      { field: 'Passport number', column: 'passportNumber', from: locked.passportNumber, to: input.passport_number },
    ] as const;
    const renamed = identity.filter((item) => item.to !== undefined && item.to !== item.from);
    if (renamed.length && !input.reason)
      throw fieldError(
        'reason',
        `Give a reason for changing the ${renamed.map((item) => item.field.toLowerCase()).join(' and the ')}`,
      );
    await assertServicesExist(tx, serviceIds);
    const current = await tx
      .select({ serviceId: caseServices.serviceId })
      .from(caseServices)
      .where(eq(caseServices.caseId, caseId));
    const added = serviceIds.filter((id) => !current.some((row) => row.serviceId === id));
    const removed = current.map((row) => row.serviceId).filter((id) => !serviceIds.includes(id));
    const events: CaseEventInput[] = [];
    if (added.length)
      events.push({ caseId, kind: 'services added', summary: `Services added: ${await serviceNames(tx, added)}` });
    if (removed.length)
      events.push({
        caseId,
        kind: 'services removed',
        summary: `Services removed: ${await serviceNames(tx, removed)}`,
      });
    if (input.client_email !== undefined && input.client_email !== locked.clientEmail) {
      await tx.update(cases).set({ clientEmail: input.client_email }).where(eq(cases.id, caseId));
      await addClientEmailRecipients(tx, [{ caseId, email: input.client_email }], now);
      events.push({
        caseId,
        kind: 'case edited',
        summary: input.client_email ? `Applicant email set to ${input.client_email}` : 'Applicant email removed',
      });
    }
    // Staff who know the applicant reads Arabic or Hindi say so: every email follows it from now on.
    if (input.applicant_language !== undefined && input.applicant_language !== locked.applicantLanguage) {
      await tx.update(cases).set({ applicantLanguage: input.applicant_language }).where(eq(cases.id, caseId));
      events.push({
        caseId,
        kind: 'case edited',
        summary: `Applicant language set to ${languageNames[input.applicant_language]}`,
      });
    }
    if (input.ownerId !== undefined && input.ownerId !== locked.ownerAdminId) {
      const ownerEmail = input.ownerId === null ? null : await ownerEmailOf(tx, input.ownerId);
      await tx.update(cases).set({ ownerAdminId: input.ownerId }).where(eq(cases.id, caseId));
      events.push({
        caseId,
        kind: 'case edited',
        summary: ownerEmail ? `Owner set to ${ownerEmail}` : 'Owner removed',
      });
    }
    for (const item of renamed) {
      await tx
        .update(cases)
        .set({ [item.column]: item.to })
        .where(eq(cases.id, caseId));
      events.push({
        caseId,
        kind: 'case edited',
        summary: `${item.field} changed from "${item.from}" to "${item.to}". Reason: ${input.reason}`,
      });
    }
    // Whoever signed in through the old address or passport number may not be the applicant: their
    // sessions and unused links end with the correction (issue 35: one replaced a document after it).
    const emailChanged = input.client_email !== undefined && input.client_email !== locked.clientEmail;
    const passportChanged = renamed.some((item) => item.column === 'passportNumber');
    if (emailChanged || passportChanged) {
      const ended = await endApplicantSignIns(tx, caseId);
      const because = emailChanged ? 'the applicant email changed' : 'the passport number changed';
      events.push({
        caseId,
        kind: 'applicant sign-ins ended',
        summary: `Ended the applicant's sign-ins because ${because} (${ended.sessions} signed in, ${ended.links} unused link${ended.links === 1 ? '' : 's'})`,
      });
    }
    await recordCaseEvents(tx, events, admin, now);
    await tx
      .delete(caseServices)
      .where(
        and(
          eq(caseServices.caseId, caseId),
          serviceIds.length ? notInArray(caseServices.serviceId, serviceIds) : undefined,
        ),
      );
    await addCaseServices(tx, caseId, added, now);
    await tx.update(cases).set({ updatedAt: now }).where(eq(cases.id, caseId));
    await refreshCaseStatuses(tx, notify, { caseIds: [caseId] }, now);
    return loadCase(tx, caseId, now);
  });
}

/**
 * The name an admin goes by with applicants ("Amina Khan"), shown on the tracker, the case page and
 * every email of the cases they own; null (an empty name) shows none.
 */
export async function setCaseAdminName(
  db: Database,
  id: number,
  name: string | null,
): Promise<{ id: number; email: string; name: string | null }> {
  const [updated] = await db
    .update(caseAdmins)
    .set({ name })
    .where(eq(caseAdmins.id, id))
    .returning({ id: caseAdmins.id, email: caseAdmins.email, name: caseAdmins.name });
  if (!updated) throw notFound('Admin');
  return updated;
}

import { z } from 'zod';
import { publicMember } from './network.js';
import { isPlainText } from './plain-text.js';
import {
  appealDecisions,
  appealKinds,
  loggedActions,
  MAX_APPEAL_LENGTH,
  MAX_MODERATION_NOTE_LENGTH,
  MAX_REPORT_NOTE_LENGTH,
  MAX_SUSPENSION_DAYS,
  moderationActions,
  reportReasons,
  suspensionChanges,
} from './network-moderation-constants.js';

/** The schemas of reports and moderation under /api/network/, shared by the server and the front end. */

export * from './network-moderation-constants.js';

const note = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** POST /api/network/posts/{id}/reports */
export const reportBody = z.strictObject({
  reason: z.enum(reportReasons, `reason must be one of ${reportReasons.join(', ')}`),
  note: note(MAX_REPORT_NOTE_LENGTH, 'The note'),
});
export type ReportBody = z.input<typeof reportBody>;
export const createdReport = z.object({
  id: z.string(),
  postId: z.string(),
  reason: z.enum(reportReasons),
  createdAt: z.string(),
});
export type CreatedReport = z.infer<typeof createdReport>;

/**
 * POST /api/network/moderation/reports/{id}/resolve, where {id} is the queue group's id: the
 * reported post's. `suspend` removes the post too and needs `days`; `remove` and `suspend` need a
 * `note` (the reason the author is shown and the log keeps).
 */
export const resolveBody = z
  .strictObject({
    action: z.enum(moderationActions, `action must be one of ${moderationActions.join(', ')}`),
    days: z
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(MAX_SUSPENSION_DAYS, `days must be at most ${MAX_SUSPENSION_DAYS}`)
      .optional(),
    note: note(MAX_MODERATION_NOTE_LENGTH, 'The reason'),
  })
  .refine((body) => (body.action === 'suspend') === (body.days !== undefined), {
    message: 'days is needed to suspend, and only then',
    path: ['days'],
  })
  .refine((body) => body.action === 'dismiss' || body.note !== undefined, {
    message: 'Please give a reason: the author is shown it',
    path: ['note'],
  });
export type ResolveBody = z.input<typeof resolveBody>;

export const reportGroupParams = z.object({ id: z.uuid('Report not found') });

export const reportEntry = z.object({
  id: z.string(),
  reason: z.enum(reportReasons),
  note: z.string().nullable(),
  reporter: publicMember,
  createdAt: z.string(),
});

/**
 * What moderators decided about an author before: how many reports their posts drew (kept or not),
 * how many posts were removed, how many suspensions, and the latest few decisions, newest first.
 */
export const authorHistory = z.object({
  reports: z.number().int(),
  removals: z.number().int(),
  suspensions: z.number().int(),
  recent: z.array(
    z.object({
      id: z.string(),
      action: z.enum(loggedActions),
      postExcerpt: z.string(),
      note: z.string().nullable(),
      suspendedUntil: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AuthorHistory = z.infer<typeof authorHistory>;

/** The open reports of one post: the queue's unit. Its `id` is the post's. */
export const reportGroup = z.object({
  id: z.string(),
  post: z.object({
    description: z.string(),
    mediaType: z.string(),
    mediaURL: z.string().nullable(),
    timestamp: z.string(),
    author: publicMember,
  }),
  count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(reportReasons), count: z.number().int() })),
  /** The newest few reports, newest first; `count` says how many are open. */
  reports: z.array(reportEntry),
  firstReportedAt: z.string(),
  /** The author's earlier moderation, so a first slip and a pattern are told apart. */
  authorHistory,
});
export type ReportGroup = z.infer<typeof reportGroup>;
export const reportQueue = z.object({ items: z.array(reportGroup), nextCursor: z.string().nullable() });
export type ReportQueue = z.infer<typeof reportQueue>;

export const resolution = z.object({
  id: z.string(),
  action: z.enum(moderationActions),
  resolvedReports: z.number().int(),
  suspendedUntil: z.string().nullable(),
});
export type Resolution = z.infer<typeof resolution>;

export const moderationLogEntry = z.object({
  id: z.string(),
  action: z.enum(loggedActions),
  moderator: publicMember.nullable(),
  author: publicMember.nullable(),
  postId: z.string(),
  postExcerpt: z.string(),
  reportCount: z.number().int(),
  reasons: z.array(z.enum(reportReasons)),
  note: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  /** A lift, shortening or upheld appeal: the suspension (log row) it was about; a restore: the removal it undid. */
  revisesId: z.string().nullable(),
  /** A suspension that still runs as this row decided it: a moderator may lift or shorten it. */
  running: z.boolean(),
  /** A removal (or suspension) whose post is still hidden by it: a moderator may undo it. */
  restorable: z.boolean(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntry>;
export const moderationLog = z.object({ items: z.array(moderationLogEntry), nextCursor: z.string().nullable() });
export type ModerationLog = z.infer<typeof moderationLog>;

/**
 * GET /api/network/me/suspension: the member's own suspension, if one is running, and their appeal
 * of it (null until they appeal; one per suspension).
 */
export const suspensionResponse = z.object({
  suspension: z
    .object({
      endsAt: z.string(),
      reason: z.string(),
      appeal: z.object({ createdAt: z.string(), decided: z.boolean() }).nullable(),
    })
    .nullable(),
});
export type SuspensionResponse = z.infer<typeof suspensionResponse>;

const requiredText = (max: number, what: string) =>
  z
    .string(`${what} is needed`)
    .trim()
    .min(1, `${what} is needed`)
    .max(max, `${what} must be at most ${max} characters`)
    // Line breaks are kept; other control characters are refused.
    .refine((value) => isPlainText(value.replace(/\r?\n/g, ' ')), `${what} must not contain control characters`);

/**
 * POST /api/network/me/suspension/appeal: once per suspension, in the member's words; the same body
 * appeals a removal without a suspension (POST /api/network/me/removals/{id}/appeal, once per removal).
 */
export const appealBody = z.strictObject({ text: requiredText(MAX_APPEAL_LENGTH, 'Your appeal') });
export type AppealBody = z.input<typeof appealBody>;
export const createdAppeal = z.object({ id: z.string(), createdAt: z.string() });
export type CreatedAppeal = z.infer<typeof createdAppeal>;

/**
 * An open appeal in the moderators' queue, beside what it contests (a suspension, or a removal
 * without one: `kind`), the post and the member's history.
 */
export const appealEntry = z.object({
  id: z.string(),
  kind: z.enum(appealKinds),
  member: publicMember,
  text: z.string(),
  createdAt: z.string(),
  /** The post as it was removed (hidden until restored); null once it is gone with its author's account. */
  post: z
    .object({
      description: z.string(),
      mediaType: z.string(),
      /** Moderators may see a removed post's file: the queue shows it blurred until revealed. */
      mediaURL: z.string().nullable(),
    })
    .nullable(),
  /** A removal without a suspension (`kind: "removal"`); null for a suspension's appeal. */
  removal: z
    .object({
      /** The log row of the removal. */
      id: z.string(),
      reason: z.string(),
      postExcerpt: z.string(),
      removedAt: z.string(),
      /** Still hidden: deciding the appeal may restore it. */
      postRemoved: z.boolean(),
    })
    .nullable(),
  /** The suspension contested (`kind: "suspension"`); null for a removal's appeal. */
  suspension: z
    .object({
      id: z.string(),
      reason: z.string(),
      postExcerpt: z.string(),
      suspendedAt: z.string(),
      /** When it ends now; null once it ended or was lifted meanwhile. */
      endsAt: z.string().nullable(),
      /** The post it removed is still hidden: deciding the appeal may put it back (`restorePost`). */
      postRemoved: z.boolean(),
    })
    .nullable(),
  authorHistory,
});
export type AppealEntry = z.infer<typeof appealEntry>;
export const appealQueue = z.object({ items: z.array(appealEntry), nextCursor: z.string().nullable() });
export type AppealQueue = z.infer<typeof appealQueue>;

/**
 * A change to a running suspension: `lift` ends it now, `shorten` makes it end `days` days from now
 * (sooner than it would), `uphold` (an appeal's answer only) keeps it. Always with the reason the
 * member is shown and the log keeps.
 */
export const suspensionChangeBody = z
  .strictObject({
    change: z.enum(suspensionChanges, `change must be one of ${suspensionChanges.join(', ')}`),
    days: z
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(MAX_SUSPENSION_DAYS, `days must be at most ${MAX_SUSPENSION_DAYS}`)
      .optional(),
    note: requiredText(MAX_MODERATION_NOTE_LENGTH, 'The reason'),
    /** Also undo the removal of the post the suspension came with (an appeal that convinced). */
    restorePost: z.boolean('restorePost must be true or false').optional(),
  })
  .refine((body) => (body.change === 'shorten') === (body.days !== undefined), {
    message: 'days is needed to shorten, and only then',
    path: ['days'],
  });
export type SuspensionChangeBody = z.input<typeof suspensionChangeBody>;
export const suspensionChangeResult = z.object({
  id: z.string(),
  change: z.enum(suspensionChanges),
  /** When the suspension ends now; null once lifted. */
  endsAt: z.string().nullable(),
  /** The removed post was put back with it (`restorePost`). */
  postRestored: z.boolean(),
});
export type SuspensionChangeResult = z.infer<typeof suspensionChangeResult>;

/**
 * POST /api/network/moderation/appeals/{id}/decide: a suspension's appeal as a change to it (`lift`,
 * `shorten`, `uphold`, with `restorePost`), a removal's by `uphold` (it stays removed) or `restore`
 * (the post comes back); always with the reason the member is shown and the log keeps.
 */
export const appealDecisionBody = z
  .strictObject({
    change: z.enum(appealDecisions, `change must be one of ${appealDecisions.join(', ')}`),
    days: z
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(MAX_SUSPENSION_DAYS, `days must be at most ${MAX_SUSPENSION_DAYS}`)
      .optional(),
    note: requiredText(MAX_MODERATION_NOTE_LENGTH, 'The reason'),
    /** A suspension's appeal: also undo the removal of the post it came with. */
    restorePost: z.boolean('restorePost must be true or false').optional(),
  })
  .refine((body) => (body.change === 'shorten') === (body.days !== undefined), {
    message: 'days is needed to shorten, and only then',
    path: ['days'],
  });
export type AppealDecisionBody = z.input<typeof appealDecisionBody>;
export const appealDecisionResult = suspensionChangeResult.extend({
  change: z.enum(appealDecisions),
  /** A suspension's appeal: when it ends now (null once lifted); a removal's: null. */
  endsAt: z.string().nullable(),
});
export type AppealDecisionResult = z.infer<typeof appealDecisionResult>;

/**
 * POST /api/network/moderation/removals/{id}/undo, where {id} is the log row of the removal (a
 * `remove` or a `suspend`): the post comes back with its comments and likes. Always with the reason
 * the author is shown and the log keeps.
 */
export const undoRemovalBody = z.strictObject({ note: requiredText(MAX_MODERATION_NOTE_LENGTH, 'The reason') });
export type UndoRemovalBody = z.input<typeof undoRemovalBody>;
export const undoneRemoval = z.object({ id: z.string(), postId: z.string() });
export type UndoneRemoval = z.infer<typeof undoneRemoval>;
export const moderationIdParams = z.object({ id: z.uuid('Not found') });

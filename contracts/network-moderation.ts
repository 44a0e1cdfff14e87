import { z } from 'zod';
import { publicMember } from './network.js';
import {
  MAX_MODERATION_NOTE_LENGTH,
  MAX_REPORT_NOTE_LENGTH,
  MAX_SUSPENSION_DAYS,
  moderationActions,
  reportReasons,
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
  action: z.enum(moderationActions),
  moderator: publicMember.nullable(),
  author: publicMember.nullable(),
  postId: z.string(),
  postExcerpt: z.string(),
  reportCount: z.number().int(),
  reasons: z.array(z.enum(reportReasons)),
  note: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntry>;
export const moderationLog = z.object({ items: z.array(moderationLogEntry), nextCursor: z.string().nullable() });
export type ModerationLog = z.infer<typeof moderationLog>;

/** GET /api/network/me/suspension: the member's own suspension, if one is running. */
export const suspensionResponse = z.object({
  suspension: z.object({ endsAt: z.string(), reason: z.string() }).nullable(),
});
export type SuspensionResponse = z.infer<typeof suspensionResponse>;

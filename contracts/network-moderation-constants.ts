/** Moderation constants without zod: the front end imports them from here, so zod stays on the server. */

export const reportReasons = ['spam', 'harassment', 'misinformation', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const MAX_REPORT_NOTE_LENGTH = 500;

export const moderationActions = ['remove', 'dismiss', 'suspend'] as const;
export type ModerationAction = (typeof moderationActions)[number];
/** A moderator's later decision about a suspension: lift it, shorten it, or (on an appeal) keep it. */
export const suspensionChanges = ['lift', 'shorten', 'uphold'] as const;
export type SuspensionChange = (typeof suspensionChanges)[number];
/**
 * What an appeal contests (issue 39): a suspension (with the removal it came with), or a removal
 * that came without one.
 */
export const appealKinds = ['suspension', 'removal'] as const;
export type AppealKind = (typeof appealKinds)[number];
/**
 * A moderator's answer to an appeal: a suspension's is lifted, shortened or upheld; a removal's is
 * upheld (the post stays removed) or the post is restored.
 */
export const appealDecisions = [...suspensionChanges, 'restore'] as const;
export type AppealDecision = (typeof appealDecisions)[number];
/**
 * What the log records: the decisions about reports, the later ones about suspensions, a removal
 * undone, and a removal kept on appeal (`uphold_removal`).
 */
export const loggedActions = [...moderationActions, ...suspensionChanges, 'restore', 'uphold_removal'] as const;
export type LoggedAction = (typeof loggedActions)[number];
export const MAX_MODERATION_NOTE_LENGTH = 500;
export const MAX_APPEAL_LENGTH = 2000;
/** How many of an author's earlier decisions the queue shows beside a report or an appeal. */
export const HISTORY_SHOWN = 5;
export const MAX_SUSPENSION_DAYS = 365;
export const MODERATION_PAGE_SIZE = 20;

/** The error code of a write refused to a suspended member. */
export const SUSPENDED = 'SUSPENDED';

/** Moderation constants without zod: the front end imports them from here, so zod stays on the server. */

export const reportReasons = ['spam', 'harassment', 'misinformation', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const MAX_REPORT_NOTE_LENGTH = 500;

export const moderationActions = ['remove', 'dismiss', 'suspend'] as const;
export type ModerationAction = (typeof moderationActions)[number];
export const MAX_MODERATION_NOTE_LENGTH = 500;
export const MAX_SUSPENSION_DAYS = 365;
export const MODERATION_PAGE_SIZE = 20;

/** The error code of a write refused to a suspended member. */
export const SUSPENDED = 'SUSPENDED';

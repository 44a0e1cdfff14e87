import { z } from 'zod';

/** Runtime settings the front end needs, served by the API instead of baked into the build. */
export const publicConfigSchema = z.object({
  healthAuthorityUrl: z.string(),
  /** The LMS upgrade button's chat link, with the prefilled text. */
  upgradeChatUrl: z.string(),
  /** The older LMS mock exam's countdown. */
  mockExamDurationSeconds: z.number().int(),
  /** The timed LMS exam's length, shown before it starts. */
  examDurationSeconds: z.number().int(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export type ErrorBody = { error: string; code?: string };

import { z } from 'zod';

/** Runtime settings the front end needs, served by the API instead of baked into the build. */
export const publicConfigSchema = z.object({
  healthAuthorityUrl: z.string(),
  /** The LMS upgrade button's chat link, with the prefilled text; empty when no chat number is configured. */
  upgradeChatUrl: z.string(),
  /** The older LMS mock exam's countdown. */
  mockExamDurationSeconds: z.number().int(),
  /** The timed LMS exam's length, shown before it starts. */
  examDurationSeconds: z.number().int(),
  /** Network sign-up: open to anyone, or closed (the server refuses sign-ups). */
  networkSignup: z.enum(['open', 'closed']),
  /** Whether "Sign in with {oidcProviderName}" is configured. */
  oidcConfigured: z.boolean(),
  oidcProviderName: z.string(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** `field`: the request field a validation error is about (its top-level key). */
export type ErrorBody = { error: string; code?: string; field?: string };

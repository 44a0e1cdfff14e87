import { z } from 'zod';

/** Runtime settings the front end needs, served by the API instead of baked into the build. */
export const publicConfigSchema = z.object({
  healthAuthorityUrl: z.string(),
  /** Network sign-up: open to anyone, or closed (the server refuses sign-ups). */
  networkSignup: z.enum(['open', 'closed']),
  /** Whether "Sign in with {oidcProviderName}" is configured. */
  oidcConfigured: z.boolean(),
  oidcProviderName: z.string(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export type ErrorBody = { error: string; code?: string };

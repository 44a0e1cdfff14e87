import { z } from 'zod';

/** Runtime settings the front end needs, served by the API instead of baked into the build. */
export const publicConfigSchema = z.object({
  healthAuthorityUrl: z.string(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export type ErrorBody = { error: string; code?: string };

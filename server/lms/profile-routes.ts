import { achievementsResponse, profileResponse, progressResponse } from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import * as activity from './achievements.js';
import { caller, tags, withErrors, type LmsContext } from './route-context.js';

/** The learner's own record: progress, achievements, profile. */
export async function profileRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db } = ctx;

  app.get(
    '/user/progress',
    { schema: { summary: "The learner's progress", tags, response: withErrors({ 200: progressResponse }) } },
    async (request) => ({
      progress: await activity.progress(db, caller.of(request)),
    }),
  );

  app.get(
    '/user/achievements',
    { schema: { summary: "The learner's badges", tags, response: withErrors({ 200: achievementsResponse }) } },
    async (request) => ({
      achievements: await activity.achievements(db, caller.of(request)),
    }),
  );

  app.get(
    '/user/profile',
    { schema: { summary: "The learner's profile", tags, response: withErrors({ 200: profileResponse }) } },
    async (request) => activity.profile(db, caller.of(request)),
  );
}

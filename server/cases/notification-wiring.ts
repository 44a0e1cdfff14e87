import type { AppDeps } from '../app.js';
import type { NotificationDeps } from './case-notifications.js';

// Temporary until the platform's jobs and mailer land on main: nothing is sent.
export function caseNotificationDeps(deps: AppDeps): NotificationDeps {
  return {
    jobs: { send: async () => undefined, work: () => undefined },
    mailer: { send: async () => undefined },
    link: (path) => `http://localhost:${deps.config.port}${path}`,
    delaySeconds: deps.config.cases.notificationDelaySeconds,
  };
}

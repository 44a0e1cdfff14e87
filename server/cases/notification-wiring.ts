import type { AreaDeps } from '../platform/area.js';
import { publicLink } from '../platform/mail.js';
import type { NotificationDeps } from './case-notifications.js';

/** The platform's job queue and mailer, with the links and delay of this app's configuration. */
export function caseNotificationDeps(deps: AreaDeps): NotificationDeps {
  return {
    jobs: deps.jobs,
    mailer: deps.mailer,
    link: (path) => publicLink(deps.config, path),
    delaySeconds: deps.config.cases.notificationDelaySeconds,
  };
}

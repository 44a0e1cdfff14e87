import type { AreaDeps } from '../platform/area.js';
import { publicLink } from '../platform/mail.js';
import type { NotificationDeps } from './case-notifications.js';

const UNSUBSCRIBE = 'case-unsubscribe';

/** The platform's job queue and mailer, with the links and delay of this app's configuration. */
export function caseNotificationDeps(deps: AreaDeps): NotificationDeps {
  return {
    jobs: deps.jobs,
    mailer: deps.mailer,
    link: (path) => publicLink(deps.config, path),
    delaySeconds: deps.config.cases.notificationDelaySeconds,
    unsubscribeToken: (recipientId) => `${recipientId}-${deps.tokens.mac(UNSUBSCRIBE, String(recipientId))}`,
    unsubscribeRecipient(token) {
      const match = /^(\d{1,9})-(.+)$/.exec(token);
      if (!match?.[1] || !match[2]) return undefined;
      return deps.tokens.verifyMac(UNSUBSCRIBE, match[1], match[2]) ? Number(match[1]) : undefined;
    },
  };
}

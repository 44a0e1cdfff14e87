import type { AreaDeps } from '../platform/area.js';
import { publicLink } from '../platform/mail.js';
import type { TokenService } from '../platform/tokens.js';
import type { NotificationDeps } from './case-notifications.js';

const UNSUBSCRIBE = 'case-unsubscribe';

/** A recipient's unsubscribe token: its id and a keyed digest of it (see `NotificationDeps.unsubscribeToken`). */
export const unsubscribeTokenOf = (tokens: Pick<TokenService, 'mac'>, recipientId: number) =>
  `${recipientId}-${tokens.mac(UNSUBSCRIBE, String(recipientId))}`;

/** The platform's job queue and mailer, with the links and delay of this app's configuration. */
export function caseNotificationDeps(deps: AreaDeps): NotificationDeps {
  return {
    jobs: deps.jobs,
    mailer: deps.mailer,
    link: (path) => publicLink(deps.config, path),
    delaySeconds: deps.config.cases.notificationDelaySeconds,
    undoSeconds: deps.config.cases.stepUndoSeconds,
    agency: deps.config.cases.contact,
    unsubscribeToken: (recipientId) => unsubscribeTokenOf(deps.tokens, recipientId),
    unsubscribeRecipient(token) {
      const match = /^(\d{1,9})-(.+)$/.exec(token);
      if (!match?.[1] || !match[2]) return undefined;
      return deps.tokens.verifyMac(UNSUBSCRIBE, match[1], match[2]) ? Number(match[1]) : undefined;
    },
  };
}

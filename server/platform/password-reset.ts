import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_RESET_REQUESTED_MESSAGE, passwordResetRequested } from '../../contracts/platform.js';
import type { Database, Queryable } from '../db/client.js';
import type { OneTimeTokenPurpose } from '../db/schema/one-time-tokens.js';
import type { App, AreaDeps } from './area.js';
import { renderEmail, type RenderedEmail } from './email-layout.js';
import { AppError } from './errors.js';
import { claimMailCooldown } from './mail-cooldowns.js';
import { publicLink, type Mailer, type MailMessage } from './mail.js';
import { consumeOneTimeToken, issueOneTimeToken, PASSWORD_RESET_TTL_SECONDS } from './one-time-tokens.js';
import { perMinute } from './rate-limit.js';
import type { routeSchemas } from './route-schemas.js';

export const INVALID_RESET_LINK_MESSAGE = 'This link is invalid or has expired. Please ask for a new one.';

/** What differs between the areas' "Forgot password?": whose accounts, which page, which email. */
export type PasswordResetFlow<Account extends { id: string | number; email: string }> = {
  /** The link's token purpose, which also names its email job and its cooldown. */
  purpose: Extract<OneTimeTokenPurpose, `${string}-password-reset`>;
  /** The account with this address, read in the transaction that issues the link. */
  findAccount: (tx: Queryable, email: string) => Promise<Account | undefined>;
  /** The area's page that opens the emailed link (the token follows as `?token=`). */
  page: string;
  /** The email with the link, in the area's words. */
  email: (account: Account, link: string) => Promise<Omit<MailMessage, 'to'>>;
};

type Body<T> = z.ZodType<T, unknown>;

export type PasswordResetRoutes<Account extends { id: string | number; email: string }> = {
  /** Where the request goes (`/auth/password-reset`); the new password goes to `${path}/confirm`. */
  path: string;
  schemas: Pick<ReturnType<typeof routeSchemas>, 'tags' | 'withErrors' | 'noContent'>;
  /** The area's bodies (each area words its email and password rules). */
  requestBody: Body<{ email: string }>;
  resetBody: Body<{ token: string; password: string }>;
  flow: PasswordResetFlow<Account>;
  /** Sets the new password with the emailed token (see `consumePasswordResetToken`) and ends every sign-in of the account. */
  reset: (body: { token: string; password: string }, request: FastifyRequest) => Promise<void>;
};

const resetRequest = z.object({ email: z.string() });

/**
 * "Forgot password?", the same way in every area: `POST {path}` answers 202 with the same sentence
 * for any address and only queues an email job with the address, the same work for any address,
 * so neither the answer nor its time tells whether an account has it. When the job runs (on any
 * instance) the flow looks the account up, issues the link (1 h, single use; at most one email per
 * address per cooldown, the last link stays good) and writes the message, or nothing: the link's
 * token never sits in the job queue. `POST {path}/confirm` sets the new password with the token.
 * Returns the plugin of the two routes; building it names the email kind, so build it while the
 * app is built.
 */
export function passwordResetRoutes<Account extends { id: string | number; email: string }>(
  deps: Pick<AreaDeps, 'config' | 'database' | 'clock' | 'mailer'>,
  options: PasswordResetRoutes<Account>,
): (app: App) => Promise<void> {
  const { db } = deps.database;
  const { flow } = options;
  const { tags, withErrors, noContent } = options.schemas;
  deps.mailer.compose(flow.purpose, async (data) =>
    resetLink(db, deps.config, flow, resetRequest.parse(data).email, deps.clock.now()),
  );
  const config = perMinute(deps.config.rateLimits.loginPerMinute);

  return async (app) => {
    app.post(
      options.path,
      {
        config,
        schema: {
          summary: 'Email a link to set a new password',
          tags,
          description:
            'Emails a link to set a new password (1 h, single use); 202 whether or not an account has the address',
          body: options.requestBody,
          response: withErrors({ 202: passwordResetRequested }),
        },
      },
      async (request, reply) => {
        await deps.mailer.sendComposed(db, flow.purpose, request.body.email, { email: request.body.email });
        return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
      },
    );

    app.post(
      `${options.path}/confirm`,
      {
        config,
        schema: {
          summary: 'Set a new password with the emailed link',
          tags,
          description: 'Sets the new password with the emailed token; ends every sign-in of the account',
          body: options.resetBody,
          response: withErrors(noContent),
        },
      },
      async (request, reply) => {
        await options.reset(request.body, request);
        return reply.status(204).send(null);
      },
    );
  };
}

/** The email with a new link for the account with this address, or nothing (no such account, or one was sent a moment ago). */
async function resetLink<Account extends { id: string | number; email: string }>(
  db: Database,
  config: AreaDeps['config'],
  flow: PasswordResetFlow<Account>,
  email: string,
  now: Date,
): Promise<MailMessage | undefined> {
  const issued = await db.transaction(async (tx) => {
    const account = await flow.findAccount(tx, email);
    if (!account || !(await claimMailCooldown(tx, flow.purpose, account.email, now))) return undefined;
    return {
      account,
      token: await issueOneTimeToken(tx, flow.purpose, String(account.id), now, PASSWORD_RESET_TTL_SECONDS),
    };
  });
  if (!issued) return undefined;
  const link = publicLink(config, `${flow.page}?token=${encodeURIComponent(issued.token)}`);
  return { to: issued.account.email, ...(await flow.email(issued.account, link)) };
}

/** Uses the emailed token up (in the transaction that sets the password): the account it was issued for, or a 400. */
export async function consumePasswordResetToken(
  tx: Queryable,
  purpose: PasswordResetFlow<{ id: string; email: string }>['purpose'],
  token: string,
  now: Date,
): Promise<string> {
  const accountId = await consumeOneTimeToken(tx, purpose, token, now);
  if (!accountId) throw new AppError(400, INVALID_RESET_LINK_MESSAGE);
  return accountId;
}

/**
 * How an area names its accounts in "your password was changed": `product` in the subject ("Your
 * Pathway learning password was changed"), `account` in the text ("your Pathway learning account
 * "amal""), `reason` in the footer, and the area's "Forgot password?" page, which the email links
 * to in case it was not the owner.
 */
export type PasswordChangedWords = { product: string; account: string; reason: string; forgotPasswordPage: string };

/** The time of the change as the email says it, named in UTC ("2026-11-27 18:01 UTC"). */
const changedAt = (now: Date) => `${now.toISOString().slice(0, 10)} ${now.toISOString().slice(11, 16)} UTC`;

/**
 * After every change of a password, of every kind of account (a member, a case admin, an LMS
 * learner or admin; in Settings, through a reset link, or set by an admin): its owner learns of
 * it, so a change they did not make does not go unnoticed. No secret: the link asks for a reset.
 */
export function passwordChangedEmail(
  words: PasswordChangedWords,
  input: { when: Date; forgotPasswordLink: string; byAdmin?: boolean },
): Promise<RenderedEmail> {
  const when = changedAt(input.when);
  return renderEmail({
    subject: `Your ${words.product} password was changed`,
    preview: `Your ${words.product} password was changed on ${when}.`,
    heading: 'Your password was changed',
    intro: [
      `The password of ${words.account} was changed on ${when}${input.byAdmin ? ' by an administrator' : ''}. Every other device was signed out.`,
    ],
    action: { label: 'It was not me: reset my password', url: input.forgotPasswordLink },
    outro: [input.byAdmin ? 'If you asked for it, there is nothing to do.' : 'If it was you, there is nothing to do.'],
    reason: words.reason,
  });
}

/**
 * Queues "your password was changed" inside the transaction that changed it, so it goes exactly
 * when the change commits. Every way any account's password changes goes through here; an account
 * without an address (an LMS learner may have none) gets nothing.
 */
export async function queuePasswordChangedEmail(
  tx: Queryable,
  deps: { mailer: Pick<Mailer, 'send'>; config: Parameters<typeof publicLink>[0] },
  words: PasswordChangedWords,
  change: { email: string | null | undefined; now: Date; byAdmin?: boolean },
): Promise<void> {
  if (!change.email) return;
  const forgotPasswordLink = publicLink(deps.config, words.forgotPasswordPage);
  const email = await passwordChangedEmail(words, {
    when: change.now,
    forgotPasswordLink,
    ...(change.byAdmin ? { byAdmin: true } : {}),
  });
  await deps.mailer.send(tx, { to: change.email, ...email });
}

import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { App, AreaDeps } from '../platform/area.js';
import type { Database } from '../db/client.js';
import { networkUsers } from '../db/schema/network.js';
import { z } from 'zod';
import { AppError } from '../platform/errors.js';
import { fileAnswer } from '../platform/route-schemas.js';
import { revokeOneTimeTokens } from '../platform/one-time-tokens.js';
import { clearSquattersTraces } from './reclaim.js';
import { endAllSessions } from './sessions.js';

const STATE_COOKIE = 'pathway_oidc';
const FLOW_PATH = '/api/network/auth/oidc';
const FLOW_TTL_SECONDS = 10 * 60;

type Flow = { state: string; nonce: string; verifier: string };

type SignIn = (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>;

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// Our CSP forbids inline scripts, so the popup's page loads this one to tell its opener.
const POPUP_SCRIPT = `(() => {
  const body = document.body;
  const message = { type: 'pathway-oidc', ok: body.dataset.result === 'ok', error: body.dataset.error || undefined };
  if (window.opener && !window.opener.closed) {
    // The opener closes this window once it has the message: closing here at once could let the
    // opener see a closed window before the message (a busy phone), and take a failure for "gave up".
    window.opener.postMessage(message, window.location.origin);
    setTimeout(() => window.close(), 10000);
  } else {
    window.location.replace('/');
  }
})();
`;

function popupPage(ok: boolean, error?: string): string {
  const text = ok ? 'Signed in. You can close this window.' : `Sign-in failed: ${error ?? 'unknown error'}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pathway sign-in</title></head>
<body data-result="${ok ? 'ok' : 'error'}" data-error="${escapeHtml(error ?? '')}"><p>${escapeHtml(text)}</p>
<script src="${FLOW_PATH}/popup.js"></script></body></html>`;
}

/**
 * "Sign in with Google" as OpenID Connect in a popup: authorization code with PKCE, state and
 * nonce, any issuer by configuration. The callback sets the session cookie and tells the opener.
 */
export async function registerOidcRoutes(
  app: App,
  deps: AreaDeps,
  options: { signIn: SignIn; removeMedia: (keys: string[], log: FastifyBaseLogger) => Promise<void> },
): Promise<void> {
  const settings = deps.config.network.oidc;
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    if (!settings) throw new AppError(404, 'Sign-in with an external provider is not configured');
    if (!discovered) {
      const issuer = new URL(settings.issuer);
      discovered = oidc
        .discovery(
          issuer,
          settings.clientId,
          settings.clientSecret,
          settings.clientSecret ? undefined : oidc.None(),
          // Plain http is only for a provider on this machine (the tests' local provider).
          isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered = undefined;
          deps.logger.error({ err: error }, 'OpenID Connect discovery failed');
          throw new AppError(502, `Could not reach ${settings.providerName}. Please try again later.`);
        });
    }
    return discovered;
  }

  const baseUrl = (request: FastifyRequest) =>
    deps.config.publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  const redirectUri = (request: FastifyRequest) => `${baseUrl(request)}${FLOW_PATH}/callback`;
  // The provider's pages and ours must stay in one browsing context group, or the popup loses its opener.
  const popupHeaders = (reply: FastifyReply) =>
    reply.header('cross-origin-opener-policy', 'unsafe-none').header('cache-control', 'no-store');

  app.get(`${FLOW_PATH}/popup.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(POPUP_SCRIPT),
  );

  app.get(
    `${FLOW_PATH}/start`,
    {
      schema: {
        summary: 'Start signing in with the OpenID provider',
        tags: ['network'],
        description: 'Opens the provider sign-in (in the popup)',
        response: {
          302: z.null().describe("To the provider's sign-in"),
          '4xx': fileAnswer('text/html', 'A page in the popup that says why, and tells the opener'),
          '5xx': fileAnswer('text/html', 'A page in the popup that says the provider is unavailable'),
        },
      },
    },
    async (request, reply) => {
      popupHeaders(reply);
      let config: oidc.Configuration;
      try {
        config = await configuration();
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'Sign-in is unavailable';
        return reply
          .status(error instanceof AppError ? error.statusCode : 502)
          .type('text/html; charset=utf-8')
          .send(popupPage(false, message));
      }
      const flow: Flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(request),
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      // The provider comes back with a top-level GET, which a SameSite=Lax cookie accompanies.
      reply.setCookie(STATE_COOKIE, JSON.stringify(flow), {
        path: FLOW_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.redirect(url.href);
    },
  );

  app.get(
    `${FLOW_PATH}/callback`,
    {
      schema: {
        summary: 'Finish signing in with the OpenID provider',
        tags: ['network'],
        description: 'The provider returns here; answers a page that tells the opener',
        response: {
          200: fileAnswer('text/html', 'A page in the popup that tells the opener the member is signed in'),
          '4xx': fileAnswer('text/html', 'A page in the popup that says why not, and tells the opener'),
        },
      },
    },
    async (request, reply) => {
      popupHeaders(reply);
      reply.clearCookie(STATE_COOKIE, { path: FLOW_PATH });
      reply.type('text/html; charset=utf-8');
      try {
        const flow = parseFlow(request.cookies[STATE_COOKIE]);
        if (!flow) throw new AppError(400, 'The sign-in took too long or was started elsewhere. Please try again.');
        const config = await configuration();
        const current = new URL(`${baseUrl(request)}${request.url}`);
        let claims: oidc.IDToken | undefined;
        try {
          const tokens = await oidc.authorizationCodeGrant(config, current, {
            pkceCodeVerifier: flow.verifier,
            expectedState: flow.state,
            expectedNonce: flow.nonce,
            idTokenExpected: true,
          });
          claims = await identityOf(config, tokens);
        } catch (error) {
          request.log.warn({ err: error }, 'OpenID Connect callback refused');
          throw new AppError(
            400,
            `${settings?.providerName ?? 'The provider'} sign-in did not complete. Please try again.`,
          );
        }
        if (!claims) throw new AppError(400, 'The provider sent no identity');
        const removedMedia: string[] = [];
        const userId = await findOrCreateMember(
          deps.database.db,
          config.serverMetadata().issuer,
          claims,
          deps.config.network.signup,
          deps.clock.now(),
          removedMedia,
        );
        await options.removeMedia(removedMedia, request.log);
        await options.signIn(request, reply, userId);
        return reply.send(popupPage(true));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.status(error.statusCode).send(popupPage(false, error.message));
      }
    },
  );
}

/**
 * Who signed in: the ID token's claims, completed from the UserInfo endpoint when the ID token
 * lacks the email or the name. A conformant provider may return the claims of the `email` and
 * `profile` scopes only there (OpenID Connect Core 5.4; `oidc-provider` does by default). The email
 * and whether it is verified are taken together from one source. openid-client refuses a UserInfo
 * answer whose `sub` is not the ID token's (Core 5.3.2), so another person's claims cannot be mixed in.
 */
async function identityOf(
  config: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<oidc.IDToken | undefined> {
  const claims = tokens.claims();
  if (!claims) return undefined;
  const hasEmail = typeof claims.email === 'string';
  const hasName = typeof claims.name === 'string';
  if ((hasEmail && hasName) || !config.serverMetadata().userinfo_endpoint) return claims;
  const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  return {
    ...claims,
    ...(hasEmail || typeof info.email !== 'string' ? {} : { email: info.email, email_verified: info.email_verified }),
    ...(hasName || typeof info.name !== 'string' ? {} : { name: info.name }),
  };
}

function parseFlow(value: string | undefined): Flow | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<Flow>;
    if (typeof parsed.state === 'string' && typeof parsed.nonce === 'string' && typeof parsed.verifier === 'string') {
      return { state: parsed.state, nonce: parsed.nonce, verifier: parsed.verifier };
    }
  } catch {
    // a tampered cookie is the same as none
  }
  return undefined;
}

/**
 * The member for a provider identity: by (issuer, subject); else the account with the same
 * email, but only when the provider vouches the email is verified (see decision 005):
 * - an account whose address is verified is linked (both proved the same mailbox);
 * - an account whose address was never verified is taken over by the address's proven owner:
 *   its password is removed and all its sessions end, so whoever signed up with someone else's
 *   address loses the account;
 * - an account already linked to another identity is refused with 409;
 * else a new account (its email kept only when verified).
 */
export async function findOrCreateMember(
  db: Database,
  issuer: string,
  claims: oidc.IDToken,
  signup: 'open' | 'closed',
  now: Date,
  /** Filled with the stored media keys of a squatter's account taken back, to remove after the commit. */
  removedMedia: string[] = [],
): Promise<string> {
  return db.transaction(async (tx) => {
    // A transaction run again after a conflict (db.transaction) lists only what its own run removed.
    removedMedia.length = 0;
    const subject = claims.sub;
    const [linked] = await tx
      .select({ id: networkUsers.id })
      .from(networkUsers)
      .where(and(eq(networkUsers.oidcIssuer, issuer), eq(networkUsers.oidcSubject, subject)));
    if (linked) return linked.id;

    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    const verified = claims.email_verified === true;
    if (email) {
      const [existing] = await tx
        .select({
          id: networkUsers.id,
          oidcSubject: networkUsers.oidcSubject,
          emailVerifiedAt: networkUsers.emailVerifiedAt,
        })
        .from(networkUsers)
        .where(eq(networkUsers.email, email))
        .for('update');
      if (existing) {
        if (!verified || existing.oidcSubject) {
          throw new AppError(409, 'An account with this email already exists. Please sign in with your password.');
        }
        if (existing.emailVerifiedAt) {
          await tx
            .update(networkUsers)
            .set({ oidcIssuer: issuer, oidcSubject: subject })
            .where(eq(networkUsers.id, existing.id));
          return existing.id;
        }
        // The squatter's profile and what they posted go; the owner starts with the provider's name.
        removedMedia.push(...(await clearSquattersTraces(tx, existing.id, now)));
        const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 80) : '';
        await tx
          .update(networkUsers)
          .set({
            oidcIssuer: issuer,
            oidcSubject: subject,
            passwordHash: null,
            emailVerifiedAt: now,
            displayName: name || null,
          })
          .where(eq(networkUsers.id, existing.id));
        await revokeOneTimeTokens(tx, 'network-verify-email', existing.id);
        await revokeOneTimeTokens(tx, 'network-password-reset', existing.id);
        await endAllSessions(tx, existing.id);
        return existing.id;
      }
    }
    if (signup === 'closed') throw new AppError(403, 'Sign-up is closed. Only Authorized Person Can Access.');
    const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 80) : '';
    const [created] = await tx
      .insert(networkUsers)
      .values({
        // An unverified address is not kept, so it cannot block its real owner from signing up.
        email: email && verified ? email : null,
        emailVerifiedAt: email && verified ? now : null,
        displayName: name || null,
        oidcIssuer: issuer,
        oidcSubject: subject,
        createdAt: now,
      })
      .returning({ id: networkUsers.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  });
}

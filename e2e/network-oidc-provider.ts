import { createServer, type Server } from 'node:http';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
// @ts-expect-error oidc-provider ships no type declarations and @types/oidc-provider is not installed
import Provider from 'oidc-provider';
import { e2eAccounts } from './accounts.js';

/** One signing key for every provider this worker starts, so the app's cached key set stays right. */
const signingKey = (async () => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'pathway-e2e', alg: 'RS256', use: 'sig' };
  return { privateKey, jwk };
})();

export type LocalProviderOptions = {
  /** The account's claims for the login typed; by default the login as a verified email, and a name. */
  claims?: (login: string) => Record<string, unknown>;
  /** Rewrites every ID token the token endpoint issues, re-signed with the provider's key (a wrong nonce, an expired token). */
  tamperIdToken?: (claims: JWTPayload) => JWTPayload;
  /** Rewrites every UserInfo answer (another person's subject). */
  tamperUserInfo?: (claims: Record<string, unknown>) => Record<string, unknown>;
};

type KoaContext = { path: string; method: string; body: unknown };

/**
 * A real OpenID Provider (panva's oidc-provider, with its conformant defaults: the ID token carries
 * the subject only, email and name come from the UserInfo endpoint, OpenID Connect Core 5.4) on a
 * loopback port for the popup sign-in tests. Its development login accepts any login; the login
 * typed becomes the subject and, unless `claims` says otherwise, the verified email.
 */
export async function startLocalOidcProvider(
  port: number,
  appBaseUrl: string,
  options: LocalProviderOptions = {},
): Promise<{ stop(): Promise<void> }> {
  const { clientId, clientSecret } = e2eAccounts.oidcClient;
  const key = await signingKey;
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appBaseUrl}/api/network/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [key.jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['pathway-e2e-oidc-cookie-key'] },
    pkce: { required: () => true },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        ...(options.claims ? options.claims(sub) : { email: sub, email_verified: true, name: 'Oidc Member' }),
      }),
    }),
  });
  // oidc-provider is a Koa application: this middleware sees each answer before it is sent.
  provider.use(async (ctx: KoaContext, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (ctx.path === '/token' && options.tamperIdToken && typeof body?.id_token === 'string') {
      body.id_token = await new SignJWT(options.tamperIdToken(decodeJwt(body.id_token)))
        .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid })
        .sign(key.privateKey);
    }
    if (ctx.path === '/me' && options.tamperUserInfo && body && typeof body === 'object') {
      ctx.body = options.tamperUserInfo(body);
    }
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

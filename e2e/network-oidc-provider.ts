import { createServer, type Server } from 'node:http';
// @ts-expect-error oidc-provider ships no type declarations and @types/oidc-provider is not installed
import Provider from 'oidc-provider';
import { e2eAccounts } from './accounts.js';

/**
 * A real OpenID Provider on a loopback port for the popup sign-in test. Its development login
 * accepts any login; the login typed becomes the subject and the (verified) email.
 */
export async function startLocalOidcProvider(port: number, appBaseUrl: string): Promise<{ stop(): Promise<void> }> {
  const { clientId, clientSecret } = e2eAccounts.oidcClient;
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
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['pathway-e2e-oidc-cookie-key'] },
    pkce: { required: () => true },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, name: 'Oidc Member' }),
    }),
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

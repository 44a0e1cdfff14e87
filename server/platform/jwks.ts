import { z } from 'zod';
import type { App } from './area.js';
import type { CredentialIssuer } from './credentials.js';

const publicJwk = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});

/** `GET /.well-known/jwks.json` (RFC 7517): what a verifier needs, and nothing else, to check our credentials. */
export function registerJwks(app: App, issuer: CredentialIssuer): void {
  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        summary: "The credentials' public keys",
        description:
          'The JSON Web Key Set of the keys that sign the credentials Pathway issues (a shown licence): the signing key first, then any key rotated out whose credentials may still be in use.',
        response: { 200: z.object({ keys: z.array(publicJwk) }) },
      },
    },
    async (_request, reply) => {
      // Verifiers may keep it an hour; a rotation publishes the new key before it signs (docs/operations.md).
      reply.header('cache-control', 'public, max-age=3600');
      return issuer.jwks;
    },
  );
}

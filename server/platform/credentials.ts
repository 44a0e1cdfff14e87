import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { z } from 'zod';
import type { Clock } from './clock.js';

/*
 * The signing keys of the credentials Pathway issues (a licence shown on a profile, issue 41;
 * decision 037). Ed25519 (JOSE `EdDSA`): small keys, deterministic signatures, and every JOSE library
 * verifies them. The first key signs; every key is published at /.well-known/jwks.json, so a key
 * rotated out still verifies what it signed (docs/operations.md, "Credential signing keys").
 */

export const privateCredentialKey = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().min(40),
  d: z.string().min(40),
  kid: z.string().min(1).optional(),
});
export type PrivateCredentialKey = z.infer<typeof privateCredentialKey>;

/** The keys as a setting or in secrets.json: a list, the signing key first. */
export const credentialKeyList = z.array(privateCredentialKey).min(1);

/** A new Ed25519 private key as a JWK. */
export async function generateCredentialKey(): Promise<PrivateCredentialKey> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return privateCredentialKey.parse(await exportJWK(privateKey));
}

export type PublicJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' };

export type CredentialIssuer = {
  /** The public keys, as served at /.well-known/jwks.json. */
  jwks: { keys: PublicJwk[] };
  /**
   * The claims signed as a compact JWS with the header `typ: vc+jwt` (VC-JOSE-COSE's media type
   * `application/vc+jwt`), `iat` now; the caller gives `exp` and the rest.
   */
  sign(claims: Record<string, unknown>): Promise<string>;
};

/** An issuer over the keys; each key's `kid` is its RFC 7638 thumbprint unless the key names one. */
export async function createCredentialIssuer(keys: PrivateCredentialKey[], clock: Clock): Promise<CredentialIssuer> {
  const published = await Promise.all(
    keys.map(async ({ kty, crv, x, kid }) => ({
      kty,
      crv,
      x,
      kid: kid ?? (await calculateJwkThumbprint({ kty, crv, x })),
      alg: 'EdDSA' as const,
      use: 'sig' as const,
    })),
  );
  const [first] = keys;
  const [firstPublic] = published;
  if (!first || !firstPublic) throw new Error('no credential signing key');
  const signingKey = await importJWK({ ...(first as JWK) }, 'EdDSA');
  return {
    jwks: { keys: published },
    sign: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid: firstPublic.kid })
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .sign(signingKey),
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/** The areas that issue bearer tokens; a token of one area is refused by the other. */
export type TokenAudience = 'caseadmin' | 'lms';

const ISSUER = 'pathway';
const VERIFIED_CACHE_SIZE = 10_000;

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  // Tokens verified lately, oldest first (a Map keeps insertion order), so the bounded cache drops the oldest.
  const verified = new Map<string, { audience: TokenAudience; claims: JWTPayload & { sub: string } }>();

  return {
    async sign(claims: JWTPayload & { sub: string }, audience: TokenAudience, ttlSeconds: number): Promise<string> {
      const now = nowSeconds();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },

    /**
     * A keyed digest (HMAC-SHA256, url-safe) of `value` for `purpose`: what a link or cookie can
     * carry so the server recognises it later without storing it. Purposes never share a digest.
     */
    mac(purpose: string, value: string): string {
      return createHmac('sha256', key).update(`${purpose}\n${value}`).digest('base64url');
    },

    /** Whether `digest` is `mac(purpose, value)`, compared in constant time. */
    verifyMac(purpose: string, value: string, digest: string): boolean {
      const expected = Buffer.from(createHmac('sha256', key).update(`${purpose}\n${value}`).digest('base64url'));
      const given = Buffer.from(digest);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    /** Verifies signature, issuer, audience and expiry; any failure is a 401. */
    async verify(token: string, audience: TokenAudience): Promise<JWTPayload & { sub: string }> {
      // A token whose signature was checked once is not checked again: only its expiry can change.
      const known = verified.get(token);
      if (
        known &&
        known.audience === audience &&
        typeof known.claims.exp === 'number' &&
        known.claims.exp > nowSeconds()
      )
        return known.claims;
      const claims = await verifyFully(token, audience);
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
      verified.set(token, { audience, claims });
      return claims;
    },
  };

  async function verifyFully(token: string, audience: TokenAudience): Promise<JWTPayload & { sub: string }> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        currentDate: clock.now(),
      });
      if (typeof payload.sub !== 'string') throw new AppError(401, 'Invalid token');
      return payload as JWTPayload & { sub: string };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AppError(401, 'Your session has expired, please sign in again');
      throw new AppError(401, 'Invalid token');
    }
  }
}

/**
 * Tokens are revocable: each carries its account's session version as `ver`, and the area
 * compares it with the account's current one on every request. Signing out, a password change
 * or reset raise the version, which ends every token issued before; a deleted account has none.
 */
export function assertCurrentVersion(claims: JWTPayload, currentVersion: number | undefined): void {
  if (currentVersion === undefined) throw new AppError(401, 'Your account no longer exists');
  if (claims.ver !== currentVersion) throw new AppError(401, 'Your session has ended, please sign in again');
}

/** The token of an `Authorization: Bearer …` header; a missing one is a 401. */
export function bearerToken(authorization: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new AppError(401, 'Authentication required');
  return match[1];
}

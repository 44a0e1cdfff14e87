import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from './client-address.js';
import type { AreaDeps } from './area.js';
import { AppError } from './errors.js';

export const FAILED_SIGNIN_WINDOW_MS = 15 * 60_000;
/** How long a device a sign-in succeeded on stays known. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

type Options = { area: string; cookiePath: string; windowMs?: number };

const normalizeAccount = (account: string) => account.trim().toLowerCase();

/** The value of cookie `name` in the request's Cookie header, read without a plugin (the bearer areas register none). */
function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Failed sign-ins, with OWASP's device cookies so that strangers cannot lock an owner out.
 *
 * A successful sign-in leaves a device cookie: signed (HMAC with the app's key), bound to that
 * account, sent only to the sign-in route. A sign-in that shows a valid one for its account is from
 * a known device: only that device's own failures count against it. Any other attempt is from an
 * unknown device: failures are counted per account and per client address (an IPv6 client by its
 * /64) in a 15-minute window, and past the limit on either, unknown devices get 429 for that
 * account or from that client. So guesses from anywhere still stop at the limit, while the owner,
 * on a device they signed in with before, signs in as usual. A success from an unknown device clears
 * its account's count (not the client's: signing in to one's own account between guesses at
 * another's buys nothing). See docs/decisions/018-lockout-by-device-cookie.md.
 */
export function createPasswordSignIn(
  deps: Pick<AreaDeps, 'counters' | 'tokens' | 'clock' | 'config'>,
  options: Options,
) {
  const { counters, tokens, clock } = deps;
  const limit = deps.config.rateLimits.failedSignInsPerAccountOrClient;
  const windowMs = options.windowMs ?? FAILED_SIGNIN_WINDOW_MS;
  const cookieName = `pathway_device_${options.area}`;
  const purpose = `device-cookie:${options.area}`;
  const accountKey = (account: string) => `signin:${options.area}:account:${normalizeAccount(account)}`;
  const clientKey = (request: FastifyRequest) => `signin:${options.area}:client:${clientAddressKey(request.ip)}`;
  const deviceKey = (nonce: string) => `signin:${options.area}:device:${nonce}`;

  /** The nonce of the request's device cookie when it is valid for `account`: a known device. */
  function knownDevice(request: FastifyRequest, account: string, now: number): string | undefined {
    const value = cookieValue(request, cookieName);
    const [issuedAt = '', nonce = '', digest = ''] = (value ?? '').split('.');
    if (!/^\d{1,12}$/.test(issuedAt) || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return undefined;
    if (now / 1000 - Number(issuedAt) > DEVICE_COOKIE_MAX_AGE_SECONDS) return undefined;
    return tokens.verifyMac(purpose, `${normalizeAccount(account)}\n${issuedAt}\n${nonce}`, digest) ? nonce : undefined;
  }

  /**
   * Claims the attempt before the password is checked: its counts go up first, in one atomic step
   * each, so guesses arriving at once cannot all read a count below the limit (issue 35: the count
   * was read before the password check and written after it, and 12 parallel guesses were all
   * checked against a limit of 3). Past the limit the claim is taken back and the answer is 429:
   * a refused attempt checks no password and does not count. Returns the keys claimed.
   */
  async function claim(request: FastifyRequest, account: string, now: Date): Promise<string[]> {
    const device = knownDevice(request, account, now.getTime());
    const keys = device ? [deviceKey(device)] : [accountKey(account), clientKey(request)];
    const windows = await Promise.all(keys.map((key) => counters.increment(key, windowMs)));
    const blocked = windows.filter((window) => window.count > limit);
    if (blocked.length === 0) return keys;
    await Promise.all(keys.map((key) => counters.release(key)));
    const minutes = Math.max(1, Math.ceil(Math.max(...blocked.map((window) => window.resetInMs)) / 60_000));
    throw new AppError(
      429,
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  /**
   * Leaves (or renews) the account's device cookie and clears the count the success was judged
   * by: the device's own, or the unknown devices' one. The owner signing in on a known device
   * leaves strangers' lock in place.
   */
  async function recordSuccess(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    now: Date,
  ): Promise<void> {
    const device = knownDevice(request, account, now.getTime());
    await counters.remove(device ? deviceKey(device) : accountKey(account));
    // The client's claim is taken back: a success is no failure.
    if (!device) await counters.release(clientKey(request));
    const issuedAt = String(Math.floor(now.getTime() / 1000));
    const nonce = randomBytes(18).toString('base64url');
    const digest = tokens.mac(purpose, `${normalizeAccount(account)}\n${issuedAt}\n${nonce}`);
    const attributes = [
      `Path=${options.cookiePath}`,
      `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(request.protocol === 'https' ? ['Secure'] : []),
    ];
    const cookie = `${cookieName}=${issuedAt}.${nonce}.${digest}; ${attributes.join('; ')}`;
    const existing = reply.getHeader('set-cookie');
    const others = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    void reply.header('set-cookie', [...others, cookie]);
  }

  return {
    /**
     * Checks an account's password under the limit: refused with 429 past it, with 401 and
     * `refusal` for a wrong password (counted), and on success the device is remembered.
     * `checkPassword` answers the signed-in account, or null.
     */
    async signIn<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      account: string,
      checkPassword: () => Promise<T | null | undefined>,
      refusal: string,
    ): Promise<T> {
      const claimed = await claim(request, account, clock.now());
      let signedIn: T | null | undefined;
      try {
        signedIn = await checkPassword();
      } catch (error) {
        // Not a failed sign-in (the database was away): it does not count.
        await Promise.all(claimed.map((key) => counters.release(key)));
        throw error;
      }
      // A wrong password stays counted by its claim.
      if (!signedIn) throw new AppError(401, refusal);
      await recordSuccess(request, reply, account, clock.now());
      return signedIn;
    },
  };
}

export type PasswordSignIn = ReturnType<typeof createPasswordSignIn>;

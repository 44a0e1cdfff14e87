import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/** How many leading bits of an IPv6 address name one client: a /64 is what one subscriber is given. */
const IPV6_CLIENT_PREFIX = 64;

/**
 * The key a client is counted under by every per-client limit: an IPv4 address as it is, an
 * IPv4-mapped IPv6 address as its IPv4 form, and any other IPv6 address by its /64, since one
 * client can pick any address inside the /64 it was given.
 */
export function clientAddressKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return new Address6(`${address.correctForm()}/${IPV6_CLIENT_PREFIX}`).startAddress().correctForm();
}

import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../server/platform/client-address.js';

describe('client address key', () => {
  it('when the client is IPv4, then it is counted by its own address', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('when an IPv4 client arrives as an IPv4-mapped IPv6 address, then it is counted as its IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('when two IPv6 addresses share a /64, then they are one client', () => {
    const first = clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(first).toBe(clientAddressKey('2001:db8:1:2::1'));
    expect(first).toBe('2001:db8:1:2::');
  });

  it('when two IPv6 addresses differ inside the first 64 bits, then they are two clients', () => {
    expect(clientAddressKey('2001:db8:1:2::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'));
  });
});

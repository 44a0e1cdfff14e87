import type { NetworkUser } from '../../contracts/network.js';

/** A signed-in member with a complete profile, for the web tests: what `/api/network/me` answers, with these changes. */
export const signedInMember = (changes: Partial<NetworkUser> = {}): NetworkUser => ({
  uid: 'member-1',
  email: 'amal@example.test',
  displayName: 'أمل — अमल',
  photoURL: null,
  username: 'amal',
  isProfileComplete: true,
  isAdmin: false,
  emailVerified: true,
  headline: null,
  role: null,
  employer: null,
  location: null,
  about: null,
  ...changes,
});

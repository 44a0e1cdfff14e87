import type { AreaContext } from '../platform/area-context.js';
import { AppError } from '../platform/errors.js';
import { defineCaller } from '../platform/caller.js';
import type { PasswordSignIn } from '../platform/password-sign-in.js';
import { routeSchemas } from '../platform/route-schemas.js';
import type { createRealtimeHub } from '../platform/realtime.js';
import { hasCompleteProfile, type asMember, type Member } from './accounts.js';
import type { receiveForm, FileKind, MediaFiles } from './media.js';
import type { createMemberLimits } from './member-limits.js';
import { SESSION_COOKIE } from './sessions.js';

/** What the network's route files share, built once by registerNetworkArea. */
export type NetworkContext = AreaContext<'network'> & {
  hub: ReturnType<typeof createRealtimeHub>;
  passwordSignIn: PasswordSignIn;
  memberLimits: ReturnType<typeof createMemberLimits>;
  member: (row: Parameters<typeof asMember>[0]) => Member;
  receiveUpload: (
    request: Parameters<typeof receiveForm>[0],
    fileField: string,
    kind: FileKind,
  ) => ReturnType<typeof receiveForm>;
  /** The store, the member's upload limit and this request's log: what a service storing or removing files takes. */
  mediaFiles: (request: { log: MediaFiles['log'] }) => MediaFiles;
};

export const { tags, withErrors, noContent, uploadErrors } = routeSchemas('network');

/** Who is calling: the member of the session cookie, or nobody (the members' scope refuses nobody). */
export const caller = defineCaller<Member>('Please sign in to continue', {
  name: 'memberSession',
  scheme: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: "A member's session cookie (httpOnly), from POST /api/network/auth/sign-in",
  },
});

/** Posts and comments carry their author's name: a member without one completes the profile first (/UserDetails). */
export function signedInWithProfile(request: { caller: unknown }): Member {
  const me = caller.of(request);
  if (!hasCompleteProfile(me))
    throw new AppError(403, 'Please complete your profile before posting.', 'PROFILE_INCOMPLETE');
  return me;
}

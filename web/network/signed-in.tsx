import type { ReactElement } from 'react';
import { Navigate } from '../lib/routing.js';
import type { NetworkUser } from '../../contracts/network.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useMe } from './api.js';

/** What a signed-in network page draws: its member, or instead of the page what stands in for it. */
export type SignedInMember = { member: NetworkUser; instead: null } | { member: null; instead: ReactElement };

/**
 * The one guard of the network's signed-in pages: loading while the session is asked, an error
 * only when there is no member to show (a failed refetch in the background keeps the page), and a
 * visitor without a session sent to `/`, which opens sign-up, or sign-in for a member whose session
 * ended. `completeProfile` sends a member without a username on to finish their profile first.
 */
export function useSignedInMember(options: { completeProfile?: boolean } = {}): SignedInMember {
  const me = useMe();
  if (me.isPending) return { member: null, instead: <LoadingState /> };
  if (me.isLoadingError) {
    return {
      member: null,
      instead: <ErrorState message="Could not load your account." onRetry={() => void me.refetch()} />,
    };
  }
  if (!me.data) return { member: null, instead: <Navigate to="/" replace /> };
  if (options.completeProfile && !me.data.isProfileComplete)
    return { member: null, instead: <Navigate to="/UserDetails" replace /> };
  return { member: me.data, instead: null };
}

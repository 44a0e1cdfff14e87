import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from '../lib/routing.js';
import { homeFor, lmsToken, useLmsSession } from './session.js';

/** `/lms-system`, the area's prefix: the learner's home, or the login for a visitor. */
export function LmsEntry() {
  const { user } = useLmsSession();
  return <Navigate to={user ? homeFor(user) : '/lms-system/login'} replace />;
}

/** Signed-in only: without a valid token (missing, undecodable, expired) the user goes to the LMS login. */
export function RequireLmsUser({ children }: { children?: ReactNode }) {
  const { token, user } = useLmsSession();
  useEffect(() => {
    // A token that fails to decode logs the user out.
    if (token && !user) lmsToken.clear();
  }, [token, user]);
  if (!user) return <Navigate to="/lms-system/login" replace />;
  return children ?? <Outlet />;
}

/** The admin pages' client-side guard; the server checks the role on every call as well. */
export function RequireLmsAdmin({ children }: { children?: ReactNode }) {
  const { user } = useLmsSession();
  if (!user) return <RequireLmsUser />;
  if (user.role !== 'admin') return <Navigate to={homeFor(user)} replace />;
  return children ?? <Outlet />;
}

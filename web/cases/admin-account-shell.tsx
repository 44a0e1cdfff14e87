import LogIn from 'lucide-react/icons/log-in';
import SearchCheck from 'lucide-react/icons/search-check';
import { Outlet } from '../lib/routing.js';
import { AppHeader, HeaderLink } from '../ui/app-header.js';

/** The frame of the case admin's signed-out pages (login, forgot and reset password): logo, sign-in, the public tracker, dark mode. */
export default function AdminAccountShell() {
  return (
    <>
      <AppHeader homeTo="/caseadmin/login" areaName="Case admin" navLabel="Case admin account">
        <HeaderLink to="/caseadmin/login" icon={LogIn} label="Sign in" />
        <HeaderLink to="/casetracking" icon={SearchCheck} label="Application tracking" />
      </AppHeader>
      <Outlet />
    </>
  );
}

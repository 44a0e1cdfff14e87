import LogIn from 'lucide-react/icons/log-in';
import SearchCheck from 'lucide-react/icons/search-check';
import { NavLink, Outlet } from 'react-router';
import { AppHeader, headerLabelClass, headerLinkClass } from '../ui/app-header.js';

/** The frame of the case admin's signed-out pages (login, forgot and reset password): logo, sign-in, the public tracker, dark mode. */
export default function AdminAccountShell() {
  return (
    <>
      <AppHeader homeTo="/caseadmin/login" areaName="Case admin" navLabel="Case admin account">
        <NavLink to="/caseadmin/login" className={headerLinkClass}>
          <LogIn aria-hidden="true" size={18} />
          <span className={headerLabelClass}>Sign in</span>
        </NavLink>
        <NavLink to="/casetracking" className={headerLinkClass}>
          <SearchCheck aria-hidden="true" size={18} />
          <span className={headerLabelClass}>Application tracking</span>
        </NavLink>
      </AppHeader>
      <Outlet />
    </>
  );
}

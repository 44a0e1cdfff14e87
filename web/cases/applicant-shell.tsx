import LogIn from 'lucide-react/icons/log-in';
import SearchCheck from 'lucide-react/icons/search-check';
import { NavLink, Outlet } from 'react-router';
import { AppHeader, HeaderLink } from '../ui/app-header.js';
import styles from './tracker-page.module.css';

/**
 * The public tracker's frame: an applicant's header (no network navigation, no sign-up). The
 * footer sits at the foot of the screen, where the page's arrival does not push it (no layout shift).
 */
export default function ApplicantShell() {
  return (
    <div className={styles.shell}>
      <AppHeader homeTo="/casetracking" areaName="Application tracking" navLabel="Applicant">
        <HeaderLink to="/casetracking" icon={SearchCheck} label="Check status" />
      </AppHeader>
      <Outlet />
      <footer className={styles.footer}>
        <p>Your case number is on the confirmation you received when your application was opened.</p>
        <p>
          <NavLink to="/caseadmin/login" className={styles.staffLink}>
            <LogIn aria-hidden="true" size={14} /> Staff sign-in
          </NavLink>
        </p>
      </footer>
    </div>
  );
}

import FileCheck from 'lucide-react/icons/file-check';
import FilePlus from 'lucide-react/icons/file-plus';
import FolderOpen from 'lucide-react/icons/folder-open';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ListChecks from 'lucide-react/icons/list-checks';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet } from 'react-router';
import { DarkModeToggle } from '../ui/dark-mode-toggle.js';
import { adminToken, signOut } from './admin-session.js';
import styles from './admin-layout.module.css';

const links = [
  { to: '/caseadmin/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/caseadmin/create-case', label: 'Add New Case', Icon: FilePlus },
  { to: '/caseadmin/manage-cases', label: 'Manage Cases', Icon: FolderOpen },
  { to: '/caseadmin/services', label: 'Manage Services', Icon: ListChecks },
  { to: '/caseadmin/documents', label: 'Documents to review', Icon: FileCheck },
];

/** The case admin's frame: the sidebar, and the guard that sends a visitor without a token to the login. */
export default function AdminLayout() {
  const token = adminToken.useToken();
  const queryClient = useQueryClient();
  if (!token) return <Navigate to="/caseadmin/login" replace />;

  return (
    <div className={styles.frame}>
      <aside className={styles.sidebar}>
        <div className={styles.titleRow}>
          <p className={styles.title}>Pathway Case Admin</p>
          <DarkModeToggle />
        </div>
        <nav aria-label="Case admin">
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.link} end={link.to !== '/caseadmin/services'}>
                  <link.Icon aria-hidden="true" size={16} /> {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className={styles.signOut}
          onClick={() => {
            signOut();
            queryClient.removeQueries({ queryKey: ['caseadmin'] });
          }}
        >
          Sign out
        </button>
      </aside>
      <main className={styles.content}>
        <Outlet />
      </main>
    </div>
  );
}

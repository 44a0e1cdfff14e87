import { useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet } from 'react-router';
import { adminToken, signOut } from './admin-session.js';
import styles from './admin-layout.module.css';

const links = [
  { to: '/caseadmin/dashboard', label: 'Dashboard' },
  { to: '/caseadmin/create-case', label: 'Add New Case' },
  { to: '/caseadmin/manage-cases', label: 'Manage Cases' },
  { to: '/caseadmin/services', label: 'Manage Services' },
];

/** The case admin's frame: the sidebar, and the guard that sends a visitor without a token to the login. */
export default function AdminLayout() {
  const token = adminToken.useToken();
  const queryClient = useQueryClient();
  if (!token) return <Navigate to="/caseadmin/login" replace />;

  return (
    <div className={styles.frame}>
      <aside className={styles.sidebar}>
        <p className={styles.title}>Pathway Case Admin</p>
        <nav aria-label="Case admin">
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.link} end={link.to !== '/caseadmin/services'}>
                  {link.label}
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

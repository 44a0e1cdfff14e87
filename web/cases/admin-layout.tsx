import FileCheck from 'lucide-react/icons/file-check';
import FilePlus from 'lucide-react/icons/file-plus';
import FolderOpen from 'lucide-react/icons/folder-open';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ListChecks from 'lucide-react/icons/list-checks';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet } from '../lib/routing.js';
import { AdminShell, type AdminShellLink } from '../ui/admin-shell.js';
import { adminToken, signOut } from './admin-session.js';

const links: AdminShellLink[] = [
  { to: '/caseadmin/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/caseadmin/create-case', label: 'Add New Case', Icon: FilePlus },
  { to: '/caseadmin/manage-cases', label: 'Manage Cases', Icon: FolderOpen },
  { to: '/caseadmin/services', label: 'Manage Services', Icon: ListChecks, prefix: true },
  { to: '/caseadmin/documents', label: 'Documents to review', Icon: FileCheck },
];

/** The case admin's frame (the shared admin shell), and the guard that sends a visitor without a token to the login. */
export default function AdminLayout() {
  const token = adminToken.useToken();
  const queryClient = useQueryClient();
  if (!token) return <Navigate to="/caseadmin/login" replace />;

  return (
    <AdminShell
      title="Pathway Case Admin"
      homeTo="/caseadmin/dashboard"
      navLabel="Case admin"
      links={links}
      onSignOut={() => {
        signOut();
        queryClient.removeQueries({ queryKey: ['caseadmin'] });
      }}
    >
      <Outlet />
    </AdminShell>
  );
}

import BookOpen from 'lucide-react/icons/book-open';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import FileQuestion from 'lucide-react/icons/file-question';
import KeyRound from 'lucide-react/icons/key-round';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import ScrollText from 'lucide-react/icons/scroll-text';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import UserCog from 'lucide-react/icons/user-cog';
import Users from 'lucide-react/icons/users';
import type { ReactNode } from 'react';
import { AdminShell, type AdminShellLink } from '../../ui/admin-shell.js';
import { useLogout } from '../learner-header.js';

const links: AdminShellLink[] = [
  { to: '/lms-system/admin', label: 'Exam questions', Icon: FileQuestion },
  { to: '/lms-system/admin/course', label: 'Courses', Icon: BookOpen, prefix: true },
  { to: '/lms-system/admin/logs', label: 'Exam logs', Icon: ScrollText },
  { to: '/lms-system/admin/users', label: 'Users and programs', Icon: Users },
  { to: '/lms-system/admin/account-log', label: 'Account log', Icon: UserCog },
  { to: '/lms-system/admin/access-codes', label: 'Access codes', Icon: KeyRound },
  { to: '/lms-system/admin/upcoming', label: 'Upcoming exams', Icon: CalendarClock },
  { to: '/lms-system/admin/exam-settings', label: 'Exam settings', Icon: SlidersHorizontal },
  { to: '/lms-system/admin/essays', label: 'Essay grading', Icon: NotebookPen },
];

/** An LMS admin page in the shared admin shell (the case admin's frame), under its heading. */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  const { logout, unsentPrompt } = useLogout();
  return (
    <AdminShell
      title="Pathway LMS Admin"
      homeTo="/lms-system/admin"
      navLabel="LMS admin"
      links={links}
      onSignOut={logout}
    >
      {unsentPrompt}
      <h1>{title}</h1>
      {children}
    </AdminShell>
  );
}

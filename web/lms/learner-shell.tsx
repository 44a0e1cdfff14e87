import BookOpen from 'lucide-react/icons/book-open';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogIn from 'lucide-react/icons/log-in';
import Settings from 'lucide-react/icons/settings';
import UserPlus from 'lucide-react/icons/user-plus';
import UserRound from 'lucide-react/icons/user-round';
import { Outlet } from '../lib/routing.js';
import { AppHeader, HeaderLink } from '../ui/app-header.js';
import { lazyPart } from '../ui/lazy-part.js';
import { ExamFocusProvider } from './exam-focus.js';
import { useLmsSession } from './session.js';

// Signed in only: the sign-in page's first JavaScript carries neither the button nor what it may ask.
// Not downloaded, it says so in its place (the answers it would send first stay on the device).
const LogoutButton = lazyPart(() => import('./logout-button.js'));

/** The learning area's frame: a learner's header with the area's own links, never the network's. */
export default function LearnerShell() {
  const { user } = useLmsSession();
  const homeTo = !user ? '/lms-system/login' : user.role === 'admin' ? '/lms-system/admin' : '/lms-system/dashboard';
  return (
    <ExamFocusProvider>
      {(examFocused) => (
        <>
          {!examFocused && (
            <AppHeader homeTo={homeTo} areaName="Learning" navLabel="Learning">
              {!user && (
                <>
                  <HeaderLink to="/lms-system/login" icon={LogIn} label="Login" />
                  <HeaderLink to="/lms-system/register" icon={UserPlus} label="Register" />
                </>
              )}
              {user?.role === 'user' && (
                <>
                  <HeaderLink to="/lms-system/dashboard" icon={LayoutDashboard} label="Dashboard" />
                  <HeaderLink to="/courses" icon={BookOpen} label="Courses" />
                  <HeaderLink to="/exam" icon={ClipboardCheck} label="Exam" />
                  <HeaderLink to="/lmsprofile" icon={UserRound} label="Profile" />
                </>
              )}
              {user?.role === 'admin' && <HeaderLink to="/lms-system/admin" icon={Settings} label="Admin" />}
              {user && <LogoutButton />}
            </AppHeader>
          )}
          <Outlet />
        </>
      )}
    </ExamFocusProvider>
  );
}

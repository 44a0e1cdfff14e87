import LogOut from 'lucide-react/icons/log-out';
import { headerLabelClass, headerLinkClass } from '../ui/app-header.js';
import { useLogout } from './learner-header.js';

/**
 * The learner shell's Logout, with what it may ask (answers still waiting: learner-header.tsx).
 * Downloaded once someone is signed in, so the LMS sign-in page's first JavaScript carries none of it.
 */
export default function LogoutButton() {
  const { logout, unsentPrompt } = useLogout();
  return (
    <>
      <button type="button" className={headerLinkClass} onClick={logout}>
        <LogOut aria-hidden="true" size={18} />
        <span className={headerLabelClass}>Logout</span>
      </button>
      {unsentPrompt}
    </>
  );
}

import LogIn from 'lucide-react/icons/log-in';
import SearchCheck from 'lucide-react/icons/search-check';
import { use, useEffect } from 'react';
import { NavLink, Outlet } from '../lib/routing.js';
import { documentTitle, RouteHandleContext } from '../layouts/route-handle.js';
import { AppHeader, HeaderLink } from '../ui/app-header.js';
import { useConnectionWords } from '../ui/connection-banner.js';
import {
  applyDocumentLanguage,
  followRememberedLanguage,
  useApplicantWords,
  type ApplicantKey,
} from './applicant-words.js';
import { LanguageSwitcher } from './language-switcher.js';
import styles from './tracker-page.module.css';

/**
 * The public tracker's frame: an applicant's header (no network navigation, no sign-up), in the
 * applicant's language. The footer sits at the foot of the screen, where the page's arrival does
 * not push it (no layout shift).
 */
export default function ApplicantShell() {
  const { t, language } = useApplicantWords();
  useEffect(followRememberedLanguage, []);
  // The screen's title and the connection banner in the page's language (issue 38).
  const handle = use(RouteHandleContext);
  useEffect(() => {
    if (handle?.titleKey) document.title = documentTitle(t(handle.titleKey as ApplicantKey));
  }, [handle, t]);
  useConnectionWords(t('connection.unreachable'), t('connection.tryAgain'));
  useEffect(() => {
    applyDocumentLanguage(language);
    // Staff and LMS screens are English: leaving the applicant screens puts the page back.
    return () => {
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    };
  }, [language]);
  return (
    <div className={styles.shell}>
      <AppHeader homeTo="/casetracking" areaName={t('shell.area')} navLabel={t('shell.nav')}>
        <HeaderLink to="/casetracking" icon={SearchCheck} label={t('shell.checkStatus')} />
        <LanguageSwitcher className={styles.language} />
      </AppHeader>
      <Outlet />
      <footer className={styles.footer}>
        <p>{t('shell.footer')}</p>
        <p>
          <NavLink to="/caseadmin/login" className={styles.staffLink}>
            <LogIn aria-hidden="true" size={14} /> {t('shell.staff')}
          </NavLink>
        </p>
      </footer>
    </div>
  );
}

import { use, useEffect } from 'react';
import { Link, Navigate, useLocation } from '../lib/routing.js';
import { documentTitle } from './route-handle.js';
import { directionOf } from '../../contracts/applicant-language-constants.js';
import { chooseLanguage, VisitorLanguageContext } from '../lib/visitor-language.js';
import { notFoundWords } from './not-found-words.js';
import { buttonClassName } from '../ui/button.js';
import { DarkModeToggle } from '../ui/dark-mode-toggle.js';
import { ExternalRedirectPage } from './external-redirect-page.js';
import styles from './unknown-path-page.module.css';
import { resolveUnknownPath, type NotFoundHome } from './unknown-path.js';

/** Every address no route matched: a health-authority token, a known place in other words, or "page not found". */
export default function UnknownPathPage() {
  const { pathname } = useLocation();
  const outcome = resolveUnknownPath(pathname);
  if (outcome.kind === 'health-authority') return <ExternalRedirectPage token={outcome.token} />;
  if (outcome.kind === 'navigate') return <Navigate to={outcome.to} replace />;
  return <NotFound home={outcome.home.to} />;
}

/**
 * "Page not found" in the visitor's language and direction, chosen as the tracker chooses it: on
 * the server from the switcher's cookie, else Accept-Language; in the browser the page's, else the
 * remembered one, else the browser's.
 */
function NotFound({ home }: { home: NotFoundHome }) {
  const language = use(VisitorLanguageContext) ?? chooseLanguage();
  const words = notFoundWords[language];
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    document.title = documentTitle(words.title);
    // The other screens outside the tracker are English.
    return () => {
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    };
  }, [language, words]);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label={words.brand}>
          <img src="/images/logo.svg" alt="" width={32} height={32} />
          <span>Pathway</span>
        </Link>
        <DarkModeToggle />
      </header>
      <main className={styles.main}>
        <h1>{words.title}</h1>
        <p>{words.explanation}</p>
        <p className={styles.actions}>
          <Link to={home} className={buttonClassName('primary')}>
            {words.home[home]}
          </Link>
          <Link to="/casetracking" className={buttonClassName('secondary')}>
            {words.track}
          </Link>
        </p>
      </main>
    </div>
  );
}

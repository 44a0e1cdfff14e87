import { Link, Navigate, useLocation } from 'react-router';
import { buttonClassName } from '../ui/button.js';
import { DarkModeToggle } from '../ui/dark-mode-toggle.js';
import { ExternalRedirectPage } from './external-redirect-page.js';
import styles from './unknown-path-page.module.css';
import { resolveUnknownPath } from './unknown-path.js';

/** Every address no route matched: a health-authority token, a known place in other words, or "page not found". */
export default function UnknownPathPage() {
  const { pathname } = useLocation();
  const outcome = resolveUnknownPath(pathname);
  if (outcome.kind === 'health-authority') return <ExternalRedirectPage token={outcome.token} />;
  if (outcome.kind === 'navigate') return <Navigate to={outcome.to} replace />;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label="Pathway home">
          <img src="/images/logo.svg" alt="" width={32} height={32} />
          <span>Pathway</span>
        </Link>
        <DarkModeToggle />
      </header>
      <main className={styles.main}>
        <h1>Page not found</h1>
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p className={styles.actions}>
          <Link to={outcome.home.to} className={buttonClassName('primary')}>
            {outcome.home.label}
          </Link>
          <Link to="/casetracking" className={buttonClassName('secondary')}>
            Track an application
          </Link>
        </p>
      </main>
    </div>
  );
}

import { Link } from 'react-router';
import { buttonClassName } from '../ui/button.js';
import styles from './public-home-page.module.css';

/** The public home `/`: the network's welcome, and the doors to tracking and learning. */
export default function PublicHomePage() {
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <img src="/images/logo.svg" alt="" />
        <strong>Pathway</strong>
      </header>
      <h1 className={styles.tagline}>Unlock new opportunities, excel in your career, join the largest HR network</h1>
      <nav className={styles.links} aria-label="Get started">
        <Link className={buttonClassName('primary')} to="/casetracking">
          Track Your Application
        </Link>
        <Link className={buttonClassName('secondary')} to="/lms-system/login">
          Learning and mock exams
        </Link>
      </nav>
    </main>
  );
}

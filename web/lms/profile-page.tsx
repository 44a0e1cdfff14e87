import { useState } from 'react';
import { ApiError } from '../lib/http.js';
import { LinkedAccounts } from '../ui/linked-accounts.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { learnerLinks, useProfile } from './api.js';
import { formatDay, professionLabel, programLabel } from './labels.js';
import { RedeemCodeForm } from './redeem-code.js';
import { LearnerHeader } from './learner-header.js';
import styles from './lms.module.css';
import { UpgradeDialog } from './upgrade.js';

export default function ProfilePage() {
  const query = useProfile();
  const [dismissed, setDismissed] = useState(false);
  const upgradeRequired = query.error instanceof ApiError && query.error.code === 'UPGRADE_REQUIRED';
  const dialogOpen = !dismissed && (upgradeRequired || Boolean(query.data?.premiumLocked));

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.error instanceof ApiError && query.error.status === 404)
    body = <EmptyState>User data not found!</EmptyState>;
  else if (query.isLoadingError)
    body = upgradeRequired ? null : (
      <ErrorState message="Failed to load profile." onRetry={() => void query.refetch()} />
    );
  else {
    const { user, achievements, badges, progress } = query.data;
    body = (
      <div className={styles.sections}>
        <section className={styles.card} aria-label="Account">
          <h2>{user.username}</h2>
          <dl>
            <dt>Profession</dt>
            <dd>{professionLabel(user.profession)}</dd>
            <dt>Joined</dt>
            <dd>{formatDay(user.created_at)}</dd>
            <dt>Plan</dt>
            <dd>
              {user.key.allowed_programs.length ? user.key.allowed_programs.map(programLabel).join(', ') : 'Free plan'}
            </dd>
          </dl>
          <RedeemCodeForm />
        </section>
        <section className={styles.card} aria-label="Progress">
          <h2>Progress</h2>
          <dl>
            <dt>Exam</dt>
            <dd>
              {/* Scored as each exam's results are: correct of the forms' questions, unanswered counted wrong. */}
              {progress.exam.exams === 0
                ? 'No finished exam yet.'
                : `${progress.exam.percentage.toFixed(1)}%: ${progress.exam.totalScore ?? 0} of ${progress.exam.totalQuestions} questions correct across your ${progress.exam.exams === 1 ? 'finished exam' : `${progress.exam.exams} finished exams`}`}
            </dd>
            <dt>Average course progress</dt>
            <dd>
              {progress.course.avgProgress === null
                ? query.data.premiumLocked
                  ? 'Premium only'
                  : 'N/A'
                : `${progress.course.avgProgress.toFixed(2)}%`}
            </dd>
          </dl>
        </section>
        <section className={styles.card} aria-label="Achievements">
          <h2>Achievements</h2>
          {achievements.length === 0 ? (
            <EmptyState>No achievements yet.</EmptyState>
          ) : (
            <ul className={styles.list}>
              {achievements.map((a) => (
                <li key={a.id}>
                  <strong>{a.title}</strong>
                  <div className={styles.muted}>{a.description}</div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={styles.card} aria-label="Badges">
          <h2>Badges</h2>
          {badges.length === 0 ? (
            <EmptyState>No badges yet.</EmptyState>
          ) : (
            <ul className={styles.list}>
              {badges.map((b) => (
                <li key={b.id}>
                  <strong>{b.title}</strong>
                  <div className={styles.muted}>{b.description}</div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <LinkedAccounts client={learnerLinks} className={styles.card} journeyHref="/lmsjourney" />
      </div>
    );
  }
  return (
    <main className={styles.page}>
      <LearnerHeader title="My Profile" />
      {body}
      <UpgradeDialog open={dialogOpen} onClose={() => setDismissed(true)} message={query.data?.message} />
    </main>
  );
}

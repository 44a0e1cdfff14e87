import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../lib/routing.js';
import { ApiError } from '../lib/http.js';
import { buttonClassName } from '../ui/button.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { useAchievements, useProfile, useProgress, useRecentCourses, useUpcomingExams } from './api.js';
import { useExamAttempts } from './exam-api.js';
import { LastAttemptPanel } from './exam-history.js';
import { formatDay, librarySize } from './labels.js';
import { LearnerHeader } from './learner-header.js';
import { PracticeLink, ReturnToExamLink, useExamOpen } from './open-exam.js';
import { LatestResultsByTopic, scoreSentence } from './results-by-topic.js';
import styles from './lms.module.css';
import { coursePreviewsQuery } from './premium-api.js';
import { PremiumDecisionNotice, RequestPremium } from './premium-request.js';
import { ReadinessPanel, ReviewsPanel } from './readiness-panel.js';
import { RedeemCodeForm } from './redeem-code.js';
import { UpgradeButton } from './upgrade.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function RecentCourses() {
  // The profile says whether the learner has the course library; a free learner is not sent to
  // the list only to be refused (a 403 the browser would log on every dashboard view).
  const profile = useProfile();
  const locked = profile.data?.premiumLocked === true;
  const query = useRecentCourses(profile.isSuccess && !locked);
  if (profile.isLoadingError)
    return <ErrorState message="Failed to load recent courses." onRetry={() => void profile.refetch()} />;
  if (profile.isPending || (!locked && query.isPending)) return <LoadingState />;
  if (locked || (query.error instanceof ApiError && query.error.status === 403)) return <LockedRecentCourses />;
  if (query.isLoadingError)
    return <ErrorState message="Failed to load recent courses." onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState />;
  if (query.data.recentCourses.length === 0) return <EmptyState>No recent courses available.</EmptyState>;
  return (
    <ul className={styles.list}>
      {query.data.recentCourses.map((course) => (
        <li key={course.id}>
          <Link to={`/courses/${course.id}`}>{course.title}</Link>
          <div
            className={styles.bar}
            role="progressbar"
            aria-label={`${course.title} progress`}
            aria-valuenow={course.progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className={styles.barFill} style={{ width: `${course.progress}%` }} />
          </div>
          <span className={styles.muted}>{course.progress}% complete</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A free learner's card: the ways to open Premium (an access code opens the exam results too, so
 * they stay whatever the library holds), and what the library holds for them when it holds a course.
 */
function LockedRecentCourses() {
  const preview = useQuery(coursePreviewsQuery());
  const courses = preview.data?.courses;
  return (
    <div>
      <p>This section is locked. Upgrade to Premium to view your recent courses.</p>
      {courses && courses.length > 0 && (
        <p className={styles.muted}>
          The library holds {librarySize(courses)} for you. <Link to="/courses">See what is in it</Link>
        </p>
      )}
      <UpgradeButton />
      <RedeemCodeForm />
      <RequestPremium />
    </div>
  );
}

function ProgressSummary() {
  const query = useProgress();
  const attempts = useExamAttempts();
  if (query.isPending || attempts.isPending) return <LoadingState />;
  if (query.isLoadingError)
    return <ErrorState message="Failed to load progress." onRetry={() => void query.refetch()} />;
  if (attempts.isLoadingError)
    return <ErrorState message="Failed to load progress." onRetry={() => void attempts.refetch()} />;
  const { course } = query.data.progress;
  // The latest finished attempt, scored as everywhere else (correct of the whole form).
  const latest = attempts.data.attempts.find((a) => a.finished_at !== null);
  return (
    <dl>
      <dt>Exam score</dt>
      <dd>
        {!latest ? (
          'No finished exam yet.'
        ) : latest.score === null ? (
          <>
            {latest.answered} of {latest.questions} answered; the score is locked.{' '}
            <UpgradeButton label="Upgrade to see your score" />
          </>
        ) : (
          scoreSentence(
            { percentage: latest.percentage ?? 0, correct: latest.score, questions: latest.questions },
            attempts.data.passMark,
          )
        )}
      </dd>
      <dt>Average course progress</dt>
      <dd>{course.avgProgress === null ? 'N/A' : `${course.avgProgress.toFixed(2)}%`}</dd>
    </dl>
  );
}

function UpcomingExams() {
  const query = useUpcomingExams();
  if (query.isPending) return <LoadingState />;
  if (query.isLoadingError)
    return <ErrorState message="Failed to load upcoming exams." onRetry={() => void query.refetch()} />;
  if (query.data.upcomingExams.length === 0) return <EmptyState>No upcoming exams available.</EmptyState>;
  return (
    <ul className={styles.list}>
      {query.data.upcomingExams.map((exam) => (
        <li key={exam.id}>
          <strong>{exam.title}</strong>
          <div className={styles.muted}>
            {formatDay(exam.exam_date)} at {exam.exam_time}
          </div>
        </li>
      ))}
    </ul>
  );
}

function RecentAchievements() {
  const query = useAchievements();
  if (query.isPending) return <LoadingState />;
  if (query.isLoadingError)
    return <ErrorState message="Failed to load achievements." onRetry={() => void query.refetch()} />;
  if (query.data.achievements.length === 0) return <EmptyState>No achievements earned yet.</EmptyState>;
  return (
    <ul className={styles.list}>
      {query.data.achievements
        .slice(-5)
        .reverse()
        .map((a) => (
          <li key={a.id}>
            <strong>{a.title}</strong>
            <div className={styles.muted}>{a.description}</div>
          </li>
        ))}
    </ul>
  );
}

export default function DashboardPage() {
  const attempts = useExamAttempts();
  const finished = attempts.data?.attempts.some((a) => a.finished_at !== null) ?? false;
  const examOpen = useExamOpen();
  return (
    <main className={styles.page}>
      <LearnerHeader title="Learning Dashboard" />
      <PremiumDecisionNotice />
      <div className={styles.actions} style={{ marginBottom: '1.5rem' }}>
        {examOpen ? (
          <ReturnToExamLink />
        ) : (
          <Link className={buttonClassName('primary')} to="/exam">
            {finished && attempts.data?.attempts[0]?.finished_at ? 'Retake exam' : 'Take Exam'}
          </Link>
        )}
        <Link className={buttonClassName('secondary')} to="/courses">
          View Courses
        </Link>
        <Link className={buttonClassName('secondary')} to="/lmsprofile">
          My Progress
        </Link>
        <PracticeLink className={buttonClassName('secondary')} to="/lms-system/mock-exam">
          Quick practice (5 minutes)
        </PracticeLink>
      </div>
      <div className={styles.sections}>
        <Section title="Readiness: an estimate from practice">
          <ReadinessPanel />
        </Section>
        <Section title="Reviews">
          <ReviewsPanel />
        </Section>
        {finished && (
          <Section title="Mock Exam">
            <LastAttemptPanel />
          </Section>
        )}
        {finished && (
          <Section title="Results by topic">
            <LatestResultsByTopic />
          </Section>
        )}
        <Section title="Recent Courses">
          <RecentCourses />
        </Section>
        <Section title="My Progress">
          <ProgressSummary />
        </Section>
        <Section title="Upcoming Exams">
          <UpcomingExams />
        </Section>
        <Section title="Recent Achievements">
          <RecentAchievements />
        </Section>
      </div>
    </main>
  );
}

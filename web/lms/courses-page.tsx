import { useQuery } from '@tanstack/react-query';
import Clock from 'lucide-react/icons/clock';
import Lock from 'lucide-react/icons/lock';
import Signal from 'lucide-react/icons/signal';
import UsersRound from 'lucide-react/icons/users-round';
import { useState } from 'react';
import { Link } from '../lib/routing.js';
import { courseLevels, courseMatches } from '../../contracts/lms-constants.js';
import type { Course } from '../../contracts/lms.js';
import { ApiError } from '../lib/http.js';
import { SelectField, TextField } from '../ui/field.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { useCourses, useProfile, useRecentCourses } from './api.js';
import { librarySize, plural, professionLabel } from './labels.js';
import { LearnerHeader } from './learner-header.js';
import styles from './lms.module.css';
import { coursePreviewsQuery } from './premium-api.js';
import { useLmsSession } from './session.js';
import { LockedPanel } from './upgrade.js';

export default function CoursesPage() {
  const { user } = useLmsSession();
  // As on the dashboard: a free learner is shown the lock without asking for the list only to be
  // refused (a 403 the browser logs).
  const profile = useProfile();
  const locked = profile.data?.premiumLocked === true;
  const query = useCourses(profile.isSuccess && !locked);
  // Progress of the courses the learner has opened; only asked once the library is known to be open.
  const recent = useRecentCourses(query.isSuccess);
  const progressOf = (id: number) => recent.data?.recentCourses.find((c) => c.id === id)?.progress;
  const [search, setSearch] = useState('');
  const [level, setLevel] = useState('all');

  let body;
  if (profile.isLoadingError)
    body = <ErrorState message="Failed to load courses." onRetry={() => void profile.refetch()} />;
  else if (profile.isPending || (!locked && query.isPending)) body = <LoadingState />;
  else if (locked || (query.error instanceof ApiError && query.error.status === 403)) {
    body = <LockedLibrary />;
  } else if (!query.isSuccess)
    body = <ErrorState message="Failed to load courses." onRetry={() => void query.refetch()} />;
  else {
    const visible = query.data.courses.filter((c) =>
      courseMatches(c, { profession: user?.profession ?? '', search, level }),
    );
    body = (
      <>
        <h2>Your Learning Journey</h2>
        <div className={styles.filters}>
          <TextField label="Search courses" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          <SelectField label="Level" value={level} onChange={(e) => setLevel(e.target.value)}>
            <option value="all">All levels</option>
            {courseLevels.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </SelectField>
        </div>
        {visible.length === 0 ? (
          <EmptyState>No course materials available with the current filters.</EmptyState>
        ) : (
          <ul className={`${styles.grid} ${styles.list}`}>
            {visible.map((c) => (
              <CourseCard key={c.id} course={c} progress={progressOf(c.id)} />
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <main className={styles.page}>
      <LearnerHeader title="Courses" />
      {body}
    </main>
  );
}

/** A course in the library: level band, title, what it covers, its facts, and how far the learner is. */
function CourseCard({ course, progress }: { course: Course; progress: number | undefined }) {
  return (
    <li className={`${styles.card} ${styles.courseCard}`} data-level={course.level}>
      <h3 className={styles.courseTitle}>
        <Link to={`/courses/${course.id}`}>{course.title}</Link>
      </h3>
      <ul className={styles.courseFacts} aria-label="Course facts">
        <li>
          <Signal aria-hidden="true" size={14} /> {course.level}
        </li>
        {course.duration && (
          <li>
            <Clock aria-hidden="true" size={14} /> {course.duration}
          </li>
        )}
        <li>
          <UsersRound aria-hidden="true" size={14} /> {professionLabel(course.profession)}
        </li>
      </ul>
      <p className={`${styles.muted} ${styles.courseDescription}`}>{course.description || 'No description yet.'}</p>
      <div className={styles.courseProgress}>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={`${course.title} progress`}
          aria-valuenow={progress ?? 0}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className={styles.barFill} style={{ width: `${progress ?? 0}%` }} />
        </div>
        <span className={styles.muted}>{progress === undefined ? 'Not started' : `${progress}% complete`}</span>
      </div>
    </li>
  );
}

/**
 * The locked library shows what it holds, so a learner knows what Premium opens: the courses and
 * lessons counted, each course's title, level, length and lessons, and the ways to unlock. An empty
 * library says it is empty, and sells nothing.
 */
function LockedLibrary() {
  const query = useQuery(coursePreviewsQuery());
  if (query.isPending) return <LoadingState text="Loading the course list..." />;
  if (query.isLoadingError)
    return <ErrorState message="Failed to load the course list." onRetry={() => void query.refetch()} />;
  const { courses } = query.data;
  if (courses.length === 0) {
    return (
      <section className={styles.card} aria-label="Course library">
        <h2>No courses yet</h2>
        <p>
          The course library has no courses for your profession yet. New courses are listed here when they are added.
        </p>
      </section>
    );
  }
  return (
    <LockedPanel message="The course library is part of Premium. Upgrade to unlock every course for your profession.">
      <h3>In the library for you: {librarySize(courses)}</h3>
      <ul className={`${styles.list} ${styles.lockedCourses}`} aria-label="Courses in the library">
        {courses.map((c) => (
          <li key={c.id}>
            <Lock aria-hidden="true" size={14} /> <strong>{c.title}</strong>{' '}
            <span className={styles.muted}>
              {c.level}
              {c.duration ? ` · ${c.duration}` : ''} · {plural(c.lessons, 'lesson')}
            </span>
          </li>
        ))}
      </ul>
    </LockedPanel>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { courseLevels, courseMatches } from '../../contracts/lms.js';
import { ApiError } from '../lib/http.js';
import { SelectField, TextField } from '../ui/field.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { useCourses } from './api.js';
import { professionLabel } from './labels.js';
import { LearnerHeader } from './learner-header.js';
import styles from './lms.module.css';
import { useLmsSession } from './session.js';
import { LockedPanel } from './upgrade.js';

export default function CoursesPage() {
  const { user } = useLmsSession();
  const query = useCourses();
  const [search, setSearch] = useState('');
  const [level, setLevel] = useState('all');

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.error instanceof ApiError && query.error.status === 403) {
    body = <LockedPanel message="The course library is part of Premium. Upgrade to unlock every course for your profession." />;
  } else if (query.isError) body = <ErrorState message="Failed to load courses." onRetry={() => void query.refetch()} />;
  else {
    const visible = query.data.courses.filter((c) => courseMatches(c, { profession: user?.profession ?? '', search, level }));
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
              <li key={c.id} className={styles.card}>
                <h3 style={{ marginTop: 0 }}>
                  <Link to={`/courses/${c.id}`}>{c.title}</Link>
                </h3>
                <p>
                  <span className={styles.tag}>{c.level}</span>
                  <span className={styles.tag}>{professionLabel(c.profession)}</span>
                  {c.duration && <span className={styles.tag}>{c.duration}</span>}
                </p>
                <p className={styles.muted}>{c.description}</p>
              </li>
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

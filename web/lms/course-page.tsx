import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/http.js';
import { useRouteId } from '../lib/route-id.js';
import { Button } from '../ui/button.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useCourse, useMarkLesson } from './api.js';
import { LearnerHeader } from './learner-header.js';
import { LessonMarkdown } from './lesson-markdown.js';
import styles from './lms.module.css';
import { LockedPanel } from './upgrade.js';

const NOT_FOUND = 'This course does not exist or is not for your profession.';

function CourseFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <LearnerHeader title={title} />
      <p>
        <Link to="/courses">Back to courses</Link>
      </p>
      {children}
    </main>
  );
}

/** A course by its address; an address that cannot name one is not found without asking the server. */
export default function CoursePage() {
  const id = useRouteId();
  if (id === null) {
    return (
      <CourseFrame title="Course">
        <ErrorState message={NOT_FOUND} />
      </CourseFrame>
    );
  }
  return <CourseView id={id} />;
}

function CourseView({ id }: { id: number }) {
  const query = useCourse(id);
  const notify = useToast();
  const mark = useMarkLesson(id);

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.error instanceof ApiError && query.error.status === 403)
    body = <LockedPanel message="Courses are part of Premium." />;
  else if (query.error instanceof ApiError && query.error.status === 404) body = <ErrorState message={NOT_FOUND} />;
  else if (query.isLoadingError)
    body = <ErrorState message="Failed to load courses." onRetry={() => void query.refetch()} />;
  else {
    const course = query.data;
    body = (
      <article>
        <p>
          <span className={styles.tag}>{course.level}</span>
          {course.duration && <span className={styles.tag}>{course.duration}</span>}
        </p>
        <p className={styles.muted}>{course.description}</p>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label="Course progress"
          aria-valuenow={course.progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className={styles.barFill} style={{ width: `${course.progress}%` }} />
        </div>
        <p>{course.progress}% complete</p>
        {course.sections.map((section, index) => {
          const done = course.completedSections.includes(index);
          return (
            <section key={index} className={styles.card} style={{ marginBottom: '1rem' }} aria-label={section.title}>
              <h3 style={{ marginTop: 0 }}>
                {index + 1}. {section.title} {done && <span className={styles.tag}>Completed</span>}
              </h3>
              <LessonMarkdown text={section.body} />
              <Button
                variant={done ? 'secondary' : 'primary'}
                size="small"
                disabled={mark.isPending}
                onClick={() =>
                  mark.mutate(
                    { section: index, completed: !done },
                    { onError: () => notify('Your progress could not be saved.', 'error') },
                  )
                }
              >
                {done ? 'Mark as not done' : 'Mark lesson complete'}
              </Button>
            </section>
          );
        })}
      </article>
    );
  }
  return <CourseFrame title={query.data?.title ?? 'Course'}>{body}</CourseFrame>;
}

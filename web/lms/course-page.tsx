import type { ReactNode } from 'react';
import { Link } from '../lib/routing.js';
import { ApiError } from '../lib/http.js';
import { useRouteId } from '../lib/route-id.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useCourse, useMarkLesson } from './api.js';
import { CourseContent } from './course-content.js';
import { LearnerHeader } from './learner-header.js';
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
    body = (
      <CourseContent
        course={query.data}
        marking={mark.isPending}
        onMark={(section, completed) =>
          mark.mutate({ section, completed }, { onError: () => notify('Your progress could not be saved.', 'error') })
        }
      />
    );
  }
  return <CourseFrame title={query.data?.title ?? 'Course'}>{body}</CourseFrame>;
}

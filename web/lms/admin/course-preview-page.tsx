import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/routing.js';
import type { AdminCourseDetails } from '../../../contracts/lms.js';
import { formatDateTime } from '../../lib/format.js';
import { ApiError, errorMessage } from '../../lib/http.js';
import { useRouteId } from '../../lib/route-id.js';
import { Button } from '../../ui/button.js';
import { ErrorState, FormError, LoadingState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { CourseContent } from '../course-content.js';
import { professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import { adminCourseQuery, useSetCoursePublished } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

const NOT_FOUND = 'This course does not exist. It may have been deleted.';

/**
 * `/lms-system/admin/course/:id/preview`: the course drawn as a learner reads it (the learner page's
 * own content), draft or published, for admins only: it reads the admin route, which learners are
 * refused. Progress starts at none, and the lesson buttons record nothing.
 */
export default function CoursePreviewPage() {
  const id = useRouteId();
  if (id === null) {
    return (
      <AdminLayout title="Preview as a learner">
        <ErrorState message={NOT_FOUND} />
        <p>
          <Link to="/lms-system/admin/course">Back to courses</Link>
        </p>
      </AdminLayout>
    );
  }
  return <LoadedPreview id={id} />;
}

function LoadedPreview({ id }: { id: number }) {
  const query = useQuery(adminCourseQuery(id));
  if (query.isPending) {
    return (
      <AdminLayout title="Preview as a learner">
        <LoadingState />
      </AdminLayout>
    );
  }
  if (query.isError) {
    return (
      <AdminLayout title="Preview as a learner">
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <ErrorState message={NOT_FOUND} />
        ) : (
          <ErrorState
            message={errorMessage(query.error, 'The course could not be loaded.')}
            onRetry={() => void query.refetch()}
          />
        )}
        <p>
          <Link to="/lms-system/admin/course">Back to courses</Link>
        </p>
      </AdminLayout>
    );
  }
  return <Preview course={query.data} />;
}

function Preview({ course }: { course: AdminCourseDetails }) {
  const notify = useToast();
  const publish = useSetCoursePublished();
  const published = course.published_at !== null;
  return (
    <AdminLayout title={`Preview as a learner: ${course.title}`}>
      <p>
        <Link to="/lms-system/admin/course">Back to courses</Link> ·{' '}
        <Link to={`/lms-system/admin/course/${course.id}`}>Edit course</Link>
      </p>
      <section className={styles.notice} aria-label="Course status">
        <p style={{ marginTop: 0 }}>
          {published
            ? `Published ${formatDateTime(course.published_at)}: learners (${professionLabel(course.profession)}) read it as shown here.`
            : `Draft: learners (${professionLabel(course.profession)}) do not see this course until it is published.`}
        </p>
        <FormError
          message={
            publish.isError ? errorMessage(publish.error, 'The course could not be changed. Please try again.') : null
          }
        />
        <Button
          variant={published ? 'secondary' : 'primary'}
          disabled={publish.isPending}
          onClick={() =>
            publish.mutate(
              { id: course.id, published: !published },
              { onSuccess: () => notify(published ? 'Course back to a draft' : 'Course published') },
            )
          }
        >
          {published ? 'Unpublish' : 'Publish'}
        </Button>
      </section>
      <CourseContent course={{ ...course, progress: 0, completedSections: [] }} />
    </AdminLayout>
  );
}

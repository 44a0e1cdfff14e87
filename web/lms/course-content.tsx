import type { CourseDetails } from '../../contracts/lms.js';
import { Button } from '../ui/button.js';
import { LessonMarkdown } from './lesson-markdown.js';
import styles from './lms.module.css';

/**
 * A course as a learner reads it: its level, description, progress and lessons. The learner's
 * course page and the admins' "Preview as a learner" both draw it, so the preview is what learners
 * will see; in the preview `onMark` is absent and the lesson buttons are shown but do nothing.
 */
export function CourseContent({
  course,
  onMark,
  marking = false,
}: {
  course: Pick<CourseDetails, 'level' | 'duration' | 'description' | 'sections' | 'progress' | 'completedSections'>;
  onMark?: ((section: number, completed: boolean) => void) | undefined;
  marking?: boolean;
}) {
  return (
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
              disabled={marking || !onMark}
              onClick={() => onMark?.(index, !done)}
            >
              {done ? 'Mark as not done' : 'Mark lesson complete'}
            </Button>
          </section>
        );
      })}
    </article>
  );
}

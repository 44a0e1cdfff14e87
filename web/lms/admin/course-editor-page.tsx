import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ImagePlus from 'lucide-react/icons/image-plus';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useParams } from '../../lib/routing.js';
import { audiences, courseLevels, LESSON_IMAGE_MAX_BYTES } from '../../../contracts/lms-constants.js';
import { acceptAttribute, acceptedMediaText } from '../../../contracts/media-constants.js';
import type { AdminCourseDetails } from '../../../contracts/lms.js';
import { choiceOf } from '../../lib/choices.js';
import { formatDateTime } from '../../lib/format.js';
import { ApiError, errorMessage, fieldError } from '../../lib/http.js';
import { useRouteId } from '../../lib/route-id.js';
import { Button, buttonClassName } from '../../ui/button.js';
import { SelectField, TextareaField, TextField } from '../../ui/field.js';
import { Form } from '../../ui/form.js';
import { ErrorState, FormError, LoadingState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { professionLabel } from '../labels.js';
import { LessonMarkdown } from '../lesson-markdown.js';
import styles from '../lms.module.css';
import { adminCourseQuery, uploadLessonImage, useAddCourse, useUpdateCourse } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';
import editor from './course-editor-page.module.css';

type Lesson = { key: string; title: string; body: string };
/** As the form holds them: a select's value is a string until the course is sent. */
type Values = {
  title: string;
  description: string;
  profession: string;
  level: string;
  duration: string;
  lessons: Lesson[];
};

let lessonKeys = 0;
const newLesson = (title = '', body = ''): Lesson => ({ key: `lesson-${++lessonKeys}`, title, body });
const emptyValues = (): Values => ({
  title: '',
  description: '',
  profession: '',
  level: 'Beginner',
  duration: '',
  lessons: [newLesson()],
});
const valuesOf = (course: AdminCourseDetails): Values => ({
  title: course.title,
  description: course.description,
  profession: course.profession,
  level: course.level,
  duration: course.duration,
  lessons: course.sections.map((section) => newLesson(section.title, section.body)),
});

const requestFields = ['title', 'description', 'profession', 'level', 'duration', 'sections'] as const;

/** `/lms-system/admin/course/new` and `/lms-system/admin/course/:id`: a course and its lessons, written in Markdown with a preview. */
export default function CourseEditorPage() {
  const creating = useParams().id === undefined;
  const id = useRouteId();
  if (creating) return <CourseEditor />;
  return id === null ? <CourseNotFound /> : <LoadedCourseEditor id={id} />;
}

function CourseNotFound() {
  return (
    <AdminLayout title="Edit course">
      <ErrorState message="This course does not exist. It may have been deleted." />
      <p>
        <Link to="/lms-system/admin/course">Back to courses</Link>
      </p>
    </AdminLayout>
  );
}

function LoadedCourseEditor({ id }: { id: number }) {
  const query = useQuery(adminCourseQuery(id));
  if (query.error instanceof ApiError && query.error.status === 404) return <CourseNotFound />;
  if (query.isPending || query.isError) {
    return (
      <AdminLayout title="Edit course">
        {query.isPending ? (
          <LoadingState />
        ) : (
          <ErrorState
            message={errorMessage(query.error, 'The course could not be loaded.')}
            onRetry={() => void query.refetch()}
          />
        )}
      </AdminLayout>
    );
  }
  // A fresh form per course, filled from what the server has.
  return <CourseEditor key={id} course={query.data} />;
}

function CourseEditor({ course }: { course?: AdminCourseDetails }) {
  const notify = useToast();
  const navigate = useNavigate();
  const add = useAddCourse();
  const update = useUpdateCourse();
  const save = course ? update : add;
  const [form, setForm] = useState<Values>(() => (course ? valuesOf(course) : emptyValues()));
  const set = (key: Exclude<keyof Values, 'lessons'>) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const setLesson = (index: number, change: Partial<Lesson>) =>
    setForm((f) => ({
      ...f,
      lessons: f.lessons.map((lesson, i) => (i === index ? { ...lesson, ...change } : lesson)),
    }));
  const moveLesson = (index: number, by: -1 | 1) =>
    setForm((f) => {
      const lessons = [...f.lessons];
      const [moved] = lessons.splice(index, 1);
      if (moved) lessons.splice(index + by, 0, moved);
      return { ...f, lessons };
    });
  const invalid = fieldError(save.error, requestFields);
  const errorOf = (field: (typeof requestFields)[number]) => (invalid?.field === field ? invalid.message : null);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { lessons, profession, level, ...rest } = form;
    // Both selects are required and list only these choices: the form asks before it gets here.
    const audience = choiceOf(audiences, profession);
    if (!audience) return;
    const body = {
      ...rest,
      profession: audience,
      level: choiceOf(courseLevels, level),
      sections: lessons.map(({ title, body: text }) => ({ title, body: text })),
    };
    const done = () => {
      // A new course is a draft: it is published from the list or its preview (decision 043).
      notify(course ? 'Course saved' : 'Course added as a draft');
      void navigate('/lms-system/admin/course');
    };
    if (course) update.mutate({ id: course.id, body }, { onSuccess: done });
    else add.mutate(body, { onSuccess: done });
  };

  const title = course ? `Edit course: ${course.title}` : 'Add New Course';
  return (
    <AdminLayout title={title}>
      <p>
        <Link to="/lms-system/admin/course">Back to courses</Link>
      </p>
      {course ? (
        <p className={styles.muted}>
          {course.published_at
            ? `Published ${formatDateTime(course.published_at)}: learners read the saved version.`
            : 'Draft: learners do not see this course until it is published.'}{' '}
          <Link to={`/lms-system/admin/course/${course.id}/preview`}>Preview as a learner</Link>
        </p>
      ) : (
        <p className={styles.muted}>A new course is saved as a draft: learners see it once it is published.</p>
      )}
      <Form onSubmit={onSubmit} aria-label={title}>
        <FormError
          message={
            save.error && !invalid ? errorMessage(save.error, 'Could not save the course. Please try again.') : null
          }
        />
        <section className={styles.card} aria-labelledby="course-facts">
          <h2 id="course-facts">Course</h2>
          <div className={styles.formGrid}>
            <TextField
              id="course-title"
              label="Title"
              required
              maxLength={200}
              value={form.title}
              onChange={set('title')}
              error={errorOf('title')}
            />
            <SelectField
              id="course-profession"
              label="Profession"
              required
              value={form.profession}
              onChange={set('profession')}
              error={errorOf('profession')}
            >
              <option value="">Select a profession</option>
              {audiences.map((p) => (
                <option key={p} value={p}>
                  {professionLabel(p)}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="course-level"
              label="Level"
              value={form.level}
              onChange={set('level')}
              error={errorOf('level')}
            >
              {courseLevels.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </SelectField>
            <TextField
              id="course-duration"
              label="Duration (optional)"
              maxLength={50}
              value={form.duration}
              onChange={set('duration')}
              hint="For example: 2 hours"
              error={errorOf('duration')}
            />
            <TextareaField
              id="course-description"
              className={styles.full}
              label="Description (optional)"
              maxLength={2000}
              rows={2}
              value={form.description}
              onChange={set('description')}
              error={errorOf('description')}
            />
          </div>
        </section>
        <section aria-labelledby="course-lessons">
          <h2 id="course-lessons">Lessons</h2>
          <p className={styles.muted}>
            Write each lesson in Markdown: a blank line between paragraphs, <code>- </code> or <code>1. </code> for
            lists, <code>**bold**</code>, <code>## Heading</code>, <code>[text](https://...)</code> for a link. HTML is
            not shown.
          </p>
          {errorOf('sections') && <FormError message={errorOf('sections')} />}
          {form.lessons.map((lesson, index) => (
            <LessonEditor
              key={lesson.key}
              lesson={lesson}
              index={index}
              count={form.lessons.length}
              onChange={(change) => setLesson(index, change)}
              onMove={(by) => moveLesson(index, by)}
              onRemove={() => setForm((f) => ({ ...f, lessons: f.lessons.filter((_, i) => i !== index) }))}
            />
          ))}
          <Button
            variant="secondary"
            disabled={form.lessons.length >= 50}
            onClick={() => setForm((f) => ({ ...f, lessons: [...f.lessons, newLesson()] }))}
          >
            <Plus aria-hidden="true" size={16} /> Add lesson
          </Button>
        </section>
        <div className={`${styles.actions} ${editor.submit}`}>
          <Link to="/lms-system/admin/course">Cancel</Link>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : course ? 'Save course' : 'Add Course'}
          </Button>
        </div>
      </Form>
    </AdminLayout>
  );
}

type LessonProps = {
  lesson: Lesson;
  index: number;
  count: number;
  onChange: (change: Partial<Lesson>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One lesson: its title, its Markdown and, beside it (under it on a phone), the lesson as a learner will see it. */
function LessonEditor({ lesson, index, count, onChange, onMove, onRemove }: LessonProps) {
  const id = useId();
  const name = lesson.title.trim() || `Lesson ${index + 1}`;
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // The image goes to the app's storage; the lesson gets a Markdown image line at its end, which
  // the admin may move. Its description starts as the file's name, to be written properly.
  const addImage = (file: File) => {
    setUploading(true);
    setUploadError(null);
    uploadLessonImage(file)
      .then(({ url }) => {
        const alt = file.name.replace(/\.[^.]*$/, '').replace(/[[\]]/g, '') || 'image';
        onChange({ body: `${lesson.body.trimEnd()}${lesson.body.trim() ? '\n\n' : ''}![${alt}](${url})\n` });
      })
      .catch((error: unknown) =>
        setUploadError(errorMessage(error, 'The image could not be uploaded. Please try again.')),
      )
      .finally(() => setUploading(false));
  };
  return (
    <fieldset className={`${styles.card} ${editor.lesson}`}>
      <legend className={editor.legend}>Lesson {index + 1}</legend>
      <div className={editor.lessonTools}>
        <Button
          variant="ghost"
          size="small"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={`Move ${name} up`}
        >
          <ArrowUp aria-hidden="true" size={16} />
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={`Move ${name} down`}
        >
          <ArrowDown aria-hidden="true" size={16} />
        </Button>
        <Button variant="ghost" size="small" onClick={onRemove} aria-label={`Remove ${name}`}>
          <Trash2 aria-hidden="true" size={16} /> Remove
        </Button>
      </div>
      <TextField
        id={`${id}-title`}
        label={`Lesson ${index + 1} title`}
        required
        maxLength={200}
        value={lesson.title}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <div className={editor.imageRow}>
        <label className={buttonClassName('secondary')} htmlFor={`${id}-image`}>
          <ImagePlus aria-hidden="true" size={16} />{' '}
          {uploading ? 'Uploading...' : `Add an image to lesson ${index + 1}`}
        </label>
        <input
          id={`${id}-image`}
          className="visually-hidden"
          type="file"
          accept={acceptAttribute('photo')}
          aria-describedby={`${id}-image-hint`}
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) addImage(file);
          }}
        />
        <span id={`${id}-image-hint`} className={editor.imageHint}>
          {acceptedMediaText('photo', LESSON_IMAGE_MAX_BYTES)}. Location and camera details are removed.
        </span>
        <FormError message={uploadError} />
      </div>
      <div className={editor.writeAndPreview}>
        <TextareaField
          id={`${id}-body`}
          label={`Lesson ${index + 1} text (Markdown)`}
          maxLength={20_000}
          rows={12}
          value={lesson.body}
          onChange={(e) => onChange({ body: e.target.value })}
        />
        <section className={editor.preview} aria-label={`Preview of lesson ${index + 1}`}>
          <p className={editor.previewLabel} aria-hidden="true">
            Preview
          </p>
          {lesson.body.trim() ? (
            <LessonMarkdown text={lesson.body} />
          ) : (
            <p className={styles.muted}>Nothing written yet.</p>
          )}
        </section>
      </div>
    </fieldset>
  );
}

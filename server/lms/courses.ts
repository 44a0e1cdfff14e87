import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminCourse,
  type AdminCourseDetails,
  type Course,
  type CourseDetails,
  type CoursePreview,
  type CreateCourseBody,
  type RecentCourse,
} from '../../contracts/lms.js';
import type { Database } from '../db/client.js';
import { courseProgress, courses } from '../db/schema/lms.js';
import { AppError, notFound } from '../platform/errors.js';
import type { LmsAccount } from './programs.js';

const RECENT_COURSES = 5;
type CourseRow = typeof courses.$inferSelect;

const toCourse = (row: CourseRow): Course => ({
  id: row.id,
  title: row.title,
  description: row.description,
  profession: row.profession,
  level: row.level,
  duration: row.duration,
  created_at: row.createdAt.toISOString(),
});

const toAdminCourse = (row: CourseRow): AdminCourse => ({
  ...toCourse(row),
  published_at: row.publishedAt?.toISOString() ?? null,
});

/**
 * What a learner may read: a published course of their profession or for everyone. Every learner
 * read (the library, its locked preview, a course, its progress, the recent courses) goes through
 * this, so a draft answers as a course that does not exist.
 */
const visibleTo = (account: LmsAccount) =>
  and(isNotNull(courses.publishedAt), inArray(courses.profession, ['all', account.profession]));

/** The courses of the user's profession and those for everyone; the page filters them further. */
export async function listCoursesFor(db: Database, account: LmsAccount): Promise<Course[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(visibleTo(account))
    .orderBy(asc(courses.level), asc(courses.title), asc(courses.id))
    .limit(500);
  return rows.map(toCourse);
}

/**
 * What the locked library shows: each course's title, level, length and number of lessons, for
 * everyone. Nothing of the lessons themselves (nor the description) leaves the server until the
 * course program is open.
 */
export async function coursePreviewsFor(db: Database, account: LmsAccount): Promise<CoursePreview[]> {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      level: courses.level,
      profession: courses.profession,
      duration: courses.duration,
      lessons: sql<number>`jsonb_array_length(${courses.sections})`.mapWith(Number),
    })
    .from(courses)
    .where(visibleTo(account))
    .orderBy(asc(courses.level), asc(courses.title), asc(courses.id))
    .limit(500);
}

export async function recentCourses(db: Database, account: LmsAccount): Promise<RecentCourse[]> {
  const rows = await db
    .select({ course: courses, progress: courseProgress.progress, lastViewedAt: courseProgress.lastViewedAt })
    .from(courseProgress)
    .innerJoin(courses, eq(courses.id, courseProgress.courseId))
    // A course unpublished after it was read leaves the list until it is published again.
    .where(and(eq(courseProgress.userId, account.id), isNotNull(courses.publishedAt)))
    .orderBy(desc(courseProgress.lastViewedAt))
    .limit(RECENT_COURSES);
  return rows.map((row) => ({
    ...toCourse(row.course),
    progress: row.progress,
    last_viewed_at: row.lastViewedAt.toISOString(),
  }));
}

async function loadVisibleCourse(db: Database, account: LmsAccount, id: number): Promise<CourseRow> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), visibleTo(account)));
  if (!row) throw notFound('Course');
  return row;
}

/** Opening a course counts as viewing it: it appears first among the recent courses. */
export async function openCourse(db: Database, account: LmsAccount, id: number, now: Date): Promise<CourseDetails> {
  const row = await loadVisibleCourse(db, account, id);
  const [record] = await db
    .insert(courseProgress)
    .values({ userId: account.id, courseId: id, lastViewedAt: now })
    .onConflictDoUpdate({ target: [courseProgress.userId, courseProgress.courseId], set: { lastViewedAt: now } })
    .returning();
  return {
    ...toCourse(row),
    sections: row.sections,
    progress: record?.progress ?? 0,
    completedSections: record?.completedSections ?? [],
  };
}

/** Marks a lesson done (or not); progress is the share of lessons done, in whole percent. */
export async function recordCourseProgress(
  db: Database,
  account: LmsAccount,
  id: number,
  section: number,
  completed: boolean,
  now: Date,
): Promise<CourseDetails> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, id), visibleTo(account)))
      .for('share');
    if (!row) throw notFound('Course');
    if (section >= row.sections.length)
      throw new AppError(400, `section must be between 0 and ${Math.max(0, row.sections.length - 1)}`);
    const [existing] = await tx
      .select()
      .from(courseProgress)
      .where(and(eq(courseProgress.userId, account.id), eq(courseProgress.courseId, id)))
      .for('update');
    const done = new Set(existing?.completedSections ?? []);
    if (completed) done.add(section);
    else done.delete(section);
    const completedSections = [...done].filter((index) => index < row.sections.length).sort((a, b) => a - b);
    const progress = Math.round((completedSections.length / row.sections.length) * 100);
    await tx
      .insert(courseProgress)
      .values({ userId: account.id, courseId: id, completedSections, progress, lastViewedAt: now })
      .onConflictDoUpdate({
        target: [courseProgress.userId, courseProgress.courseId],
        set: { completedSections, progress, lastViewedAt: now },
      });
    return { ...toCourse(row), sections: row.sections, progress, completedSections };
  });
}

// ---- Admin

export async function adminListCourses(
  db: Database,
  query: { page?: number | undefined; pageSize?: number | undefined },
) {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const page = query.page ?? 1;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(courses)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(courses),
  ]);
  return {
    courses: rows.map((row) => ({ ...toAdminCourse(row), sectionCount: row.sections.length })),
    total: total?.n ?? 0,
  };
}

type CreateCourse = { [K in keyof Required<Omit<CreateCourseBody, 'published'>>]: NonNullable<CreateCourseBody[K]> } & {
  published?: boolean | undefined;
};

// A course without lessons gets one from its description, so it can be read and completed.
const lessonsOf = (body: CreateCourse) =>
  body.sections.length ? body.sections : [{ title: body.title, body: body.description || body.title }];

/** Adds a course, as a draft unless `published` says otherwise. */
export async function createCourse(db: Database, body: CreateCourse, now: Date): Promise<AdminCourse> {
  const sections = lessonsOf(body);
  const [row] = await db
    .insert(courses)
    .values({
      title: body.title,
      description: body.description,
      profession: body.profession,
      level: body.level,
      duration: body.duration,
      sections,
      publishedAt: body.published ? now : null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toAdminCourse(row);
}

export async function adminCourse(db: Database, id: number): Promise<AdminCourseDetails> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  if (!row) throw notFound('Course');
  return { ...toAdminCourse(row), sections: row.sections };
}

/**
 * Replaces a course and its lessons. Learners' completed lessons are kept by position, and their
 * share is counted again against the new number of lessons, so progress never passes 100%.
 */
export async function updateCourse(db: Database, id: number, body: CreateCourse): Promise<AdminCourseDetails> {
  return db.transaction(async (tx) => {
    const sections = lessonsOf(body);
    const [row] = await tx
      .update(courses)
      .set({
        title: body.title,
        description: body.description,
        profession: body.profession,
        level: body.level,
        duration: body.duration,
        sections,
      })
      .where(eq(courses.id, id))
      .returning();
    if (!row) throw notFound('Course');
    await tx.execute(sql`
      update course_progress set
        completed_sections = kept.sections,
        progress = round(100.0 * jsonb_array_length(kept.sections) / ${sections.length})
      from (
        select p.user_id, coalesce(jsonb_agg(n order by n::int) filter (where n::int < ${sections.length}), '[]'::jsonb) as sections
        from course_progress p left join lateral jsonb_array_elements(p.completed_sections) as n on true
        where p.course_id = ${id}
        group by p.user_id
      ) kept
      where course_progress.course_id = ${id} and course_progress.user_id = kept.user_id`);
    return { ...toAdminCourse(row), sections: row.sections };
  });
}

/**
 * Publishes a draft (learners see it from now on) or takes a course back to a draft (learners lose
 * it at once; their progress is kept for when it is published again). Publishing a published course
 * keeps the moment it was first published.
 */
export async function setCoursePublished(
  db: Database,
  id: number,
  published: boolean,
  now: Date,
): Promise<AdminCourseDetails> {
  const [row] = await db
    .update(courses)
    .set({ publishedAt: published ? sql`coalesce(${courses.publishedAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(eq(courses.id, id))
    .returning();
  if (!row) throw notFound('Course');
  return { ...toAdminCourse(row), sections: row.sections };
}

export async function deleteCourse(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
  if (deleted.length === 0) throw notFound('Course');
}

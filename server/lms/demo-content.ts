import { and, eq, isNull } from 'drizzle-orm';
import { createCourseBody, createQuestionBody, professions, type Profession } from '../../contracts/lms.js';
import type { Database } from '../db/client.js';
import { courses, examQuestions, upcomingExams } from '../db/schema/lms.js';
import { demoCourses } from './demo-content/courses.js';
import { dentistQuestions } from './demo-content/dentist.js';
import { doctorQuestions } from './demo-content/doctor.js';
import { nurseQuestions } from './demo-content/nurse.js';
import { nutritionistQuestions } from './demo-content/nutritionist.js';
import { physiotherapistQuestions } from './demo-content/physiotherapist.js';
import type { DemoQuestion } from './demo-content/types.js';

const questionsByProfession: Record<Profession, DemoQuestion[]> = {
  doctor: doctorQuestions,
  nurse: nurseQuestions,
  physiotherapist: physiotherapistQuestions,
  nutritionist: nutritionistQuestions,
  dentist: dentistQuestions,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo files list the right option first (easy to author and review); stored that way, the bank
 * would give the answer away to anyone reading it in order. Each question's options are rotated by
 * its position, so the right one lands in every place about equally often.
 */
export const rotated = <T>(items: T[], by: number): T[] => items.map((_, i) => items[(i + by) % items.length] as T);

/**
 * Loads the demo questions, courses and two upcoming exams. Idempotent: an item is added only
 * when no live item with the same text (question) or title and profession (course, exam) exists,
 * so running it again, or after admins edited content, adds nothing twice.
 */
export async function loadDemoContent(db: Database, now: Date = new Date()) {
  const added = { questions: 0, courses: 0, upcomingExams: 0 };
  await db.transaction(async (tx) => {
    // A transaction run again after a conflict (db.transaction) counts again from nothing.
    Object.assign(added, { questions: 0, courses: 0, upcomingExams: 0 });
    for (const profession of professions) {
      for (const [position, item] of questionsByProfession[profession].entries()) {
        // The same rules as the admin form, so demo content can never be something an admin could not enter.
        const body = createQuestionBody.parse({
          question: item.q,
          question_type: item.type,
          options: item.type === 'multiple-choice' ? rotated(item.options, position) : [],
          correct_answer: item.answer,
          explanation: item.why,
          profession,
          difficulty: item.level,
        });
        const [existing] = await tx
          .select({ id: examQuestions.id })
          .from(examQuestions)
          .where(
            and(
              eq(examQuestions.profession, profession),
              eq(examQuestions.question, body.question),
              isNull(examQuestions.deletedAt),
            ),
          );
        if (existing) continue;
        await tx.insert(examQuestions).values({
          question: body.question,
          questionType: body.question_type,
          options: body.options,
          correctAnswer: body.correct_answer,
          explanation: body.explanation,
          profession,
          difficulty: body.difficulty,
          createdAt: now,
        });
        added.questions++;
      }
    }
    for (const [profession, list] of Object.entries(demoCourses) as [
      keyof typeof demoCourses,
      (typeof demoCourses)['all'],
    ][]) {
      for (const item of list) {
        const body = createCourseBody.parse({ ...item, profession });
        const [existing] = await tx
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.profession, profession), eq(courses.title, body.title)));
        if (existing) continue;
        // The demo library is there to be read: its courses are published.
        const { published: _draft, ...values } = body;
        await tx.insert(courses).values({ ...values, publishedAt: now, createdAt: now });
        added.courses++;
      }
    }
    const exams = [
      {
        title: 'Licensing Mock Exam: Spring Sitting',
        examDate: new Date(now.getTime() + 30 * DAY_MS),
        examTime: '09:00',
      },
      {
        title: 'Licensing Mock Exam: Summer Sitting',
        examDate: new Date(now.getTime() + 75 * DAY_MS),
        examTime: '13:30',
      },
    ];
    for (const exam of exams) {
      const [existing] = await tx
        .select({ id: upcomingExams.id })
        .from(upcomingExams)
        .where(eq(upcomingExams.title, exam.title));
      if (existing) continue;
      await tx.insert(upcomingExams).values({
        title: exam.title,
        examDate: exam.examDate.toISOString().slice(0, 10),
        examTime: exam.examTime,
        profession: 'all',
        createdAt: now,
      });
      added.upcomingExams++;
    }
  });
  return added;
}

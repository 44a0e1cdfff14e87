import { and, avg, count, eq, isNotNull, sql } from 'drizzle-orm';
import { scorePercent, type Achievement, type ProfileResponse, type Progress } from '../../contracts/lms.js';
import type { Database } from '../db/client.js';
import { courseProgress, courses, examAnswers, examAttempts, mockExamResults } from '../db/schema/lms.js';
import { toLmsUser } from './accounts.js';
import { hasProgram, resultsLocked, type LmsAccount } from './programs.js';

/** What a learner has done, counted from the records (answers, attempts, practice results, course progress). */
type Activity = {
  answered: number;
  marked: number;
  correct: number;
  examsFinished: number;
  /** The score over finished attempts, as each attempt's (scorePercent): correct of the forms' questions. */
  finishedCorrect: number;
  finishedQuestions: number;
  perfectPractice: boolean;
  coursesStarted: number;
  coursesCompleted: number;
  avgProgress: number | null;
};

async function activityOf(db: Database, userId: number): Promise<Activity> {
  const [answers, attempts, practice, courseRecords] = await Promise.all([
    db
      .select({
        answered: count(),
        marked: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} <> 'pending-review')`.mapWith(Number),
        correct: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'correct')`.mapWith(Number),
        finishedCorrect:
          sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'correct' AND ${examAttempts.finishedAt} IS NOT NULL)`.mapWith(
            Number,
          ),
      })
      .from(examAnswers)
      .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
      // An open test-centre sitting's answers count once it ends: nothing about correctness shows before.
      .where(
        and(
          eq(examAttempts.userId, userId),
          sql`(${examAttempts.finishedAt} IS NOT NULL OR ${examAttempts.mode} = 'practice')`,
        ),
      ),
    db
      .select({
        n: count(),
        questions: sql<number>`coalesce(sum(cardinality(${examAttempts.questionIds})), 0)`.mapWith(Number),
      })
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, userId), sql`${examAttempts.finishedAt} IS NOT NULL`)),
    db
      .select({ n: count() })
      .from(mockExamResults)
      .where(
        and(
          eq(mockExamResults.userId, userId),
          sql`${mockExamResults.total} > 0 AND ${mockExamResults.score} = ${mockExamResults.total}`,
        ),
      ),
    db
      .select({
        started: count(),
        completed: sql<number>`count(*) FILTER (WHERE ${courseProgress.progress} = 100)`.mapWith(Number),
        average: avg(courseProgress.progress).mapWith(Number),
      })
      .from(courseProgress)
      // Only the courses a learner can read count: a course taken back to a draft leaves the average.
      .innerJoin(courses, eq(courses.id, courseProgress.courseId))
      .where(and(eq(courseProgress.userId, userId), isNotNull(courses.publishedAt))),
  ]);
  const started = courseRecords[0]?.started ?? 0;
  return {
    answered: answers[0]?.answered ?? 0,
    marked: answers[0]?.marked ?? 0,
    correct: answers[0]?.correct ?? 0,
    examsFinished: attempts[0]?.n ?? 0,
    finishedCorrect: answers[0]?.finishedCorrect ?? 0,
    finishedQuestions: attempts[0]?.questions ?? 0,
    perfectPractice: (practice[0]?.n ?? 0) > 0,
    coursesStarted: started,
    coursesCompleted: courseRecords[0]?.completed ?? 0,
    avgProgress: started === 0 ? null : Math.round((courseRecords[0]?.average ?? 0) * 100) / 100,
  };
}

const rate = (a: Activity) => (a.marked === 0 ? 0 : (a.correct / a.marked) * 100);

// `revealsResults`: earned by a success rate, so it would tell a score the exam-results lock hides.
type Rule = Achievement & { earned: (a: Activity) => boolean; revealsResults?: true };

/** The achievements and their rules; each is earned by real activity and never stored, so it cannot drift. */
export const achievementRules: Rule[] = [
  {
    id: 'first-answer',
    title: 'First Answer',
    description: 'Answered your first exam question.',
    earned: (a) => a.answered >= 1,
  },
  {
    id: 'answers-25',
    title: 'Quarter Century',
    description: 'Answered 25 exam questions.',
    earned: (a) => a.answered >= 25,
  },
  {
    id: 'answers-100',
    title: 'Century',
    description: 'Answered 100 exam questions.',
    earned: (a) => a.answered >= 100,
  },
  {
    id: 'sharp-mind',
    title: 'Sharp Mind',
    description: 'A success rate of 70% or more over at least 25 marked answers.',
    earned: (a) => a.marked >= 25 && rate(a) >= 70,
    revealsResults: true,
  },
  {
    id: 'exam-finisher',
    title: 'Exam Finisher',
    description: 'Finished the timed mock exam.',
    earned: (a) => a.examsFinished >= 1,
  },
  {
    id: 'perfect-practice',
    title: 'Perfect Practice',
    description: 'Scored full marks in the short practice exam.',
    earned: (a) => a.perfectPractice,
  },
  {
    id: 'curious-learner',
    title: 'Curious Learner',
    description: 'Opened your first course.',
    earned: (a) => a.coursesStarted >= 1,
  },
  {
    id: 'course-complete',
    title: 'Course Complete',
    description: 'Completed every lesson of a course.',
    earned: (a) => a.coursesCompleted >= 1,
  },
];

/** Badges mark longer stretches of work than achievements. */
export const badgeRules: Rule[] = [
  {
    id: 'bronze-examinee',
    title: 'Bronze Examinee',
    description: 'Answered 25 exam questions.',
    earned: (a) => a.answered >= 25,
  },
  {
    id: 'silver-examinee',
    title: 'Silver Examinee',
    description: 'Answered 100 exam questions.',
    earned: (a) => a.answered >= 100,
  },
  {
    id: 'gold-examinee',
    title: 'Gold Examinee',
    description: 'Answered 250 exam questions.',
    earned: (a) => a.answered >= 250,
  },
  {
    id: 'high-achiever',
    title: 'High Achiever',
    description: 'A success rate of 85% or more over at least 50 marked answers.',
    earned: (a) => a.marked >= 50 && rate(a) >= 85,
    revealsResults: true,
  },
  { id: 'scholar', title: 'Scholar', description: 'Completed three courses.', earned: (a) => a.coursesCompleted >= 3 },
];

const earned = (rules: Rule[], activity: Activity, account: LmsAccount): Achievement[] =>
  rules
    .filter((rule) => rule.earned(activity) && !(rule.revealsResults && resultsLocked(account)))
    .map(({ id, title, description }) => ({ id, title, description }));

/**
 * The exam part is scored as every attempt is (scorePercent): correct out of the finished forms'
 * questions, unanswered ones counted wrong, so one finished exam reads here as on its results.
 * Every learner sees it; `locked` says the details (reviews, topics) are Premium.
 */
function progressOf(activity: Activity, account: LmsAccount): Progress {
  return {
    exam: {
      totalScore: activity.finishedCorrect,
      totalQuestions: activity.finishedQuestions,
      exams: activity.examsFinished,
      percentage: scorePercent(activity.finishedCorrect, activity.finishedQuestions),
      locked: resultsLocked(account),
    },
    // Course progress belongs to the course program.
    course: { avgProgress: hasProgram(account, 'course') ? activity.avgProgress : null },
  };
}

export async function progress(db: Database, account: LmsAccount): Promise<Progress> {
  return progressOf(await activityOf(db, account.id), account);
}

export async function achievements(db: Database, account: LmsAccount): Promise<Achievement[]> {
  return earned(achievementRules, await activityOf(db, account.id), account);
}

export const PROFILE_LOCKED_MESSAGE = 'This section is locked. Upgrade to Premium to access it.';

export async function profile(db: Database, account: LmsAccount): Promise<ProfileResponse> {
  const activity = await activityOf(db, account.id);
  const premiumLocked = !hasProgram(account, 'course');
  return {
    user: toLmsUser(account),
    achievements: earned(achievementRules, activity, account),
    progress: progressOf(activity, account),
    badges: earned(badgeRules, activity, account),
    premiumLocked,
    ...(premiumLocked ? { message: PROFILE_LOCKED_MESSAGE } : {}),
  };
}

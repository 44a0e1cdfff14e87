import { sql } from 'drizzle-orm';
import type { AccountActionKind } from '../../../contracts/lms-constants.js';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  uuid,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const lmsProfessions = ['doctor', 'nurse', 'physiotherapist', 'nutritionist', 'dentist'] as const;
export const lmsRoles = ['user', 'admin'] as const;
export const questionTypes = ['multiple-choice', 'multiple-response', 'fill-in-the-blank', 'essay'] as const;
export const difficulties = ['easy', 'medium', 'hard'] as const;
/** A question's text: plain, or Markdown (contracts/lms-constants.ts, questionFormats). */
export const questionFormats = ['plain', 'markdown'] as const;
export const examModes = ['practice', 'test-centre'] as const;
export const courseLevels = ['Beginner', 'Intermediate', 'Advanced'] as const;
/** Whom a course or an upcoming exam is for: one profession, or everyone. */
export const audiences = ['all', ...lmsProfessions] as const;
export const answerOutcomes = ['correct', 'incorrect', 'pending-review'] as const;

const createdAt = timestamp({ withTimezone: true }).notNull().defaultNow();

export const lmsUsers = pgTable(
  'lms_users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    profession: text({ enum: lmsProfessions }).notNull(),
    role: text({ enum: lmsRoles }).notNull().default('user'),
    // The premium programs this user may use (see server/lms/programs.ts).
    allowedPrograms: jsonb().$type<string[]>().notNull().default([]),
    // Optional, stored lower-case: where a password-reset link goes.
    email: text(),
    // Carried in every token as `ver`; raising it ends every sign-in of this user (sign-out, password change).
    sessionVersion: integer().notNull().default(0),
    // Accommodations an LMS admin grants (see server/lms/accommodations.ts): the next attempt's
    // duration is multiplied, then lengthened; extra attempts may start before the retake wait ends.
    timeMultiplier: numeric({ precision: 3, scale: 2, mode: 'number' }),
    extraMinutes: integer(),
    extraAttempts: integer().notNull().default(0),
    // The rest of the accommodation profile (decision 029): pausing at will (the clock stops, the
    // questions hide), a break of breakMinutes that stops the clock after every breakEveryMinutes of
    // exam time, and a timer that stays silent until asked.
    pauseAllowed: boolean().notNull().default(false),
    breakEveryMinutes: integer(),
    breakMinutes: integer(),
    silentTimer: boolean().notNull().default(false),
    // The day the learner sits the real exam, if they said: reviews aim higher as it nears (review-cards.ts).
    examDate: date({ mode: 'string' }),
    createdAt,
  },
  // Usernames are unique whatever their case, so "Amal" cannot sign up next to "amal".
  (t) => [
    uniqueIndex('lms_users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('lms_users_email_key').on(t.email),
  ],
);

export const examQuestions = pgTable(
  'exam_questions',
  {
    id: serial().primaryKey(),
    question: text().notNull(),
    // How the text is written: a GIFT file's [markdown] text is kept as Markdown and shown rendered.
    questionFormat: text({ enum: questionFormats }).notNull().default('plain'),
    questionType: text({ enum: questionTypes }).notNull(),
    options: jsonb().$type<string[]>().notNull().default([]),
    correctAnswer: text().notNull(),
    explanation: text().notNull(),
    profession: text({ enum: lmsProfessions }).notNull(),
    difficulty: text({ enum: difficulties }).notNull().default('medium'),
    // Free text ("Pharmacology"); '' when the admin gave none. Results and statistics group by it.
    topic: text().notNull().default(''),
    createdAt,
    // Deleted questions stay for the attempts that answered them; they are no longer served.
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('exam_questions_profession_idx')
      .on(t.profession)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => lmsUsers.id, { onDelete: 'cascade' }),
    // The exam is the user's profession in English, e.g. "nurse-en".
    examKey: text().notNull(),
    profession: text({ enum: lmsProfessions }).notNull(),
    language: text().notNull().default('en'),
    // Orders the questions of this attempt (see exam-attempts.ts).
    seed: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    finishReason: text({ enum: ['completed', 'timeout', 'ended'] }),
    // The question on screen, so a reload or another device shows the same one.
    currentQuestionId: integer().references(() => examQuestions.id),
    draftQuestionId: integer().references(() => examQuestions.id),
    draftAnswer: text(),
    draftTimer: integer(),
    draftSavedAt: timestamp({ withTimezone: true }),
    // The form: the questions drawn for this attempt when it started (see exam-attempts.ts).
    questionIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // `practice` marks each answer at once; `test-centre` records answers (changeable) and tells nothing until the end.
    mode: text({ enum: examModes }).notNull().default('practice'),
    // Questions the candidate flagged for review (test-centre mode).
    flaggedQuestionIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // The learner's accommodation as the attempt started with it (see accommodations.ts).
    pauseAllowed: boolean().notNull().default(false),
    breakEverySeconds: integer(),
    breakSeconds: integer(),
    silentTimer: boolean().notNull().default(false),
    // A pause or break under way: since when, and how long it may stop the clock (null: as long as it lasts).
    pausedAt: timestamp({ withTimezone: true }),
    pauseLimitSeconds: integer(),
    // Time the deadline has moved by for pauses and breaks so far, and the breaks taken.
    pausedSeconds: integer().notNull().default(0),
    breaksTaken: integer().notNull().default(0),
  },
  (t) => [
    // Retakes keep every attempt; at most one per user and exam is open.
    uniqueIndex('exam_attempts_open_key')
      .on(t.userId, t.examKey)
      .where(sql`${t.finishedAt} IS NULL`),
    index('exam_attempts_user_idx').on(t.userId, t.startedAt),
  ],
);

export const examAnswers = pgTable(
  'exam_answers',
  {
    id: serial().primaryKey(),
    attemptId: integer()
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => examQuestions.id),
    userAnswer: text().notNull(),
    outcome: text({ enum: answerOutcomes }).notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewNote: text(),
  },
  (t) => [
    unique('exam_answers_attempt_question_key').on(t.attemptId, t.questionId),
    index('exam_answers_pending_idx')
      .on(t.answeredAt)
      .where(sql`${t.outcome} = 'pending-review'`),
  ],
);

export const examLogs = pgTable(
  'exam_logs',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => lmsUsers.id, { onDelete: 'cascade' }),
    // The attempt the event belongs to.
    examId: integer()
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    logData: jsonb().$type<{ event: string; message: string; [key: string]: unknown }>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('exam_logs_exam_idx').on(t.examId, t.createdAt), index('exam_logs_created_at_idx').on(t.createdAt)],
);

/**
 * The client-generated ids of answers already applied, so an answer resent after a lost connection
 * (or twice by a retrying client) is applied once.
 */
export const examAnswerReceipts = pgTable(
  'exam_answer_receipts',
  {
    attemptId: integer()
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    clientAnswerId: uuid().notNull(),
    // The question the answer was for: a resend naming any other question is refused before that
    // question is read (issue 35: a reused id read any question's explanation). Null on receipts
    // taken before this column, which no resend matches.
    questionId: integer(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.clientAnswerId] })],
);

/** Every change of a learner's accommodation: who changed it, when, and what it became. */
export const accommodationChanges = pgTable(
  'lms_accommodation_changes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => lmsUsers.id, { onDelete: 'cascade' }),
    changedBy: integer()
      .notNull()
      .references(() => lmsUsers.id, { onDelete: 'cascade' }),
    changedAt: timestamp({ withTimezone: true }).notNull(),
    timeMultiplier: numeric({ precision: 3, scale: 2, mode: 'number' }),
    extraMinutes: integer(),
    extraAttempts: integer().notNull(),
    pauseAllowed: boolean().notNull().default(false),
    breakEveryMinutes: integer(),
    breakMinutes: integer(),
    silentTimer: boolean().notNull().default(false),
  },
  (t) => [index('lms_accommodation_changes_user_idx').on(t.userId, t.changedAt)],
);

/**
 * The account log: every action an LMS admin takes on an account (issue 35: an admin could set
 * another admin's password and nothing recorded it), with who and whose. The names are kept as
 * they were, so the log still reads when an account is gone (its id is then set null).
 */
export const lmsAccountActions = pgTable(
  'lms_account_actions',
  {
    id: serial().primaryKey(),
    adminId: integer().references(() => lmsUsers.id, { onDelete: 'set null' }),
    adminUsername: text().notNull(),
    userId: integer().references(() => lmsUsers.id, { onDelete: 'set null' }),
    username: text().notNull(),
    action: text().$type<AccountActionKind>().notNull(),
    // What changed, in words (never a password).
    detail: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('lms_account_actions_created_idx').on(t.createdAt, t.id)],
);

/** Results of the older 300-second mock exam module. */
export const mockExamResults = pgTable('mock_exam_results', {
  id: serial().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => lmsUsers.id, { onDelete: 'cascade' }),
  score: integer().notNull(),
  total: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** Exam settings an LMS admin changes on screen; one row (id 1). Without it the environment's defaults apply. */
export const examSettings = pgTable(
  'exam_settings',
  {
    id: integer().primaryKey(),
    retakeWaitSeconds: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('exam_settings_single_row', sql`${t.id} = 1`),
    check('exam_settings_wait', sql`${t.retakeWaitSeconds} >= 0`),
  ],
);

/** The pass mark an LMS admin sets per profession (percent of the form correct); without a row the default applies. */
export const examPassMarks = pgTable(
  'exam_pass_marks',
  {
    profession: text({ enum: lmsProfessions }).primaryKey(),
    passMark: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('exam_pass_marks_percent', sql`${t.passMark} BETWEEN 0 AND 100`)],
);

export const practiceSetKinds = ['mock', 'mistakes', 'adaptive', 'review'] as const;

/**
 * A practice set: quick practice (`mock`, random questions, or one topic's), `mistakes` (ones the
 * learner got wrong), `adaptive` (each next question chosen at the learner's ability, its questions
 * appended as they are chosen) or `review` (the learner's review cards that are due). Tutor mode marks each answer as it is given (`practice_answers`); the older
 * module's body of every answer at once is scored once, only before `expiresAt`. Either way only
 * these questions can be answered.
 */
export const practiceSets = pgTable(
  'practice_sets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => lmsUsers.id, { onDelete: 'cascade' }),
    kind: text({ enum: practiceSetKinds }).notNull(),
    questionIds: integer().array().notNull(),
    // Orders each question's options for this set.
    seed: integer().notNull(),
    servedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    submittedAt: timestamp({ withTimezone: true }),
    // The topic it is drawn from (null: the whole bank); an adaptive set chooses within it.
    topic: text(),
    // An adaptive set stops at this many questions, or sooner once the ability's standard error is at most the target.
    targetLength: integer(),
    targetStandardError: doublePrecision(),
  },
  (t) => [index('practice_sets_user_idx').on(t.userId, t.servedAt)],
);

/**
 * A practice set's answers in tutor mode, each marked when it arrives: at most one per question of
 * the set, and a resent answer (the same clientAnswerId) gets the recorded one's feedback again.
 * `responseSeconds` is the learner's time on the question as their device measured it (a right but
 * slow answer comes back for review).
 */
export const practiceAnswers = pgTable(
  'practice_answers',
  {
    id: serial().primaryKey(),
    setId: integer()
      .notNull()
      .references(() => practiceSets.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => examQuestions.id),
    userAnswer: text().notNull(),
    outcome: text({ enum: answerOutcomes }).notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull(),
    responseSeconds: integer(),
    clientAnswerId: uuid(),
  },
  (t) => [
    unique('practice_answers_set_question_key').on(t.setId, t.questionId),
    uniqueIndex('practice_answers_client_key').on(t.setId, t.clientAnswerId),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    description: text().notNull().default(''),
    profession: text({ enum: audiences }).notNull(),
    level: text({ enum: courseLevels }).notNull().default('Beginner'),
    duration: text().notNull().default(''),
    // The course's lessons, read in order; progress is the share of lessons completed.
    sections: jsonb().$type<{ title: string; body: string }[]>().notNull().default([]),
    // Null while the course is a draft: learners never see it (decision 043). Set when an admin publishes it.
    publishedAt: timestamp({ withTimezone: true }),
    createdAt,
  },
  (t) => [index('courses_profession_idx').on(t.profession)],
);

export const courseProgress = pgTable(
  'course_progress',
  {
    userId: integer()
      .notNull()
      .references(() => lmsUsers.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedSections: jsonb().$type<number[]>().notNull().default([]),
    progress: integer().notNull().default(0),
    lastViewedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_progress_recent_idx').on(t.userId, t.lastViewedAt),
    check('course_progress_percent', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

export const upcomingExams = pgTable('upcoming_exams', {
  id: serial().primaryKey(),
  title: text().notNull(),
  examDate: date({ mode: 'string' }).notNull(),
  examTime: text().notNull(),
  profession: text({ enum: audiences }).notNull().default('all'),
  published: boolean().notNull().default(true),
  createdAt,
});

/**
 * Premium access codes an LMS admin issues (an agency hands them to its candidates). Only a hash
 * of each code is kept; the code itself is shown once, when issued. Single use: redeeming sets
 * `redeemedAt` in the same statement that checks it is unset.
 */
export const accessCodes = pgTable(
  'access_codes',
  {
    id: serial().primaryKey(),
    codeHash: text().notNull(),
    programs: jsonb().$type<string[]>().notNull(),
    note: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt,
    createdBy: integer().references(() => lmsUsers.id, { onDelete: 'set null' }),
    redeemedAt: timestamp({ withTimezone: true }),
    redeemedBy: integer().references(() => lmsUsers.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('access_codes_hash_key').on(t.codeHash), index('access_codes_created_idx').on(t.createdAt)],
);

export const premiumRequestStatuses = ['open', 'granted', 'declined'] as const;

/**
 * A learner's request for premium, made from a locked card; an LMS admin grants it (the programs
 * join the learner's) or declines it. At most one open request per learner (the partial unique
 * index), so a learner cannot pile them up. `seenAt`: when the learner dismissed the decision's notice.
 */
export const premiumRequests = pgTable(
  'premium_requests',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => lmsUsers.id, { onDelete: 'cascade' }),
    programs: jsonb().$type<string[]>().notNull(),
    note: text().notNull().default(''),
    status: text({ enum: premiumRequestStatuses }).notNull().default('open'),
    createdAt,
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => lmsUsers.id, { onDelete: 'set null' }),
    seenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('premium_requests_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index('premium_requests_user_idx').on(t.userId, t.createdAt),
    index('premium_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Each question's calibrated difficulty on the Rasch scale (decision 029), rewritten for a whole
 * profession by the calibration job: the estimate, its standard error, the answers it rests on, the
 * fit (infit and outfit mean squares, misfit flagged) and its level among the profession's live
 * questions (1 the easiest 20 % … 5 the hardest 5 %).
 */
export const itemCalibrations = pgTable(
  'item_calibrations',
  {
    questionId: integer()
      .primaryKey()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    profession: text({ enum: lmsProfessions }).notNull(),
    difficulty: doublePrecision().notNull(),
    standardError: doublePrecision().notNull(),
    answers: integer().notNull(),
    infit: doublePrecision(),
    outfit: doublePrecision(),
    misfit: boolean().notNull(),
    peerLevel: smallint().notNull(),
    calibratedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('item_calibrations_profession_idx').on(t.profession)],
);

/** The latest calibration of each profession: when, from how much, and the spread of ability it found (the prior of every estimate). */
export const calibrationRuns = pgTable('calibration_runs', {
  profession: text({ enum: lmsProfessions }).primaryKey(),
  ranAt: timestamp({ withTimezone: true }).notNull(),
  learners: integer().notNull(),
  questions: integer().notNull(),
  answers: integer().notNull(),
  abilitySd: doublePrecision().notNull(),
  iterations: integer().notNull(),
  converged: boolean().notNull(),
  durationMs: integer().notNull(),
});

/**
 * A question the learner got wrong (or right but slowly) as a review card scheduled by FSRS
 * (ts-fsrs): its memory state and when it is due. One per learner and question; every later answer
 * to the question reviews it (decision 029).
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: integer()
      .notNull()
      .references(() => lmsUsers.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    due: timestamp({ withTimezone: true }).notNull(),
    stability: doublePrecision().notNull(),
    difficulty: doublePrecision().notNull(),
    scheduledDays: integer().notNull(),
    learningSteps: integer().notNull(),
    reps: integer().notNull(),
    lapses: integer().notNull(),
    state: smallint().notNull(),
    lastReview: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('review_cards_due_idx').on(t.userId, t.due)],
);

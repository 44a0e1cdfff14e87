import { z } from 'zod';
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH } from './password-rules.js';
import {
  professions,
  roles,
  questionFormats,
  questionTypes,
  difficulties,
  courseLevels,
  audiences,
  programs,
  premiumRequestStatuses,
  PREMIUM_REQUEST_NOTE_MAX,
  securityEvents,
  finishReasons,
  examModes,
  timeMultipliers,
  BREAK_EVERY_MINUTES,
  BREAK_MINUTES,
  MAX_RETAKE_WAIT_SECONDS,
  questionFlags,
  bankStatisticFilters,
  TOPIC_MAX_LENGTH,
  essayStatuses,
  topicReadiness,
  accountActionKinds,
} from './lms-constants.js';
import { checkQuestion } from './question-checks.js';
import { questionTextFormats } from './question-formats.js';

export * from './lms-constants.js';

/** The schemas of every LMS call (spec section 7 and the extra calls of the working version), shared by the API and the front end. */

/** One of a fixed list: "x is required" when it is missing, "x must be one of …" when it is something else. */
const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? `${field} is required` : `${field} must be one of ${values.join(', ')}`,
  });

/**
 * oneOf, matched whatever the case: screens spell values "Nurse" and "Multiple-choice", files
 * written from them do too, and the stored value is the list's own spelling.
 */
const oneOfAnyCase = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.preprocess(
    (input) =>
      typeof input === 'string' ? (values.find((v) => v.toLowerCase() === input.trim().toLowerCase()) ?? input) : input,
    oneOf(field, values),
  );

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  z.string().trim().max(max, `${field} must be at most ${max} characters`).optional().default('');
const isoDateTime = z.string();

// Plain decimal digits only: z.coerce.number would also read '0x10' as 16, or take '1e3' and ' 5'.
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
// Request bodies are strict, as in the cases area: an unknown field (a typo, or a try at `role`) is a 400, not silently dropped.
export const idParams = z.object({ id: wholeNumber(1, 2_147_483_647) });
export const pageQuery = z.object({
  page: wholeNumber(1, 100_000).optional(),
  pageSize: wholeNumber(1, 100).optional(),
});
export const messageResponse = z.object({ message: z.string() });

// ---- Accounts: POST /auth/register, POST /auth/login

export const usernameRule = z
  .string({ error: 'username is required' })
  .trim()
  .min(3, 'username must be at least 3 characters')
  .max(40, 'username must be at most 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'username may hold only letters, digits, dots, dashes and underscores');

const newPassword = z
  .string({ error: 'password is required' })
  .min(NEW_PASSWORD_MIN_LENGTH, `password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
  .max(NEW_PASSWORD_MAX_LENGTH, `password must be at most ${NEW_PASSWORD_MAX_LENGTH} characters`);
const emailRule = z
  .string({ error: 'email must be text' })
  .trim()
  .toLowerCase()
  .pipe(z.email('email must be a valid email address').max(254));

export const registerBody = z.strictObject({
  username: usernameRule,
  password: newPassword,
  profession: z.enum(professions, { error: `profession must be one of ${professions.join(', ')}` }),
  // Optional: where a "Forgot password?" link is sent. An empty field is the same as none.
  email: z.preprocess((value) => (value === '' ? undefined : value), emailRule.optional()),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  username: requiredText('username', 40),
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(200, 'password must be at most 200 characters'),
});
export const tokenResponse = z.object({ token: z.string() });

/** GET /auth/professions: the registration form's choices, each saying whether its exam has questions yet. */
export const professionsResponse = z.object({
  professions: z.array(z.object({ profession: z.enum(professions), hasExam: z.boolean() })),
});
export type ProfessionsResponse = z.infer<typeof professionsResponse>;

/** POST /auth/password-reset: always 202, so it does not tell which addresses have accounts. */
export const passwordResetRequestBody = z.strictObject({ email: emailRule });
/** POST /auth/password-reset/confirm: the emailed link's token and the new password. */
export const passwordResetBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(100, 'The link is not valid'),
  password: newPassword,
});
/** PUT /admin/users/{id}/password: an admin sets a learner's password. */
/**
 * An admin sets a user's password. An admin's password (one's own included) also needs the acting
 * admin's own password, `adminPassword`: a stolen admin token alone takes no admin account over.
 */
export const setPasswordBody = z.strictObject({
  password: newPassword,
  adminPassword: z
    .string({ error: 'adminPassword must be text' })
    .max(NEW_PASSWORD_MAX_LENGTH, `adminPassword must be at most ${NEW_PASSWORD_MAX_LENGTH} characters`)
    .optional(),
});

/** What the LMS token carries (spec: id, username, profession, role). */
export const tokenPayload = z.object({
  id: z.number().int(),
  username: z.string(),
  profession: z.enum(professions),
  role: z.enum(roles),
});
export type LmsTokenPayload = z.infer<typeof tokenPayload>;

// ---- Exam questions as learners see them (never the answer or explanation)

/** How a question's text is written: `markdown` is rendered as GitHub-flavoured Markdown, without raw HTML. */
const questionFormat = z.enum(questionFormats);

export const servedQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  question_format: questionFormat,
  question_type: z.enum(questionTypes),
  options: z.array(z.string()),
  difficulty: z.enum(difficulties),
});
export type ServedQuestion = z.infer<typeof servedQuestion>;

export const examProgress = z.object({
  attemptId: z.number().int(),
  remainingSeconds: z.number().int(),
  answeredCount: z.number().int(),
  // Null while exam results are locked (the exam-results program), as everywhere else.
  correctCount: z.number().int().nullable(),
  totalQuestions: z.number().int(),
  finished: z.boolean(),
  // The accommodation's clock (decision 029): pausing, scheduled breaks, the silent timer, a pause under way.
  clock: z
    .object({
      pauseAllowed: z.boolean(),
      silentTimer: z.boolean(),
      // A scheduled break's length; null without breaks.
      breakSeconds: z.number().int().nullable(),
      // Exam time until the next break may be taken (0: now); null without breaks.
      nextBreakInSeconds: z.number().int().nullable(),
      paused: z
        .object({
          kind: z.enum(['pause', 'break']),
          since: isoDateTime,
          // When a break stops holding the clock (null for a pause, which holds it until resumed).
          breakEndsAt: isoDateTime.nullable(),
        })
        .nullable(),
    })
    .optional(),
});
export type ExamProgress = z.infer<typeof examProgress>;
/** POST /user/exam/attempts/{id}/pause: a pause (the accommodation allows it) or a scheduled break. */
export const pauseBody = z.strictObject({
  kind: z.enum(['pause', 'break'], { error: 'kind must be pause or break' }),
});

export const examQuestionsQuery = z.object({
  // The older module asks for a short practice set instead of the timed attempt's next question.
  // `mistakes` draws the set from questions the learner got wrong in the timed exam.
  // `adaptive` chooses each next question at the learner's ability; `review` draws the review cards that are due.
  set: z.enum(['attempt', 'mock', 'mistakes', 'adaptive', 'review']).optional(),
  // A practice set of one topic ("Practise this topic" on the results).
  topic: z.string().trim().min(1).max(TOPIC_MAX_LENGTH).optional(),
  // An adaptive set: at most this many questions (default 20) ...
  length: wholeNumber(5, 100).optional(),
  // ... or (`precise`) until the ability's standard error is at most ADAPTIVE_TARGET_STANDARD_ERROR, at most 100.
  stop: z.enum(['length', 'precise']).optional(),
  // A test-centre sitting's navigator opens any question of the form.
  questionId: wholeNumber(1, 2_147_483_647).optional(),
});

/** One cell of the test-centre navigator, in the form's order. */
export const navigatorCell = z.object({
  questionId: z.number().int(),
  position: z.number().int(),
  answered: z.boolean(),
  flagged: z.boolean(),
});
export type NavigatorCell = z.infer<typeof navigatorCell>;

/*
 * GET /user/exam/questions answers in one of two shapes, by its query (the spec's one path):
 * - without `set` (or `set=attempt`), and with `questionId` in a test-centre sitting: the timed
 *   exam's current question, `currentQuestionResponse` (serving.nextQuestion);
 * - with `set=mock`, `set=mistakes`, `set=adaptive` or `set=review` (and `topic`, `length`, `stop`): a practice
 *   set, `practiceSetResponse` (practice.practiceSet).
 * The route's schema, and so its one OpenAPI operation, is their union, `examQuestionsResponse`.
 */

/** The timed exam's current question (none, with a message, once the attempt is over), its progress and saved draft. */
export const currentQuestionResponse = z
  .object({
    examQuestions: z.array(servedQuestion),
    message: z.string().optional(),
    attempt: examProgress,
    draft: z
      .object({ questionId: z.number().int(), userAnswer: z.string(), timer: z.number().int().nullable() })
      .nullable(),
    durationSeconds: z.number().int(),
    mode: z.enum(examModes).optional(),
    // Test-centre mode: the served question's place in the form, its recorded answer and every question's state.
    position: z.number().int().optional(),
    recordedAnswer: z.string().nullable().optional(),
    navigator: z.array(navigatorCell).optional(),
  })
  .meta({ title: 'CurrentQuestionResponse' });
export type CurrentQuestionResponse = z.infer<typeof currentQuestionResponse>;

/** A practice set's questions (none, with a message, when nothing is left to draw today). */
export const practiceSetResponse = z
  .object({
    examQuestions: z.array(servedQuestion),
    message: z.string().optional(),
    // Only these questions can be answered (tutor mode), or scored once until expiresAt (the older
    // module). An adaptive set serves one question at a time, each answer bringing the next.
    practiceSet: z
      .object({
        id: z.number().int(),
        expiresAt: isoDateTime,
        kind: z.enum(['mock', 'mistakes', 'adaptive', 'review']).optional(),
        targetLength: z.number().int().nullable().optional(),
        targetStandardError: z.number().nullable().optional(),
      })
      .optional(),
  })
  .meta({ title: 'PracticeSetResponse' });
export type PracticeSetResponse = z.infer<typeof practiceSetResponse>;

// The current question first: a practice set lacks its required `attempt`, so each answer matches its own shape.
export const examQuestionsResponse = z.union([currentQuestionResponse, practiceSetResponse]);
export type ExamQuestionsResponse = z.infer<typeof examQuestionsResponse>;

const answerText = z
  .string({ error: 'userAnswer is required' })
  .max(10_000, 'userAnswer must be at most 10000 characters');

export const answerSubmission = z.strictObject({
  questionId: z.number({ error: 'questionId is required' }).int().positive().max(2_147_483_647),
  userAnswer: answerText.refine((value) => value.trim() !== '', 'userAnswer is required'),
  // Generated by the client per answer, so a resent answer (after a lost connection) is applied once.
  clientAnswerId: z.uuid('clientAnswerId must be a UUID').optional(),
});
export const mockSubmission = z.strictObject({
  // The practice set the answers belong to; without it, the learner's latest set.
  setId: z.number().int().positive().max(2_147_483_647).optional(),
  answers: z.record(z.string().regex(/^\d{1,10}$/, 'answers must map question ids to answers'), z.string().max(10_000)),
});
/** Tutor mode: one answer to a question of a practice set, marked at once. */
export const practiceAnswerSubmission = z.strictObject({
  setId: z.number({ error: 'setId is required' }).int().positive().max(2_147_483_647),
  questionId: z.number({ error: 'questionId is required' }).int().positive().max(2_147_483_647),
  userAnswer: answerText.refine((value) => value.trim() !== '', 'userAnswer is required'),
  clientAnswerId: z.uuid('clientAnswerId must be a UUID').optional(),
  // How long the learner took on the question, as their device measured it.
  responseSeconds: z.number().int().min(0).max(86_400).optional(),
});
/**
 * One path, three bodies: the timed exam's flow answers one question, a practice set in tutor mode
 * answers one of the set's (with setId), the older module sends every answer of a set at once.
 */
export const submitBody = z.union([answerSubmission, practiceAnswerSubmission, mockSubmission], {
  error: 'Send either questionId and userAnswer (with setId for a practice set), or answers',
});

/** An answer of the timed exam in practice mode: marked and explained at once. */
export const answerResult = z
  .object({
    correct: z.boolean(),
    pendingReview: z.boolean(),
    explanation: z.string(),
    correctAnswer: z.string().nullable(),
    attempt: examProgress,
  })
  .meta({ title: 'AnswerResult' });
export type AnswerResult = z.infer<typeof answerResult>;
/** A practice set's answer in tutor mode: marked and explained at once, with the set's running count. */
export const practiceAnswerResult = z
  .object({
    correct: z.boolean(),
    pendingReview: z.boolean(),
    explanation: z.string(),
    // As in the timed exam's practice mode: null while the learner's results are locked, and for essays.
    correctAnswer: z.string().nullable(),
    practiceSet: z.object({
      id: z.number().int(),
      answered: z.number().int(),
      correct: z.number().int(),
      total: z.number().int(),
      finished: z.boolean(),
    }),
    // An adaptive set: the next question (null once the set stops) and the ability after this answer.
    next: servedQuestion.nullable().optional(),
    ability: z.object({ theta: z.number(), standardError: z.number() }).optional(),
  })
  .meta({ title: 'PracticeAnswerResult' });
export type PracticeAnswerResult = z.infer<typeof practiceAnswerResult>;
/** A test-centre answer: recorded (replacing an earlier one), with nothing about correctness. */
export const recordedAnswer = z
  .object({
    recorded: z.literal(true),
    questionId: z.number().int(),
    userAnswer: z.string(),
    // True when this clientAnswerId had been applied already: nothing changed.
    duplicate: z.boolean(),
    attempt: examProgress,
  })
  .meta({ title: 'RecordedAnswer' });
export type RecordedAnswer = z.infer<typeof recordedAnswer>;
export const startAttemptBody = z
  .strictObject({
    mode: z.enum(examModes, { error: `mode must be one of ${examModes.join(', ')}` }).default('practice'),
  })
  // No body at all starts a practice attempt, as before.
  .nullish();
export const flagBody = z.strictObject({
  questionId: z.number({ error: 'questionId is required' }).int().positive().max(2_147_483_647),
  flagged: z.boolean({ error: 'flagged must be true or false' }),
});
export const flagsResponse = z.object({ flaggedQuestionIds: z.array(z.number().int()) });
/**
 * GET /user/exam/attempts/{id}/form: a test-centre sitting's whole form in the navigator's order (the
 * learner's own questions with their options shuffled as served, never an answer key or explanation)
 * and the answers recorded so far, taken to the device once so the navigator opens any question offline.
 */
export const examForm = z
  .object({
    attemptId: z.number().int(),
    questions: z.array(servedQuestion),
    recordedAnswers: z.array(z.object({ questionId: z.number().int(), userAnswer: z.string() })),
  })
  .meta({ title: 'ExamForm' });
export type ExamForm = z.infer<typeof examForm>;
/** The older module's practice set, all its answers scored at once. */
export const mockResult = z
  .object({
    score: z.number().int(),
    total: z.number().int(),
    essays: z.number().int(),
    // Each question of the set once it is scored: the answer given, the correct one and the explanation.
    review: z
      .array(
        z.object({
          questionId: z.number().int(),
          question: z.string(),
          question_format: questionFormat,
          question_type: z.enum(questionTypes),
          options: z.array(z.string()),
          difficulty: z.enum(difficulties),
          userAnswer: z.string(),
          // Null for a learner whose results are locked (decision 004: no way around the harvest bounds).
          correctAnswer: z.string().nullable(),
          explanation: z.string(),
          outcome: z.enum(['correct', 'incorrect', 'pending-review']),
        }),
      )
      .optional(),
  })
  .meta({ title: 'MockResult' });
export type MockResult = z.infer<typeof mockResult>;

/*
 * POST /user/exam/submit answers in the shape its body asks for (the spec's one path):
 * - questionId and userAnswer: an answer of the timed exam, `examAnswerResult`: marked at once in
 *   practice mode (`answerResult`), recorded in a test-centre sitting (`recordedAnswer`), as the
 *   attempt's mode says (serving.submitAnswer);
 * - setId, questionId and userAnswer: a practice set's answer in tutor mode, `practiceAnswerResult`
 *   (practice.answerPracticeQuestion);
 * - answers (and setId): the older module's whole set at once, `mockResult` (practice.scoreMockExam).
 * The route's schema, and so its one OpenAPI operation, is their union, `submitResponse`.
 */
export const examAnswerResult = z.union([answerResult, recordedAnswer]);
export type ExamAnswerResult = z.infer<typeof examAnswerResult>;
export const submitResponse = z.union([answerResult, recordedAnswer, mockResult, practiceAnswerResult]);
export type SubmitResponse = z.infer<typeof submitResponse>;

export const autoSaveBody = z.strictObject({
  questionId: z.number({ error: 'questionId is required' }).int().positive().max(2_147_483_647),
  userAnswer: z.string().max(10_000),
  timer: z.number().int().min(0).max(1_000_000).nullable().optional(),
});
export const autoSaveResponse = z.object({ savedAt: isoDateTime });

const examEvents = [...securityEvents, 'offline'] as const;
const eventTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` }).optional();
/**
 * POST /user/exam/events: an integrity warning the page saw (copy, paste, leaving full screen or the
 * tab), or a span the device could not reach the server (`offline`, from and to by its clock),
 * reported once it could again: the exam log's timeline shows both.
 */
export const examEventBody = z
  .strictObject({
    event: z.enum(examEvents, { error: `event must be one of ${examEvents.join(', ')}` }),
    from: eventTime('from'),
    to: eventTime('to'),
  })
  .refine(
    (body) => (body.event === 'offline') === (body.from !== undefined && body.to !== undefined),
    'An offline event gives from and to; the other events give neither',
  )
  .refine(
    (body) => !body.from || !body.to || Date.parse(body.from) <= Date.parse(body.to),
    'from must not be after to',
  );

export const examSummary = z.object({
  locked: z.boolean(),
  message: z.string(),
  finished: z.boolean(),
  summary: z.object({
    totalQuestions: z.number().int(),
    // Null only while a test-centre sitting is open; every learner sees the score (`locked`: the details are Premium).
    totalScore: z.number().int().nullable(),
    percentage: z.number().nullable(),
    pendingReview: z.number().int(),
    // The profession's pass mark (percent) and whether the score reaches it (null while a sitting is open).
    passMark: z.number().int(),
    passed: z.boolean().nullable(),
  }),
});
export type ExamSummary = z.infer<typeof examSummary>;

// ---- Upcoming exams

export const upcomingExam = z.object({
  id: z.number().int(),
  title: z.string(),
  exam_date: z.string(),
  exam_time: z.string(),
  profession: z.enum(audiences),
});
export type UpcomingExam = z.infer<typeof upcomingExam>;
export const upcomingExamsResponse = z.object({ upcomingExams: z.array(upcomingExam) });
export const createUpcomingExamBody = z.strictObject({
  title: requiredText('title', 200),
  exam_date: z.iso.date('exam_date must be a date (YYYY-MM-DD)'),
  exam_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'exam_time must be a time (HH:MM)'),
  profession: z.enum(audiences).default('all'),
});

// ---- Courses

export const courseSection = z.strictObject({
  title: requiredText('section title', 200),
  body: z.string().max(20_000),
});
export const course = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  profession: z.enum(audiences),
  level: z.enum(courseLevels),
  duration: z.string(),
  created_at: isoDateTime,
});
export type Course = z.infer<typeof course>;
export const coursesResponse = z.object({ courses: z.array(course) });
export const recentCourse = course.extend({ progress: z.number().int(), last_viewed_at: isoDateTime });
export type RecentCourse = z.infer<typeof recentCourse>;
export const recentCoursesResponse = z.object({ recentCourses: z.array(recentCourse) });
export const courseDetails = course.extend({
  sections: z.array(z.object({ title: z.string(), body: z.string() })),
  progress: z.number().int(),
  completedSections: z.array(z.number().int()),
});
export type CourseDetails = z.infer<typeof courseDetails>;
export const courseProgressBody = z.strictObject({
  section: z.number({ error: 'section is required' }).int().min(0).max(1000),
  completed: z.boolean().default(true),
});
export const createCourseBody = z.strictObject({
  title: requiredText('title', 200),
  description: optionalText('description', 2000),
  profession: oneOf('profession', audiences),
  level: oneOf('level', courseLevels).default('Beginner'),
  duration: optionalText('duration', 50),
  sections: z.array(courseSection).max(50).default([]),
  // A new course is a draft unless this says otherwise (for content loaded in bulk); see decision 043.
  published: z.boolean().optional(),
});
export type CreateCourseBody = z.input<typeof createCourseBody>;
/**
 * PUT /admin/courses/:id replaces the whole course, lessons included, as the add form sends it; being
 * published or a draft changes only by POST /admin/courses/:id/publish and /unpublish.
 */
export const updateCourseBody = createCourseBody.omit({ published: true });
/** A course as admins see it: with when it was published, null while it is a draft. */
export const adminCourse = course.extend({ published_at: isoDateTime.nullable() });
export type AdminCourse = z.infer<typeof adminCourse>;
/** GET /admin/courses/:id: what the course editor (and "Preview as a learner") opens with. */
export const adminCourseDetails = adminCourse.extend({
  sections: z.array(z.object({ title: z.string(), body: z.string() })),
});
export type AdminCourseDetails = z.infer<typeof adminCourseDetails>;

// ---- Progress, achievements, badges, profile

export const progress = z.object({
  // The finished attempts scored as each one is (scorePercent): totalScore correct of totalQuestions,
  // the forms' questions, unanswered counted wrong. Every learner's; `locked`: the details are Premium.
  exam: z.object({
    totalScore: z.number().int().nullable(),
    totalQuestions: z.number().int(),
    exams: z.number().int(),
    percentage: z.number(),
    locked: z.boolean(),
  }),
  course: z.object({ avgProgress: z.number().nullable() }),
});
export type Progress = z.infer<typeof progress>;
export const progressResponse = z.object({ progress });

export const achievement = z.object({ id: z.string(), title: z.string(), description: z.string() });
export type Achievement = z.infer<typeof achievement>;
export const achievementsResponse = z.object({ achievements: z.array(achievement) });

export const lmsUser = z.object({
  id: z.number().int(),
  username: z.string(),
  profession: z.enum(professions),
  role: z.enum(roles),
  created_at: isoDateTime,
  key: z.object({ allowed_programs: z.array(z.string()) }),
});
export type LmsUser = z.infer<typeof lmsUser>;

export const profileResponse = z.object({
  user: lmsUser,
  achievements: z.array(achievement),
  progress,
  badges: z.array(achievement),
  premiumLocked: z.boolean(),
  message: z.string().optional(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

// ---- Admin: questions

export const adminQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  question_format: questionFormat,
  question_type: z.enum(questionTypes),
  options: z.array(z.string()),
  correct_answer: z.string(),
  explanation: z.string(),
  profession: z.enum(professions),
  difficulty: z.enum(difficulties),
  topic: z.string(),
  created_at: isoDateTime,
});
export type AdminQuestion = z.infer<typeof adminQuestion>;
/** What the bank is filtered by (kept in the admin's address): each narrows the list, the statistics and their page alike. */
export const adminQuestionsQuery = pageQuery.extend({
  profession: z.enum(professions).optional(),
  // Words of the question, its options, explanation or topic, case aside.
  q: z.string().trim().max(200).optional(),
  // A topic as the table shows it; NO_TOPIC for the questions without one.
  topic: z.string().trim().min(1).max(TOPIC_MAX_LENGTH).optional(),
  difficulty: z.enum(difficulties).optional(),
  question_type: z.enum(questionTypes).optional(),
  // By the item statistics: no answers yet, some, flagged (any flag) or one flag.
  statistic: z.enum(bankStatisticFilters).optional(),
});
export type BankFilter = Omit<z.output<typeof adminQuestionsQuery>, 'page' | 'pageSize'>;
export const adminQuestionsResponse = z.object({ examQuestions: z.array(adminQuestion) });

/** The add form's fields and their kinds (for the API's description and types); the rules are checkQuestion's. */
const questionFields = z.strictObject({
  question: z.string(),
  question_format: questionFormat.default('plain'),
  question_type: z.enum(questionTypes).default('multiple-choice'),
  options: z.array(z.string()).default([]),
  correct_answer: z.string(),
  explanation: z.string(),
  profession: z.enum(professions),
  difficulty: z.enum(difficulties).default('medium'),
  topic: z.string().default(''),
});

/**
 * A question as the add and edit forms send it, checked by the zod-free rules every import and the
 * browser's import preview run too (contracts/question-checks.ts, decision 045): each problem is an
 * issue on its field; a checked question goes on as the bank keeps it, with any field the form does
 * not have, which the strict shape refuses.
 */
export const createQuestionBody = z.preprocess((input, ctx) => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const given = input as Record<string, unknown>;
  const checked = checkQuestion(given);
  if (checked.problems) {
    for (const { field, error } of checked.problems)
      ctx.addIssue({ code: 'custom', path: [field], message: error, input: given[field] });
    return input;
  }
  return { ...given, ...checked.body };
}, questionFields);
/** What the form or a client may send: the lists' values in any case ("Multiple-Response", "Nurse"). */
export type CreateQuestionBody = Omit<z.input<typeof questionFields>, 'question_type' | 'profession' | 'difficulty'> & {
  question_type?: string;
  profession: string;
  difficulty?: string;
};
/** PUT /exam-questions/:id replaces the question with what the add form sends. */
export const updateQuestionBody = createQuestionBody;

// ---- Admin: courses, logs, users, essays

export const adminCoursesResponse = z.object({
  courses: z.array(adminCourse.extend({ sectionCount: z.number().int() })),
});

export const examLog = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  exam_id: z.number().int(),
  log_data: z.object({ event: z.string(), message: z.string() }).catchall(z.unknown()),
  created_at: isoDateTime,
});
export type ExamLog = z.infer<typeof examLog>;
/** The exam log narrowed to one attempt, a learner (part of the username, any case) and days (UTC, both ends included). */
export const examLogsQuery = pageQuery
  .extend({
    examId: wholeNumber(1, 2_147_483_647).optional(),
    learner: z.string().trim().max(100, 'learner must be at most 100 characters').optional(),
    from: z.iso.date('from must be a date (YYYY-MM-DD)').optional(),
    to: z.iso.date('to must be a date (YYYY-MM-DD)').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, 'from must not be after to');
export const examLogsResponse = z.object({ logs: z.array(examLog) });

// ---- Accommodations: PUT /admin/users/:id/accommodation

const timeMultiplier = z
  .number({ error: 'timeMultiplier must be a number from 1.05 to 3 in steps of 0.05, or null' })
  .refine(
    (value) =>
      timeMultipliers.includes(Math.round(value * 100) / 100) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'timeMultiplier must be a number from 1.05 to 3 in steps of 0.05, or null',
  )
  .transform((value) => Math.round(value * 100) / 100);
const minutesIn = (field: string, range: { min: number; max: number }) =>
  z
    .number({ error: `${field} must be a whole number of minutes, or null` })
    .int(`${field} must be a whole number of minutes`)
    .min(range.min, `${field} must be at least ${range.min}`)
    .max(range.max, `${field} must be at most ${range.max}`);
export const accommodationBody = z
  .strictObject({
    timeMultiplier: timeMultiplier.nullable().optional(),
    extraMinutes: z
      .number({ error: 'extraMinutes must be a whole number of minutes, or null' })
      .int()
      .min(1, 'extraMinutes must be at least 1')
      .max(600, 'extraMinutes must be at most 600')
      .nullable()
      .optional(),
    extraAttempts: z
      .number({ error: 'extraAttempts must be a whole number' })
      .int()
      .min(0, 'extraAttempts must be at least 0')
      .max(10, 'extraAttempts must be at most 10')
      .optional(),
    // Pausing at will: the clock stops and the questions hide until the learner resumes.
    pauseAllowed: z.boolean({ error: 'pauseAllowed must be true or false' }).optional(),
    // A break that stops the clock after every breakEveryMinutes of exam time, for up to breakMinutes; both or neither.
    breakEveryMinutes: minutesIn('breakEveryMinutes', BREAK_EVERY_MINUTES).nullable().optional(),
    breakMinutes: minutesIn('breakMinutes', BREAK_MINUTES).nullable().optional(),
    // The timer stays hidden and silent; a key (T) tells the time left.
    silentTimer: z.boolean({ error: 'silentTimer must be true or false' }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one part of the accommodation')
  .refine(
    (body) => (body.breakEveryMinutes === undefined) === (body.breakMinutes === undefined),
    'Send breakEveryMinutes and breakMinutes together',
  )
  .refine(
    (body) => (body.breakEveryMinutes === null) === (body.breakMinutes === null),
    'breakEveryMinutes and breakMinutes are set or removed together',
  );
export const accommodation = z.object({
  timeMultiplier: z.number().nullable(),
  extraMinutes: z.number().int().nullable(),
  extraAttempts: z.number().int(),
  pauseAllowed: z.boolean(),
  breakEveryMinutes: z.number().int().nullable(),
  breakMinutes: z.number().int().nullable(),
  silentTimer: z.boolean(),
});
export type Accommodation = z.infer<typeof accommodation>;
export const accommodationChange = accommodation.extend({
  id: z.number().int(),
  changedBy: z.string(),
  changedAt: isoDateTime,
});
export type AccommodationChange = z.infer<typeof accommodationChange>;
export const accommodationResponse = z.object({ accommodation, changes: z.array(accommodationChange) });
export type AccommodationResponse = z.infer<typeof accommodationResponse>;

export const adminUsersQuery = pageQuery.extend({ search: z.string().trim().max(40).optional() });
export const adminUsersResponse = z.object({
  users: z.array(lmsUser.extend({ accommodation: accommodation.optional() })),
});
// ---- The account log: GET /admin/account-actions

export const accountAction = z.object({
  id: z.number().int(),
  action: z.enum(accountActionKinds),
  /** The admin who acted, and whose account it was (as they were named then). */
  admin: z.string(),
  username: z.string(),
  detail: z.string(),
  createdAt: isoDateTime,
});
export type AccountAction = z.infer<typeof accountAction>;
export const accountActionsResponse = z.object({ actions: z.array(accountAction) });
export type AccountActionsResponse = z.infer<typeof accountActionsResponse>;

export const setProgramsBody = z.strictObject({
  allowed_programs: z
    .array(z.enum(programs, { error: `allowed_programs may hold ${programs.join(', ')}` }))
    .max(programs.length)
    .transform((list) => [...new Set(list)]),
});

export const essayAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  question: z.string(),
  question_format: questionFormat,
  modelAnswer: z.string(),
  userAnswer: z.string(),
  outcome: z.enum(['correct', 'incorrect', 'pending-review']),
  answered_at: isoDateTime,
  reviewNote: z.string().nullable(),
});
export type EssayAnswer = z.infer<typeof essayAnswer>;
export const essaysQuery = pageQuery.extend({ status: z.enum(essayStatuses).default('pending') });
export const essaysResponse = z.object({ essays: z.array(essayAnswer) });
export const gradeEssayBody = z.strictObject({
  correct: z.boolean({ error: 'correct must be true or false' }),
  note: z.string().trim().max(2000).optional(),
});

// ---- Attempts, retakes and review

export const examAttemptSummary = z.object({
  id: z.number().int(),
  started_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
  finish_reason: z.enum(finishReasons).nullable(),
  answered: z.number().int(),
  questions: z.number().int(),
  // Null only while a test-centre sitting is open. score: questions correct; percentage: of the whole form (scorePercent).
  score: z.number().int().nullable(),
  percentage: z.number().nullable(),
});
export type ExamAttemptSummary = z.infer<typeof examAttemptSummary>;
export const examAttemptsResponse = z.object({
  attempts: z.array(examAttemptSummary),
  locked: z.boolean(),
  // When a retake may start (null: now, or an attempt is open).
  nextAttemptAt: isoDateTime.nullable(),
  passMark: z.number().int(),
  // Whether the profession's bank holds a question to draw a form from: without one no attempt
  // starts (409 NO_QUESTIONS), which the exam page says on its first screen, before any step.
  questionsAvailable: z.boolean(),
});
export type ExamAttemptsResponse = z.infer<typeof examAttemptsResponse>;

const passMark = z
  .number({ error: 'a pass mark must be a number' })
  .int('a pass mark must be a whole number')
  .min(0, 'a pass mark cannot be negative')
  .max(100, 'a pass mark is at most 100');
export const passMarks = z.partialRecord(
  z.enum(professions, { error: `pass marks are set per profession: ${professions.join(', ')}` }),
  passMark,
);

export const examSettingsBody = z.strictObject({
  // Only the professions named change; the others keep theirs.
  passMarks: passMarks.optional(),
  retakeWaitSeconds: z
    .number({ error: 'retakeWaitSeconds is required' })
    .int('retakeWaitSeconds must be a whole number')
    .min(0, 'retakeWaitSeconds cannot be negative')
    .max(MAX_RETAKE_WAIT_SECONDS, `retakeWaitSeconds must be at most ${MAX_RETAKE_WAIT_SECONDS} (90 days)`),
});
export type ExamSettingsBody = z.infer<typeof examSettingsBody>;
export const examSettingsResponse = z.object({
  retakeWaitSeconds: z.number().int(),
  passMarks: z.record(z.enum(professions), z.number().int()),
});
export type ExamSettings = z.infer<typeof examSettingsResponse>;

export const reviewedQuestion = z.object({
  questionId: z.number().int(),
  question: z.string(),
  question_format: questionFormat,
  question_type: z.enum(questionTypes),
  // In the order the learner saw them.
  options: z.array(z.string()),
  userAnswer: z.string(),
  correctAnswer: z.string(),
  explanation: z.string(),
  outcome: z.enum(['correct', 'incorrect', 'pending-review']),
  reviewNote: z.string().nullable(),
});
export type ReviewedQuestion = z.infer<typeof reviewedQuestion>;
export const topicResult = z.object({
  topic: z.string(),
  questions: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
});
export type TopicResult = z.infer<typeof topicResult>;
export const examReview = z.object({
  attempt: examAttemptSummary,
  questions: z.array(reviewedQuestion),
  unanswered: z.number().int(),
  // Per topic of the form, weakest first (share correct of the topic's questions, unanswered counted wrong).
  byTopic: z.array(topicResult),
  passMark: z.number().int(),
  passed: z.boolean(),
  // Among other learners of the profession (each one's latest finished attempt): the share scoring below
  // this attempt (ties count half), 0..100; null while fewer than PERCENTILE_MIN_OTHERS have finished one.
  percentile: z.number().int().nullable(),
  percentileOthers: z.number().int(),
});
export type ExamReview = z.infer<typeof examReview>;

// ---- Question bank: CSV import and export, item analysis

export const importResult = z.object({ imported: z.number().int() });
export { importRowError, type ImportRowError } from './platform.js';
// `errors` is there whenever rows were checked (a body that is not CSV at all gets only `error`).
export const importLineError = z.object({ line: z.number().int(), error: z.string() });
/** A refused GIFT or Aiken import (code `IMPORT_REJECTED`): nothing was imported, `errors` names every bad question by its line in the file. */
export const linesRejectedBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  errors: z.array(importLineError),
});
/** A refused QTI import (code `IMPORT_REJECTED`): nothing was imported, `errors` names every bad item by its place in the manifest and its file. */
export const importItemError = z.object({ item: z.number().int(), file: z.string(), error: z.string() });
export const itemsRejectedBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  errors: z.array(importItemError),
});
/**
 * POST /exam-questions/import: CSV by default; GIFT and Aiken (text/plain) take the profession and
 * difficulty of their questions here; a QTI 3.0 package (application/zip) takes them for the items
 * its manifest gives none.
 */
export const importQuery = z.object({
  format: z
    .enum(['csv', ...questionTextFormats, 'qti'], { error: 'format must be one of csv, gift, aiken, qti' })
    .default('csv'),
  profession: oneOfAnyCase('profession', professions).optional(),
  difficulty: oneOfAnyCase('difficulty', difficulties).optional(),
});
export const exportQuery = z.object({ profession: z.enum(professions).optional() });
/** GET /exam-questions/export/qti: the bank, or the part of one profession and topic (NO_TOPIC: the questions without one). */
export const qtiExportQuery = z.object({
  profession: z.enum(professions).optional(),
  topic: z
    .string()
    .trim()
    .min(1)
    .max(TOPIC_MAX_LENGTH, `topic must be at most ${TOPIC_MAX_LENGTH} characters`)
    .optional(),
});
/** POST /exam-questions/import/preview: a QTI package read as the import reads it, nothing stored. */
export const qtiPreviewQuery = importQuery.pick({ profession: true, difficulty: true });
export const qtiPreviewResponse = z.object({
  questions: z.array(
    z.object({
      item: z.number().int(),
      file: z.string(),
      question: z.string(),
      question_type: z.enum(questionTypes),
      options: z.array(z.string()),
      correct_answer: z.string(),
      explanation: z.string(),
      profession: z.enum(professions),
      difficulty: z.enum(difficulties),
      topic: z.string(),
    }),
  ),
  errors: z.array(importItemError),
});
export type QtiPreview = z.infer<typeof qtiPreviewResponse>;

export const questionStatistic = z.object({
  id: z.number().int(),
  attempts: z.number().int(),
  // Share of marked answers that were correct, 0..1 (null without answers).
  facility: z.number().nullable(),
  // Point-biserial correlation of this question's mark with the rest of the attempt's score, -1..1.
  discrimination: z.number().nullable(),
  flags: z.array(z.enum(questionFlags)),
  // The question on the Rasch scale from the latest calibration (decision 029); null before one.
  calibration: z
    .object({
      difficulty: z.number(),
      standardError: z.number(),
      // The answers the estimate rests on (each learner's first); few: mostly the admin's label.
      answers: z.number().int(),
      // 1 the easiest 20 % of the profession's questions, then 30 %, 30 %, 15 %, 5 the hardest 5 %.
      peerLevel: z.number().int(),
      infit: z.number().nullable(),
      outfit: z.number().nullable(),
      misfit: z.boolean(),
      calibratedAt: isoDateTime,
    })
    .nullable(),
});
export type QuestionStatistic = z.infer<typeof questionStatistic>;
export const topicStatistic = z.object({
  topic: z.string(),
  questions: z.number().int(),
  attempts: z.number().int(),
  facility: z.number().nullable(),
});
export type TopicStatistic = z.infer<typeof topicStatistic>;
// `topics`: facility per topic over the whole filtered bank (not only this page's questions).
export const questionStatisticsResponse = z.object({
  statistics: z.array(questionStatistic),
  topics: z.array(topicStatistic),
});

// ---- Access codes: premium for learners an agency signs up

export const ACCESS_CODE_MAX_BATCH = 500;
export const createAccessCodesBody = z.strictObject({
  count: z
    .number({ error: 'count is required' })
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(ACCESS_CODE_MAX_BATCH, `count must be at most ${ACCESS_CODE_MAX_BATCH}`),
  programs: z
    .array(z.enum(programs, { error: `programs may hold ${programs.join(', ')}` }))
    .min(1, 'programs must name at least one program')
    .max(programs.length)
    .transform((list) => [...new Set(list)]),
  expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be a date and time (ISO 8601)' }).optional(),
  note: z.string().trim().max(200, 'note must be at most 200 characters').optional().default(''),
});
export type CreateAccessCodesBody = z.input<typeof createAccessCodesBody>;
export const createdAccessCodes = z.object({ codes: z.array(z.string()) });
export const accessCodeStates = ['unused', 'redeemed', 'expired'] as const;
export const accessCode = z.object({
  id: z.number().int(),
  programs: z.array(z.string()),
  note: z.string(),
  state: z.enum(accessCodeStates),
  created_at: isoDateTime,
  expires_at: isoDateTime.nullable(),
  redeemed_at: isoDateTime.nullable(),
  redeemed_by: z.string().nullable(),
});
export type AccessCode = z.infer<typeof accessCode>;
export const accessCodesResponse = z.object({ accessCodes: z.array(accessCode) });
export const redeemAccessCodeBody = z.strictObject({
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(64, 'This is not an access code'),
});
export const redeemedAccessCode = z.object({ message: z.string(), allowed_programs: z.array(z.string()) });

// ---- Premium requests: a learner asks from a locked card, an LMS admin grants or declines

export const premiumRequestBody = z.strictObject({
  // Without programs the request is for every program the learner lacks.
  programs: z
    .array(z.enum(programs, { error: `programs may hold ${programs.join(', ')}` }))
    .min(1, 'programs must name at least one program')
    .max(programs.length)
    .transform((list) => [...new Set(list)])
    .optional(),
  note: z
    .string()
    .trim()
    .max(PREMIUM_REQUEST_NOTE_MAX, `note must be at most ${PREMIUM_REQUEST_NOTE_MAX} characters`)
    .optional()
    .default(''),
});
export type PremiumRequestBody = z.input<typeof premiumRequestBody>;
export const premiumRequest = z.object({
  id: z.number().int(),
  programs: z.array(z.string()),
  note: z.string(),
  status: z.enum(premiumRequestStatuses),
  created_at: isoDateTime,
  decided_at: isoDateTime.nullable(),
});
export type PremiumRequest = z.infer<typeof premiumRequest>;
export const latestPremiumRequest = z.object({ request: premiumRequest.nullable(), noticeSeen: z.boolean() });
export type LatestPremiumRequest = z.infer<typeof latestPremiumRequest>;
export const adminPremiumRequest = premiumRequest.extend({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    profession: z.enum(professions),
    allowed_programs: z.array(z.string()),
  }),
  decided_by: z.string().nullable(),
});
export type AdminPremiumRequest = z.infer<typeof adminPremiumRequest>;
export const adminPremiumRequestsQuery = pageQuery.extend({ status: z.enum(premiumRequestStatuses).default('open') });
export const adminPremiumRequestsResponse = z.object({ premiumRequests: z.array(adminPremiumRequest) });

// ---- What a locked course library shows: titles, levels and lesson counts, never a lesson

export const coursePreview = z.object({
  id: z.number().int(),
  title: z.string(),
  level: z.enum(courseLevels),
  profession: z.enum(audiences),
  duration: z.string(),
  // How many lessons the course holds (their titles and text stay behind the lock).
  lessons: z.number().int(),
});
export type CoursePreview = z.infer<typeof coursePreview>;
export const coursePreviewsResponse = z.object({ courses: z.array(coursePreview) });

// ---- Readiness: GET /user/readiness (decision 029)

export const readinessResponse = z.object({
  // The answers the estimate rests on: each question's first answer, in every mode.
  answers: z.number().int(),
  // When the questions were last calibrated (null: never; nothing is estimated before).
  calibratedAt: isoDateTime.nullable(),
  // Ability on the questions' scale, with its standard error (the population's before any answer).
  ability: z.object({ theta: z.number(), standardError: z.number() }),
  passMark: z.number().int(),
  // The chance of passing a form today and its 95 % interval; null until READINESS_MIN_ANSWERS
  // answers and a standard error of at most READINESS_MAX_STANDARD_ERROR.
  pass: z.object({ chance: z.number(), low: z.number(), high: z.number() }).nullable(),
  // More answers before the chance shows (0 once it does).
  answersNeeded: z.number().int(),
  topics: z.array(
    z.object({
      topic: z.string(),
      answers: z.number().int(),
      // The chance that ability in this topic is above the cut (null with too few answers).
      chanceAbove: z.number().nullable(),
      status: z.enum(topicReadiness),
    }),
  ),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

/** POST /admin/item-calibration: one profession's questions (the schedule does every profession's). */
export const calibrationRequestBody = z.strictObject({
  profession: z.enum(professions, { error: `profession must be one of ${professions.join(', ')}` }),
});

// ---- Review cards: GET /user/reviews, PUT /user/exam-date (decision 029)

export const reviewsResponse = z.object({
  // Review cards due now (questions got wrong, or right but slowly, about to be forgotten).
  due: z.number().int(),
  cards: z.number().int(),
  nextDueAt: isoDateTime.nullable(),
  // The day the learner sits the real exam (YYYY-MM-DD), if set; reviews aim higher as it nears.
  examDate: z.string().nullable(),
  targetRetention: z.number(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponse>;
export const examDateBody = z.strictObject({
  examDate: z.iso.date('examDate must be a date (YYYY-MM-DD)').nullable(),
});

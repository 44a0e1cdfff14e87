/**
 * LMS constants without zod: the front end imports its runtime values from here, so zod stays on
 * the server (`contracts/lms.ts` re-exports them next to its schemas).
 */

export const professions = ['doctor', 'nurse', 'physiotherapist', 'nutritionist', 'dentist'] as const;
export type Profession = (typeof professions)[number];
export const roles = ['user', 'admin'] as const;
/** What an LMS admin can do to an account, as the account log names it. */
export const accountActionKinds = [
  'password set',
  'programs set',
  'accommodation set',
  'premium granted',
  'premium declined',
] as const;
export type AccountActionKind = (typeof accountActionKinds)[number];
export type Role = (typeof roles)[number];
export const questionTypes = ['multiple-choice', 'multiple-response', 'fill-in-the-blank', 'essay'] as const;
export type QuestionType = (typeof questionTypes)[number];
/**
 * How a question's text is written: plain text (shown as written, its line breaks kept), or
 * GitHub-flavoured Markdown (a GIFT file's `[markdown]` text: shown rendered, never raw HTML).
 */
export const questionFormats = ['plain', 'markdown'] as const;
export type QuestionFormat = (typeof questionFormats)[number];
/** The types a learner answers by choosing among options: one (multiple choice) or every right one (multiple response). */
export const hasOptions = (type: string) => type === 'multiple-choice' || type === 'multiple-response';
export const difficulties = ['easy', 'medium', 'hard'] as const;
export const courseLevels = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type CourseLevel = (typeof courseLevels)[number];
export const audiences = ['all', ...professions] as const;

/**
 * Premium programs a user's `key.allowed_programs` may hold, and what each opens:
 * - `course`: the course library (GET /user/courses, a course page and its progress), the
 *   recent-courses list and the course progress of the profile;
 * - `exam-results`: the detailed exam summary (score and success rate).
 * Everything else is free.
 */
export const programs = ['course', 'exam-results'] as const;
export type Program = (typeof programs)[number];
const programLabels: Record<string, string> = { course: 'Course library', 'exam-results': 'Detailed exam results' };
/** A program key (`course`) as the learner reads it, on screens and in emails. */
export const programLabel = (program: string) => programLabels[program] ?? program;
/** A premium request is open until an LMS admin grants or declines it. */
export const premiumRequestStatuses = ['open', 'granted', 'declined'] as const;
export type PremiumRequestStatus = (typeof premiumRequestStatuses)[number];
/** The essay grading queue's filter: answers waiting for a mark, or marked. */
export const essayStatuses = ['pending', 'graded'] as const;
export const PREMIUM_REQUEST_NOTE_MAX = 500;

export const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED';
/** The question on the learner's screen was deleted by an admin: ask for the next one. */
export const QUESTION_WITHDRAWN = 'QUESTION_WITHDRAWN';
/** A retake asked for before the wait between attempts has passed (the attempts list says when). */
export const RETAKE_NOT_YET = 'RETAKE_NOT_YET';
/** No live question for the learner's profession: the exam does not start. */
export const NO_QUESTIONS = 'NO_QUESTIONS';
/** A practice set asked for while the learner's timed exam is open: the way on is back to the exam. */
export const EXAM_OPEN = 'EXAM_OPEN';
/** `practice` marks each answer at once; `test-centre` records answers and tells nothing until the end. */
export const examModes = ['practice', 'test-centre'] as const;
export type ExamMode = (typeof examModes)[number];
/** Time multipliers an admin may grant as an accommodation: 1.05 to 3 in steps of 5 %. */
export const timeMultipliers: readonly number[] = Array.from({ length: 40 }, (_, i) => Math.round(105 + i * 5) / 100);
/** A scheduled break: after every 15 to 240 minutes of exam time, for 1 to 60 minutes. */
export const BREAK_EVERY_MINUTES = { min: 15, max: 240 } as const;
export const BREAK_MINUTES = { min: 1, max: 60 } as const;
/** Minutes before the deadline at which a test-centre sitting warns the candidate. */
export const TIME_WARNING_MINUTES = [30, 5, 1] as const;
export const UPGRADE_CHAT_TEXT = 'I want to upgrade my mock exam';
export const LOCKED_SUMMARY_MESSAGE = 'Upgrade your account to unlock detailed exam results.';
export const NO_MORE_QUESTIONS_MESSAGE = 'No more questions.';
export const MILESTONE_EVERY = 25;
export const PRAISE_THRESHOLD_PERCENT = 70;
export const AUTOSAVE_INTERVAL_MS = 30_000;
export const ADMIN_PAGE_SIZE = 20;
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const securityEvents = ['copy', 'paste', 'fullscreen-exit', 'tab-switch'] as const;
export type SecurityEvent = (typeof securityEvents)[number];
export const securityMessages: Record<SecurityEvent, string> = {
  copy: 'Copy is disabled during the exam',
  paste: 'Paste is disabled during the exam',
  'fullscreen-exit': 'Please remain in full-screen mode during the exam',
  'tab-switch': 'Leaving the exam window is not allowed!',
};

/** The spec's course filter: profession is the user's or all; search in title or description; level or all. */
export function courseMatches(
  item: { title: string; description: string; profession: string; level: string },
  filter: { profession: string; search: string; level: string },
) {
  const search = filter.search.trim().toLowerCase();
  return (
    (item.profession === filter.profession || item.profession === 'all') &&
    (item.title.toLowerCase().includes(search) || item.description.toLowerCase().includes(search)) &&
    (filter.level === 'all' || item.level === filter.level)
  );
}

/** Fill-in-the-blank questions may accept several answers, separated by this. */
export const ACCEPTED_ANSWER_SEPARATOR = '|';

/**
 * A multiple-response ("select all that apply") question's right options, and a learner's choice of
 * options, are one option per line: an option never holds a line break (the form's rows and the
 * CSV's cell are one line each), so any other text fits (decision 036).
 */
export const OPTION_LINE_SEPARATOR = '\n';
export const optionLines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
export const joinOptionLines = (options: readonly string[]) => options.join(OPTION_LINE_SEPARATOR);

/**
 * The answers a question accepts, trimmed: a fill-in-the-blank may list several, separated by
 * ACCEPTED_ANSWER_SEPARATOR; a multiple-response question's are its right options (all of them are
 * needed at once, see answerMatches); any other type has exactly its one answer (an option may hold a `|`).
 */
export function acceptedAnswers(questionType: QuestionType, correctAnswer: string): string[] {
  if (questionType === 'multiple-response') return optionLines(correctAnswer);
  const answers =
    questionType === 'fill-in-the-blank' ? correctAnswer.split(ACCEPTED_ANSWER_SEPARATOR) : [correctAnswer];
  return answers.map((answer) => answer.trim()).filter((answer) => answer !== '');
}

/**
 * Whether an answer is right, the one rule of every mode, the review and the statistics: the same
 * text in any letter case; for multiple response, exactly the right options, no more and no fewer,
 * in any order (all or nothing, decision 036).
 */
export function answerMatches(questionType: QuestionType, correctAnswer: string, userAnswer: string): boolean {
  const key = (text: string) => text.trim().toLowerCase();
  if (questionType === 'multiple-response') {
    const right = new Set(optionLines(correctAnswer).map(key));
    const chosen = new Set(optionLines(userAnswer).map(key));
    return right.size > 0 && right.size === chosen.size && [...right].every((option) => chosen.has(option));
  }
  const given = key(userAnswer);
  return acceptedAnswers(questionType, correctAnswer).some((answer) => key(answer) === given);
}

/** The options the admin form's comma-separated text stands for: trimmed, empty items dropped. */
export const parseOptionsText = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * The options (or a multiple-response question's right options) in one spreadsheet cell: one per
 * line (Alt+Enter in Excel, Ctrl+Enter in Google Sheets and LibreOffice), so an option may hold any
 * text, commas included. A cell without a line break is read as files written before this rule
 * were: split at commas, except inside an item in double quotes (`"50,000 IU", 10 IU`).
 */
export function readOptionsCell(cell: string): string[] {
  if (/\r|\n/.test(cell))
    return cell
      .split(/\r\n|\r|\n/)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  const items: string[] = [];
  let rest = cell.trim();
  while (rest !== '') {
    const quoted = /^"((?:[^"]|"")*)"\s*(?:,|$)/.exec(rest);
    if (quoted) {
      items.push((quoted[1] ?? '').replace(/""/g, '"').trim());
      rest = rest.slice(quoted[0].length).trim();
      continue;
    }
    const comma = rest.indexOf(',');
    items.push((comma < 0 ? rest : rest.slice(0, comma)).trim());
    rest = comma < 0 ? '' : rest.slice(comma + 1).trim();
  }
  return items.filter((item) => item !== '');
}

/** The cell readOptionsCell reads back: one option per line. */
export const writeOptionsCell = (options: readonly string[]) => options.join('\n');

export const finishReasons = ['completed', 'timeout', 'ended'] as const;

/** Exam settings an LMS admin edits: the wait between the end of an attempt and a retake (up to 90 days). */
export const MAX_RETAKE_WAIT_SECONDS = 90 * 24 * 60 * 60;

/** The CSV columns of import and export, in order; options are one per line inside their cell (readOptionsCell). */
export const questionCsvColumns = [
  'question',
  'question_type',
  'options',
  'correct_answer',
  'explanation',
  'profession',
  'difficulty',
  'topic',
  // plain or markdown (questionFormats): an export keeps a Markdown question Markdown when imported again.
  'question_format',
] as const;
/** Columns an import may leave out (files written before topics, or before Markdown questions, existed still import). */
export const optionalCsvColumns: readonly string[] = ['topic', 'question_format'];
export const IMPORT_MAX_ROWS = 10_000;

/** Thresholds of the item-analysis flags (Moodle's quiz statistics use similar ones). */
export const STATISTICS = { tooEasyAbove: 0.9, tooHardBelow: 0.2, minAttemptsForFlags: 5 } as const;
export const questionFlags = ['too-easy', 'too-hard', 'negative-discrimination'] as const;
export type QuestionFlag = (typeof questionFlags)[number];
/** The bank's filter by item statistics: no answers yet, some, any flag, or one flag. */
export const bankStatisticFilters = ['no-answers', 'answered', 'flagged', ...questionFlags] as const;
export type BankStatisticFilter = (typeof bankStatisticFilters)[number];

/**
 * The score, one definition everywhere: questions correct out of the attempt's whole form, an
 * unanswered question counting as wrong (as the real exam counts it). Rounded to one decimal.
 */
export const scorePercent = (correct: number, formSize: number) =>
  formSize === 0 ? 0 : Math.round((correct / formSize) * 1000) / 10;
/** The pass mark of a profession until an admin sets one (percent of the form correct). */
export const DEFAULT_PASS_MARK = 60;
/** A percentile is shown only against at least this many other learners' finished attempts. */
export const PERCENTILE_MIN_OTHERS = 30;
/** How results and statistics name the questions an admin gave no topic. */
export const NO_TOPIC = 'General';
export const TOPIC_MAX_LENGTH = 100;

/** Lesson images: uploaded by an LMS admin (`POST /admin/lesson-images`, field `image`), served under this path, the only images a lesson shows. */
export const LESSON_IMAGE_PATH = '/lesson-images/';
export const LESSON_IMAGE_FIELD = 'image';
export const LESSON_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Readiness (decision 029): answers before a pass chance is shown, and the widest standard error it is shown with. */
export const READINESS_MIN_ANSWERS = 30;
export const READINESS_MAX_STANDARD_ERROR = 0.5;
/** Answers in a topic before it is judged against the cut. */
export const TOPIC_MIN_ANSWERS = 5;
export const topicReadiness = ['above', 'near', 'below', 'too-few'] as const;
export type TopicReadiness = (typeof topicReadiness)[number];
/** A calibrated question's level among its profession's questions: 1 the easiest 20 %, then 30 %, 30 %, 15 %, and 5 the hardest 5 %. */
export const peerLevelLabels = ['', 'Easiest 20 %', 'Easier 30 %', 'Harder 30 %', 'Hard 15 %', 'Hardest 5 %'] as const;
/** Adaptive practice: the default length, and the standard error a "until precise" set stops at. */
export const ADAPTIVE_DEFAULT_LENGTH = 20;
export const ADAPTIVE_PRECISE_MAX_LENGTH = 100;
export const ADAPTIVE_TARGET_STANDARD_ERROR = 0.3;

/** A stored lesson image's name, exactly as the server makes it: 24 hex digits and the image's extension. */
export const LESSON_IMAGE_NAME = /^[0-9a-f]{24}\.(gif|jpg|png|webp)$/;

// An origin nothing resolves to, standing for the page's own while an address is resolved.
const OWN_ORIGIN = 'https://lesson.invalid';

/**
 * The address an image in a lesson may load: a stored lesson image of the app's own origin, or
 * '' for anything else. The address is resolved as the browser resolves it (`%2e%2e` and `\` are
 * `..` and `/` to it, `//host` is another site) and the result must be exactly a stored image's
 * path, with no query or fragment; a filter on the text as written was bypassed with `%2e%2e`
 * (issue 35).
 */
export function lessonImageSource(address: string): string {
  let resolved: URL;
  try {
    resolved = new URL(address, `${OWN_ORIGIN}/lessons/`);
  } catch {
    return '';
  }
  if (resolved.origin !== OWN_ORIGIN || resolved.search !== '' || resolved.hash !== '' || /[?#]/.test(address))
    return '';
  const { pathname } = resolved;
  return pathname.startsWith(LESSON_IMAGE_PATH) && LESSON_IMAGE_NAME.test(pathname.slice(LESSON_IMAGE_PATH.length))
    ? pathname
    : '';
}
/** The code of a refusal while the learner's exam is paused (pause or scheduled break). */
export const EXAM_PAUSED = 'EXAM_PAUSED';

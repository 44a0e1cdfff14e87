import {
  ACCEPTED_ANSWER_SEPARATOR,
  acceptedAnswers,
  difficulties,
  hasOptions,
  joinOptionLines,
  optionLines,
  professions,
  questionFormats,
  questionTypes,
  TOPIC_MAX_LENGTH,
  type Profession,
  type QuestionFormat,
  type QuestionType,
} from './lms-constants.js';

/*
 * The rules of a question, written without zod (decision 045): the add and edit form's schema
 * (createQuestionBody in contracts/lms.ts) runs them, and so does every import, on the server and in
 * the browser's preview, which may not load zod (about 25 KB gzip per page). One set of rules, so a
 * preview shows the problems the server would find, in its words, field by field.
 */

export type QuestionField =
  | 'question'
  | 'question_format'
  | 'question_type'
  | 'options'
  | 'correct_answer'
  | 'explanation'
  | 'profession'
  | 'difficulty'
  | 'topic';

/** A question as the bank keeps it: trimmed, its type, profession and difficulty in the lists' own spelling. */
export type QuestionBody = {
  question: string;
  /** Plain text, or Markdown (a GIFT file's `[markdown]` text). */
  question_format: QuestionFormat;
  question_type: QuestionType;
  options: string[];
  correct_answer: string;
  explanation: string;
  profession: Profession;
  difficulty: (typeof difficulties)[number];
  topic: string;
};

export type QuestionProblem = { field: QuestionField; error: string };
export type QuestionCheck =
  { body: QuestionBody; problems?: undefined } | { body?: undefined; problems: QuestionProblem[] };

export const QUESTION_MAX_LENGTH = 2000;
export const CORRECT_ANSWER_MAX_LENGTH = 2000;
export const EXPLANATION_MAX_LENGTH = 4000;
export const OPTION_MAX_LENGTH = 500;
export const MAX_OPTIONS = 10;

type Problems = QuestionProblem[];

/** Text that must be given: trimmed, not empty, at most `max` characters. */
function requiredText(problems: Problems, field: QuestionField, value: unknown, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') problems.push({ field, error: `${field} is required` });
  else if (text.length > max) problems.push({ field, error: `${field} must be at most ${max} characters` });
  return text;
}

/**
 * One of a fixed list, matched whatever the case (screens spell values "Nurse", and files written
 * from them do too): the list's own spelling, `fallback` when none is given.
 */
function oneOfAnyCase<T extends string>(
  problems: Problems,
  field: QuestionField,
  values: readonly T[],
  value: unknown,
  fallback?: T,
): T {
  if (value === undefined && fallback !== undefined) return fallback;
  const match =
    typeof value === 'string' ? values.find((v) => v.toLowerCase() === value.trim().toLowerCase()) : undefined;
  if (match !== undefined) return match;
  problems.push({
    field,
    error: value === undefined ? `${field} is required` : `${field} must be one of ${values.join(', ')}`,
  });
  return values[0] as T;
}

function optionList(problems: Problems, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ field: 'options', error: 'options must be a list of texts' });
    return [];
  }
  const options: string[] = [];
  for (const option of value) {
    if (typeof option !== 'string') {
      problems.push({ field: 'options', error: 'each option must be text' });
      continue;
    }
    const text = option.trim();
    if (text.length > OPTION_MAX_LENGTH)
      problems.push({ field: 'options', error: `each option must be at most ${OPTION_MAX_LENGTH} characters` });
    options.push(text);
  }
  if (value.length > MAX_OPTIONS) problems.push({ field: 'options', error: `at most ${MAX_OPTIONS} options` });
  return options;
}

function optionalText(problems: Problems, field: QuestionField, value: unknown, max: number): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') {
    problems.push({ field, error: `${field} must be text` });
    return '';
  }
  const text = value.trim();
  if (text.length > max) problems.push({ field, error: `${field} must be at most ${max} characters` });
  return text;
}

/** What the question's parts say of each other: the options and the key. */
function crossChecks(body: QuestionBody): Problems {
  const problems: Problems = [];
  if (
    body.question_type === 'fill-in-the-blank' &&
    acceptedAnswers(body.question_type, body.correct_answer).length === 0
  )
    problems.push({
      field: 'correct_answer',
      error: `correct_answer needs at least one accepted answer (separate several with ${ACCEPTED_ANSWER_SEPARATOR})`,
    });
  if (!hasOptions(body.question_type)) return problems;
  const kind = body.question_type === 'multiple-response' ? 'multiple-response' : 'multiple-choice';
  if (body.options.length < 2)
    problems.push({ field: 'options', error: `a ${kind} question needs at least 2 options` });
  if (body.options.some((o) => /[\r\n]/.test(o)))
    problems.push({ field: 'options', error: 'an option must be one line' });
  if (new Set(body.options.map((o) => o.toLowerCase())).size !== body.options.length)
    problems.push({ field: 'options', error: 'options must be different from each other' });
  const isOption = (answer: string) => body.options.some((o) => o.trim().toLowerCase() === answer.trim().toLowerCase());
  if (body.question_type === 'multiple-choice' && !isOption(body.correct_answer))
    problems.push({ field: 'correct_answer', error: 'correct_answer must be one of the options' });
  if (body.question_type === 'multiple-response') {
    const right = optionLines(body.correct_answer);
    const notOptions = right.filter((answer) => !isOption(answer));
    if (notOptions.length)
      problems.push({
        field: 'correct_answer',
        error: `correct_answer must list right options only, one per line; not an option: ${notOptions.join(', ')}`,
      });
    else if (new Set(right.map((r) => r.toLowerCase())).size !== right.length)
      problems.push({ field: 'correct_answer', error: 'correct_answer names an option twice' });
  }
  return problems;
}

/**
 * A question as a form or a file gives it (the add form's fields, any of them missing or of the
 * wrong kind), checked: the question as the bank keeps it, or every problem, field by field, in
 * the form's order (each field's own first, then what the fields say of each other).
 */
export function checkQuestion(input: Readonly<Record<string, unknown>>): QuestionCheck {
  const problems: Problems = [];
  const question = requiredText(problems, 'question', input.question, QUESTION_MAX_LENGTH);
  const questionFormat = oneOfAnyCase(problems, 'question_format', questionFormats, input.question_format, 'plain');
  const questionType = oneOfAnyCase(problems, 'question_type', questionTypes, input.question_type, 'multiple-choice');
  const options = optionList(problems, input.options);
  const correctAnswer = requiredText(problems, 'correct_answer', input.correct_answer, CORRECT_ANSWER_MAX_LENGTH);
  const explanation = requiredText(problems, 'explanation', input.explanation, EXPLANATION_MAX_LENGTH);
  const profession = oneOfAnyCase(problems, 'profession', professions, input.profession);
  const difficulty = oneOfAnyCase(problems, 'difficulty', difficulties, input.difficulty, 'medium');
  const topic = optionalText(problems, 'topic', input.topic, TOPIC_MAX_LENGTH);
  if (problems.length) return { problems };
  const body: QuestionBody = {
    question,
    question_format: questionFormat,
    question_type: questionType,
    options: hasOptions(questionType) ? options.filter((o) => o !== '') : [],
    // A multiple-response key is stored one right option per line, as the form and the CSV give it.
    correct_answer: questionType === 'multiple-response' ? joinOptionLines(optionLines(correctAnswer)) : correctAnswer,
    explanation,
    profession,
    difficulty,
    topic,
  };
  const crossProblems = crossChecks(body);
  return crossProblems.length ? { problems: crossProblems } : { body };
}

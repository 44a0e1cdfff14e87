/**
 * Moodle's two plain-text question formats, read into the add form's fields, each question with
 * the line of the file it starts on. Shared by the server (the import) and the admin screen (its
 * preview names the bad lines before anything is sent). No zod here: the front end imports it.
 * Each question is either stored as Moodle means it or refused, naming its line and why
 * (`docs/question-formats.md` has the table of what becomes what).
 *
 * - Aiken: a question on one line, options `A.` or `A)` in order (a space after them or not, as
 *   Moodle reads them), then `ANSWER: X`.
 * - GIFT, read as Moodle's `qformat_gift` reads it: `::title::` (optional) text `{answers}`; the
 *   answers are between the first `{` and the last `}`, text after them makes a missing-word
 *   question (`____` where the braces were). `{=right ~wrong}` is multiple choice, `~%50%a ~%50%b`
 *   (no `=`) multiple response, `{=a =b}` short answer (fill-in-the-blank), `{T}`/`{F}` true/false,
 *   `{}` an essay (its model answer after `####`). Matching (`->`), numerical (`#`), partial credit
 *   and wildcards are refused naming the type. `[html]` text becomes plain text (tags removed, links
 *   kept as their address), `[markdown]` is kept as written and marks the question's text as
 *   Markdown (shown rendered), `[plain]` and `[moodle]` are kept as written (plain text).
 *   `$CATEGORY:` lines give the topic of the questions after them; `//` lines are comments.
 */

import { joinOptionLines } from './lms-constants.js';

export const questionTextFormats = ['gift', 'aiken'] as const;
export type QuestionTextFormat = (typeof questionTextFormats)[number];

export type ParsedQuestion = {
  line: number;
  question: string;
  /** `markdown` for a GIFT question whose text is marked `[markdown]`: stored and shown as Markdown. */
  question_format: 'plain' | 'markdown';
  question_type: 'multiple-choice' | 'multiple-response' | 'fill-in-the-blank' | 'essay';
  options: string[];
  correct_answer: string;
  explanation: string;
  topic: string;
};
export type LineError = { line: number; error: string };
export type ParsedFile = { questions: ParsedQuestion[]; errors: LineError[] };

/** Without feedback in the file, the explanation says what the answer is (the bank requires one). */
const explanationFor = (answer: string) => `The correct answer is: ${answer}`;

// ---- Aiken

const AIKEN_OPTION = /^([A-Z])[.)]\s*(.+)$/;
const AIKEN_ANSWER = /^ANSWER:\s*(.*)$/i;

export function parseAiken(text: string): ParsedFile {
  const questions: ParsedQuestion[] = [];
  const errors: LineError[] = [];
  let current: { line: number; question: string; options: string[]; broken: boolean } | null = null;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '') return;
    const answer = AIKEN_ANSWER.exec(content);
    const option = AIKEN_OPTION.exec(content);
    if (!current) {
      if (answer || option) {
        errors.push({
          line,
          error: `${answer ? 'An ANSWER line' : 'An option'} before any question: a question starts with its text on one line`,
        });
        return;
      }
      current = { line, question: content, options: [], broken: false };
      return;
    }
    if (answer) {
      const letter = (answer[1] ?? '').trim().toUpperCase();
      const chosen = /^[A-Z]$/.test(letter) ? current.options[letter.charCodeAt(0) - 65] : undefined;
      if (current.options.length < 2)
        errors.push({ line, error: 'A question needs at least 2 options (A. …, B. …) before its ANSWER line' });
      else if (!chosen)
        errors.push({
          line,
          error: `ANSWER must be the letter of one of the options (A to ${String.fromCharCode(64 + current.options.length)})`,
        });
      else if (!current.broken) {
        questions.push({
          line: current.line,
          question: current.question,
          question_format: 'plain',
          question_type: 'multiple-choice',
          options: current.options,
          correct_answer: chosen,
          explanation: explanationFor(chosen),
          topic: '',
        });
      }
      current = null;
      return;
    }
    if (option) {
      const expected = String.fromCharCode(65 + current.options.length);
      if (option[1] !== expected) {
        errors.push({ line, error: `Expected option ${expected} here, found ${option[1]}` });
        current.broken = true;
      }
      current.options.push((option[2] ?? '').trim());
      return;
    }
    if (current.options.length === 0) {
      // A second line of question text: taking either line alone would store half the question.
      errors.push({ line, error: 'The question must be on one line, followed by its options (A. …)' });
      current.broken = true;
      return;
    }
    // A line that is neither an option nor ANSWER starts the next question, as Moodle reads it: the
    // one before it is unfinished.
    errors.push({
      line: current.line,
      error: `This question has no ANSWER line: the next question starts on line ${line}`,
    });
    current = { line, question: content, options: [], broken: false };
  });
  const unfinished = current as { line: number } | null;
  if (unfinished) errors.push({ line: unfinished.line, error: 'This question has no ANSWER line' });
  return { questions, errors: errors.sort((a, b) => a.line - b.line) };
}

// ---- GIFT

const unescapeGift = (value: string) =>
  value.replace(/\\([~=#{}:\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c)).trim();

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  deg: '°',
  micro: 'µ',
  times: '×',
  divide: '÷',
  plusmn: '±',
};

/** HTML as the plain text a reader sees: tags removed, line breaks kept, a link's address beside its words. */
export function htmlToText(html: string): { text: string } | { error: string } {
  const image = /<img\b[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(html);
  if (image)
    return {
      error: `Images are not imported: this text shows the image ${image[1] ?? ''}; put the picture into words or leave the question out`,
    };
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\b[^>]*?\bhref\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a\s*>/gi, (_, href: string, words: string) => {
      const inner = words.replace(/<[^>]*>/g, '').trim();
      return inner && inner !== href ? `${inner} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|pre|blockquote)\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text };
}

/**
 * A GIFT text with its format marker read: `[html]` becomes plain text, `[markdown]` stays as
 * written and says so (the question's text is then stored and shown as Markdown), `[plain]` and
 * `[moodle]` stay as written.
 */
function giftText(raw: string): { text: string; markdown?: boolean } | { error: string } {
  const marker = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(raw);
  const body = unescapeGift(marker ? raw.slice(marker[0].length) : raw);
  const format = marker?.[1]?.toLowerCase();
  if (format === 'html') return htmlToText(body);
  return format === 'markdown' ? { text: body, markdown: true } : { text: body };
}

const topicOf = (category: string) => {
  const parts = category
    .trim()
    .replace(/^\$(course|system|module|cat\d*)\$\/?/i, '')
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part.toLowerCase() !== 'top');
  return parts.at(-1) ?? '';
};

/** The index of the first unescaped `char` from `from`, or -1. */
function findUnescaped(text: string, char: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char) return i;
  }
  return -1;
}

/** The index of the last unescaped `char`, or -1. */
function findLastUnescaped(text: string, char: string): number {
  let found = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char) found = i;
  }
  return found;
}

/** `weight`: the answer's percentage, 100 for `=` and 0 for `~` without one. */
type GiftAnswer = { mark: '=' | '~'; weight: number; raw: string; feedback: string };

/** The answers between the braces: `=` right, `~` wrong, `%n%` a weight, `#` feedback, `####` general feedback. */
function giftAnswers(body: string): { answers: GiftAnswer[]; general: string; bare: string } {
  let general = '';
  const generalAt = body.indexOf('####');
  if (generalAt >= 0) {
    general = body.slice(generalAt + 4);
    body = body.slice(0, generalAt);
  }
  const answers: GiftAnswer[] = [];
  let bare = '';
  let current: { mark: '=' | '~'; raw: string } | null = null;
  const close = () => {
    if (!current) return;
    const feedbackAt = findUnescaped(current.raw, '#');
    let text = feedbackAt >= 0 ? current.raw.slice(0, feedbackAt) : current.raw;
    const feedback = feedbackAt >= 0 ? current.raw.slice(feedbackAt + 1) : '';
    let weight = current.mark === '=' ? 100 : 0;
    const weighted = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(text);
    if (weighted) {
      weight = Number(weighted[1]);
      text = text.slice(weighted[0].length);
    }
    answers.push({ mark: current.mark, weight, raw: text, feedback });
    current = null;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] ?? '';
    if (c === '\\') {
      const escaped = `${c}${body[i + 1] ?? ''}`;
      if (current) current.raw += escaped;
      else bare += escaped;
      i++;
    } else if (c === '=' || c === '~') {
      close();
      current = { mark: c, raw: '' };
    } else if (current) current.raw += c;
    else bare += c;
  }
  close();
  return { answers, general, bare: bare.trim() };
}

const notOffered = (type: string, hint: string) =>
  `${type} questions are not offered: ${hint}. Use multiple choice, multiple response, true/false, short answer (fill-in-the-blank) or essay`;
const percent = (weight: number) => `${Number.isInteger(weight) ? weight : weight.toFixed(2).replace(/0+$/, '')}%`;

function giftQuestion(source: string, line: number, topic: string): ParsedQuestion | LineError {
  let text = source.trim();
  const title = /^::([\s\S]*?)::/.exec(text);
  if (title) text = text.slice(title[0].length);
  const open = findUnescaped(text, '{');
  if (open < 0)
    return { line, error: 'No answers: a GIFT question needs its answers in { } (a description is not a question)' };
  // As Moodle reads it: the answers run from the first { to the last }.
  const end = findLastUnescaped(text, '}');
  if (end < open) return { line, error: 'The { of the answers is never closed with }' };
  const body = text.slice(open + 1, end);
  const before = giftText(text.slice(0, open));
  if ('error' in before) return { line, error: before.error };
  const afterRaw = text.slice(end + 1).trim();
  const after = afterRaw ? giftText(afterRaw) : { text: '' };
  if ('error' in after) return { line, error: after.error };
  const question = after.text ? `${before.text} ____ ${after.text}` : before.text;
  if (!question) return { line, error: 'The question text is missing' };
  const base = { line, question, question_format: before.markdown ? ('markdown' as const) : ('plain' as const), topic };

  if (/^\s*#/.test(body) && !/^\s*####/.test(body))
    return { line, error: notOffered('Numerical', 'its answer is a number with a tolerance ({#…})') };
  const { answers, general: generalRaw, bare } = giftAnswers(body);
  if (answers.some((a) => findUnescaped(a.raw, '-') >= 0 && /->/.test(a.raw)))
    return { line, error: notOffered('Matching', 'its answers pair items with ->') };
  const general = giftText(generalRaw);
  if ('error' in general) return { line, error: general.error };

  // Every answer and feedback as plain text; the first that cannot be (an image) refuses the question.
  const read = (raw: string) => {
    const value = giftText(raw);
    if ('error' in value) throw new GiftRefusal(value.error);
    return value.text;
  };
  try {
    if (answers.length === 0) {
      const tf = /^(T|TRUE|F|FALSE)\s*(?:#([\s\S]*))?$/i.exec(bare);
      if (tf) {
        const value = /^T/i.test(tf[1] ?? '') ? 'True' : 'False';
        // `{TRUE#feedback for the wrong answer#feedback for the right answer}`, as Moodle reads it.
        const [wrongRaw = '', rightRaw = ''] = (tf[2] ?? '').split(/(?<!\\)#/);
        const right = read(rightRaw);
        const wrong = read(wrongRaw);
        const other = value === 'True' ? 'False' : 'True';
        const explanation =
          [general.text, right, wrong && `If you answered ${other}: ${wrong}`].filter(Boolean).join('\n\n') ||
          explanationFor(value);
        return {
          ...base,
          question_type: 'multiple-choice',
          options: ['True', 'False'],
          correct_answer: value,
          explanation,
        };
      }
      if (bare)
        return {
          line,
          error: `Could not read the answers "${bare.slice(0, 40)}": start each with = (right) or ~ (wrong)`,
        };
      if (!general.text)
        return {
          line,
          error: 'An essay question ({}) needs a model answer after ####: the bank keeps one with every essay',
        };
      return { ...base, question_type: 'essay', options: [], correct_answer: general.text, explanation: general.text };
    }

    const texts = answers.map((a) => read(a.raw));
    const feedbacks = answers.map((a) => read(a.feedback));
    const named = (i: number) => `"${texts[i] ?? ''}"`;

    // Short answer: every answer starts with =.
    if (answers.every((a) => a.mark === '=')) {
      const partial = answers.findIndex((a) => a.weight > 0 && a.weight < 100);
      if (partial >= 0)
        return {
          line,
          error: `Short answer with partial credit (${percent(answers[partial]?.weight ?? 0)} for ${named(partial)}) is not offered: a fill-in-the-blank accepts an answer fully or not at all. Remove the weight to accept it, or remove the answer`,
        };
      const accepted = answers.map((a, i) => ({ a, text: texts[i] ?? '' })).filter(({ a }) => a.weight >= 100);
      const wildcard = accepted.find(({ text }) => text.includes('*'));
      if (wildcard)
        return {
          line,
          error: `Short answer with a wildcard ("${wildcard.text}") is not offered: a fill-in-the-blank compares the whole answer. Write each accepted answer out`,
        };
      if (accepted.length === 0)
        return { line, error: 'No answer is accepted: mark one with = and no weight below 100%' };
      const explanation =
        [general.text, ...accepted.map(({ text }, i) => (feedbacks[i] ? `${text}: ${feedbacks[i]}` : ''))]
          .filter(Boolean)
          .join('\n\n') || explanationFor(accepted[0]?.text ?? '');
      return {
        ...base,
        question_type: 'fill-in-the-blank',
        options: [],
        correct_answer: accepted.map(({ text }) => text).join('|'),
        explanation,
      };
    }

    // Multiple choice. Moodle: with no = among the answers, several may be chosen (multiple answer).
    const multiple = answers.every((a) => a.mark === '~');
    const explain = (rightIndexes: number[]) => {
      const parts = [general.text];
      answers.forEach((_, i) => {
        const feedback = feedbacks[i];
        if (!feedback) return;
        // The right answer's own feedback reads as the explanation; the others say which option they are about.
        parts.push(rightIndexes.length === 1 && rightIndexes[0] === i ? feedback : `${texts[i]}: ${feedback}`);
      });
      return parts.filter(Boolean).join('\n\n');
    };
    if (multiple) {
      const right = answers.map((a, i) => (a.weight > 0 ? i : -1)).filter((i) => i >= 0);
      if (right.length === 0)
        return { line, error: 'No right answer: mark one with =, or give the right ones a weight (~%50%)' };
      const correct = right.map((i) => texts[i] ?? '');
      const explanation = explain(right) || explanationFor(correct.join(', '));
      // One option worth 100% and no penalties is a single right answer written with ~%100%.
      const single =
        right.length === 1 && answers[right[0] ?? 0]?.weight === 100 && answers.every((a) => a.weight >= 0);
      return single
        ? { ...base, question_type: 'multiple-choice', options: texts, correct_answer: correct[0] ?? '', explanation }
        : {
            ...base,
            question_type: 'multiple-response',
            options: texts,
            correct_answer: joinOptionLines(correct),
            explanation,
          };
    }
    const right = answers.map((a, i) => (a.mark === '=' && a.weight >= 100 ? i : -1)).filter((i) => i >= 0);
    const partial = answers.findIndex((a) => a.weight > 0 && a.weight < 100);
    if (partial >= 0)
      return {
        line,
        error: `Partial credit (${percent(answers[partial]?.weight ?? 0)} for ${named(partial)}) is not offered: a multiple-choice question scores all or nothing. Mark it right with = or wrong with ~ and no weight, or make the question multiple response (every answer with ~ and a weight)`,
      };
    if (right.length === 0) return { line, error: 'No right answer: mark one with =' };
    if (right.length > 1)
      return {
        line,
        error:
          'A multiple-choice question may have only one right answer (=); for several right answers, write each with ~ and a weight (~%50%)',
      };
    const correct = texts[right[0] ?? 0] ?? '';
    return {
      ...base,
      question_type: 'multiple-choice',
      options: texts,
      correct_answer: correct,
      explanation: explain(right) || explanationFor(correct),
    };
  } catch (error) {
    if (error instanceof GiftRefusal) return { line, error: error.message };
    throw error;
  }
}

class GiftRefusal extends Error {}

/** Longer than any question the bank takes (question, ten options, feedback): a brace left open swallows the file. */
export const GIFT_MAX_QUESTION_CHARS = 50_000;

export function parseGift(text: string): ParsedFile {
  const questions: ParsedQuestion[] = [];
  const errors: LineError[] = [];
  let topic = '';
  let block: { line: number; lines: string[]; chars: number } | null = null;
  const flush = () => {
    if (!block) return;
    if (block.chars > GIFT_MAX_QUESTION_CHARS) {
      errors.push({
        line: block.line,
        error: `This question runs on for more than ${GIFT_MAX_QUESTION_CHARS.toLocaleString('en')} characters: a { is probably never closed with }`,
      });
      block = null;
      return;
    }
    const parsed = giftQuestion(block.lines.join('\n'), block.line, topic);
    if ('error' in parsed) errors.push(parsed);
    else questions.push(parsed);
    block = null;
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let depth = 0;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (depth === 0 && content.startsWith('//')) return;
    if (depth === 0 && /^\$CATEGORY:/i.test(content)) {
      flush();
      topic = topicOf(content.replace(/^\$CATEGORY:/i, ''));
      return;
    }
    if (content === '' && depth === 0) {
      flush();
      return;
    }
    if (!block) block = { line, lines: [], chars: 0 };
    const current = block as { lines: string[]; chars: number };
    current.chars += raw.length + 1;
    // Past the limit the text is not kept, only its braces counted, so the next question is found.
    if (current.chars <= GIFT_MAX_QUESTION_CHARS) current.lines.push(raw);
    // Blank lines inside the braces belong to the question.
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] === '\\') i++;
      else if (raw[i] === '{') depth++;
      else if (raw[i] === '}') depth = Math.max(0, depth - 1);
    }
  });
  flush();
  return { questions, errors: errors.sort((a, b) => a.line - b.line) };
}

export const parseQuestionText = (format: QuestionTextFormat, text: string): ParsedFile =>
  format === 'gift' ? parseGift(text) : parseAiken(text);

/**
 * Moodle's two plain-text question formats, read into the add form's fields, each question with
 * the line of the file it starts on. Shared by the server (the import) and the admin screen (its
 * preview names the bad lines before anything is sent). No zod here: the front end imports it.
 *
 * - Aiken: a question on one line, options `A.` or `A)` in order, then `ANSWER: X`.
 * - GIFT: `::title::` (optional) text `{ =right ~wrong #feedback ####general feedback }`;
 *   `{=a =b}` is a short answer (fill-in-the-blank, every `=` accepted), `{T}`/`{F}` true/false
 *   (multiple choice of True and False), `{}` an essay (its model answer after `####`); text after
 *   the braces makes a missing-word question (`____` where the braces were); `$CATEGORY:` lines
 *   give the topic of the questions after them (the last part of the path); `//` lines are comments.
 */

export const questionTextFormats = ['gift', 'aiken'] as const;
export type QuestionTextFormat = (typeof questionTextFormats)[number];

export type ParsedQuestion = {
  line: number;
  question: string;
  question_type: 'multiple-choice' | 'fill-in-the-blank' | 'essay';
  options: string[];
  correct_answer: string;
  explanation: string;
  topic: string;
};
export type LineError = { line: number; error: string };
export type ParsedFile = { questions: ParsedQuestion[]; errors: LineError[] };

/** Without feedback in the file, the explanation says what the answer is (the bank requires one). */
const explanationFor = (answer: string) => `The correct answer is: ${answer}`;

export function parseAiken(text: string): ParsedFile {
  const questions: ParsedQuestion[] = [];
  const errors: LineError[] = [];
  let current: { line: number; question: string; options: string[]; broken: boolean } | null = null;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '') return;
    if (!current) {
      current = { line, question: content, options: [], broken: false };
      return;
    }
    const option = /^([A-Z])[.)]\s+(.+)$/.exec(content);
    const answer = /^ANSWER:\s*(.*)$/i.exec(content);
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
    errors.push({
      line,
      error:
        current.options.length === 0
          ? 'The question must be on one line, followed by its options (A. …)'
          : 'Expected the next option (A. …) or the ANSWER line',
    });
    current.broken = true;
  });
  const unfinished = current as { line: number } | null;
  if (unfinished) errors.push({ line: unfinished.line, error: 'This question has no ANSWER line' });
  return { questions, errors: errors.sort((a, b) => a.line - b.line) };
}

// ---- GIFT

const unescapeGift = (value: string) =>
  value.replace(/\\([~=#{}:\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c)).trim();
const stripFormat = (value: string) => value.replace(/^\[(html|moodle|plain|markdown)\]/i, '');
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

type GiftAnswer = { right: boolean; text: string; feedback: string };

/** The answers between the braces: `=` right, `~` wrong (`~%100%` right), `#` feedback, `####` general feedback. */
function giftAnswers(body: string): { answers: GiftAnswer[]; general: string; bare: string } {
  let general = '';
  const generalAt = body.indexOf('####');
  if (generalAt >= 0) {
    general = unescapeGift(body.slice(generalAt + 4));
    body = body.slice(0, generalAt);
  }
  const answers: GiftAnswer[] = [];
  let bare = '';
  let current: { right: boolean; raw: string } | null = null;
  const close = () => {
    if (!current) return;
    const feedbackAt = findUnescaped(current.raw, '#');
    let text = feedbackAt >= 0 ? current.raw.slice(0, feedbackAt) : current.raw;
    const feedback = feedbackAt >= 0 ? unescapeGift(current.raw.slice(feedbackAt + 1)) : '';
    let right = current.right;
    const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(text);
    if (weight) {
      right = Number(weight[1]) >= 100;
      text = text.slice(weight[0].length);
    }
    answers.push({ right, text: unescapeGift(text), feedback });
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
      current = { right: c === '=', raw: '' };
    } else if (current) current.raw += c;
    else bare += c;
  }
  close();
  return { answers, general, bare: bare.trim() };
}

function giftQuestion(source: string, line: number, topic: string): ParsedQuestion | LineError {
  let text = source.trim();
  const title = /^::(.*?)::/s.exec(text);
  if (title) text = text.slice(title[0].length);
  const open = findUnescaped(text, '{');
  if (open < 0) return { line, error: 'No answers: a GIFT question needs its answers in { }' };
  const end = findUnescaped(text, '}', open + 1);
  if (end < 0) return { line, error: 'The { of the answers is never closed with }' };
  const before = stripFormat(text.slice(0, open).trim());
  const after = text.slice(end + 1).trim();
  const question = unescapeGift(after ? `${before} ____ ${after}` : before);
  if (!question) return { line, error: 'The question text is missing' };
  const body = text.slice(open + 1, end);
  if (findUnescaped(body, '-') >= 0 && /->/.test(body))
    return {
      line,
      error: 'Matching questions are not supported: use multiple choice, short answer, true/false or essay',
    };
  if (/^\s*#(?!###)/.test(body))
    return {
      line,
      error: 'Numerical questions are not supported: use multiple choice, short answer, true/false or essay',
    };
  const { answers, general, bare } = giftAnswers(body);
  const base = { line, question, topic };
  if (answers.length === 0 && /^(T|TRUE|F|FALSE)(\s*#.*)?$/is.test(bare)) {
    const value = /^(T|TRUE)/i.test(bare) ? 'True' : 'False';
    const feedback = bare.includes('#') ? unescapeGift(bare.slice(bare.indexOf('#') + 1).replace(/#.*$/s, '')) : '';
    return {
      ...base,
      question_type: 'multiple-choice',
      options: ['True', 'False'],
      correct_answer: value,
      explanation: general || feedback || explanationFor(value),
    };
  }
  if (answers.length === 0) {
    if (bare)
      return {
        line,
        error: `Could not read the answers "${bare.slice(0, 40)}": start each with = (right) or ~ (wrong)`,
      };
    if (!general) return { line, error: 'An essay question ({}) needs a model answer after ####' };
    return { ...base, question_type: 'essay', options: [], correct_answer: general, explanation: general };
  }
  const right = answers.filter((a) => a.right);
  if (right.length === 0) return { line, error: 'No right answer: mark one with =' };
  const explanation = general || right[0]?.feedback || explanationFor(right[0]?.text ?? '');
  if (answers.every((a) => a.right)) {
    return {
      ...base,
      question_type: 'fill-in-the-blank',
      options: [],
      correct_answer: right.map((a) => a.text).join('|'),
      explanation,
    };
  }
  if (right.length > 1) return { line, error: 'A multiple-choice question may have only one right answer (=)' };
  return {
    ...base,
    question_type: 'multiple-choice',
    options: answers.map((a) => a.text),
    correct_answer: right[0]?.text ?? '',
    explanation,
  };
}

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

import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  ACCEPTED_ANSWER_SEPARATOR,
  difficulties,
  hasOptions,
  joinOptionLines,
  optionLines,
  professions,
  questionTypes,
  TOPIC_MAX_LENGTH,
  type QuestionFormat,
  type QuestionType,
} from '../../../contracts/lms-constants.js';
import type { AdminQuestion } from '../../../contracts/lms.js';
import { choiceOf } from '../../lib/choices.js';
import { errorMessage, fieldError } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { SelectField, TextareaField, TextField } from '../../ui/field.js';
import { Form } from '../../ui/form.js';
import { FormError } from '../../ui/states.js';
import { difficultyLabel, professionLabel, questionTypeLabel } from '../labels.js';
import styles from '../lms.module.css';
import type { QuestionBody } from './admin-api.js';

/** One option of the form: its text (any text, commas included) and whether it is a right answer. */
type OptionRow = { key: number; text: string; correct: boolean };
const MAX_OPTIONS = 10;
let nextRowKey = 1;
const row = (text = '', correct = false): OptionRow => ({ key: nextRowKey++, text, correct });

type Values = {
  question: string;
  question_format: QuestionFormat;
  question_type: QuestionType;
  options: OptionRow[];
  correct_answer: string;
  explanation: string;
  profession: string;
  difficulty: string;
  topic: string;
};

const emptyValues: Values = {
  question: '',
  question_format: 'plain',
  question_type: 'multiple-choice',
  options: [],
  correct_answer: '',
  explanation: '',
  profession: '',
  difficulty: 'medium',
  topic: '',
};

const newValues = (): Values => ({ ...emptyValues, options: [row(), row(), row(), row()] });

/** A saved question's options as rows, each marked by the answer key (one right option, or one per line). */
function valuesOf(question: AdminQuestion): Values {
  const right = new Set(
    (question.question_type === 'multiple-response'
      ? optionLines(question.correct_answer)
      : [question.correct_answer]
    ).map((answer) => answer.trim().toLowerCase()),
  );
  const options = question.options.map((text) => row(text, right.has(text.trim().toLowerCase())));
  while (options.length < 2) options.push(row());
  return {
    question: question.question,
    // Kept as it is: saving an imported Markdown question leaves it Markdown.
    question_format: question.question_format,
    question_type: question.question_type,
    options,
    correct_answer: hasOptions(question.question_type) ? '' : question.correct_answer,
    explanation: question.explanation,
    profession: question.profession,
    difficulty: question.difficulty,
    topic: question.topic,
  };
}

const requestFields = [
  'question',
  'question_format',
  'question_type',
  'options',
  'correct_answer',
  'explanation',
  'profession',
  'difficulty',
  'topic',
] as const;
/** Each request field's control, by the suffix of its id. */
const fieldIds: Record<(typeof requestFields)[number], string> = {
  question: 'text',
  question_format: 'format',
  question_type: 'type',
  options: 'options',
  correct_answer: 'answer',
  explanation: 'explanation',
  profession: 'profession',
  difficulty: 'difficulty',
  topic: 'topic',
};

type Props = {
  /** The question being edited; a new one when absent. */
  question?: AdminQuestion;
  /** Prefixes the fields' ids, so the add form and an edit dialog can both be on the page. */
  idPrefix: string;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  pendingLabel: string;
  /** Opens a refusal's sentence, e.g. "Error adding question: ". */
  failurePrefix: string;
  busy: boolean;
  /** The last refusal from the server: a field's shown under it, any other above the form. */
  failure: unknown;
  /** Resolves once saved; the add form then starts afresh. */
  onSave: (body: QuestionBody) => Promise<unknown>;
  onCancel?: () => void;
};

/** Adding and editing a question: the same fields, checked in the app's words, the server's refusals next to their field. */
export function QuestionForm({
  question,
  idPrefix,
  label,
  submitLabel,
  pendingLabel,
  failurePrefix,
  busy,
  failure,
  onSave,
  onCancel,
}: Props) {
  const [form, setForm] = useState<Values>(() => (question ? valuesOf(question) : newValues()));
  const set = (key: Exclude<keyof Values, 'options'>) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const setOption = (key: number, change: Partial<OptionRow>) =>
    setForm((f) => ({
      ...f,
      // Multiple choice has one right option: marking one unmarks the others.
      options: f.options.map((o) =>
        o.key === key
          ? { ...o, ...change }
          : change.correct && f.question_type !== 'multiple-response'
            ? { ...o, correct: false }
            : o,
      ),
    }));
  const multipleResponse = form.question_type === 'multiple-response';
  const invalid = fieldError(failure, requestFields);
  const errorOf = (field: (typeof requestFields)[number]) => (invalid?.field === field ? invalid.message : null);
  // With options, the answer key is the rows' marks: its refusal shows with them.
  const optionsError = errorOf('options') ?? (hasOptions(form.question_type) ? errorOf('correct_answer') : null);
  const id = (field: string) => `${idPrefix}-${field}`;
  // A refusal is brought into view (on a phone the button is far below the form's top): the field
  // it names, or the message above the form.
  const top = useRef<HTMLDivElement>(null);
  // Only a new refusal moves the focus: the field is read from it here, not from this render.
  useEffect(() => {
    if (!failure) return;
    const refused = fieldError(failure, requestFields);
    const field = refused?.field as (typeof requestFields)[number] | undefined;
    // The answer key of an options question is marked on the rows: its refusal focuses the first.
    const target =
      field === 'correct_answer' && !document.getElementById(`${idPrefix}-${fieldIds.correct_answer}`)
        ? 'options'
        : field;
    const named = target ? document.getElementById(`${idPrefix}-${fieldIds[target]}`) : null;
    (named ?? top.current)?.focus();
  }, [failure, idPrefix]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The profession select is required and lists only professions: the form asks before it gets here.
    const profession = choiceOf(professions, form.profession);
    if (!profession) return;
    const rows = hasOptions(form.question_type) ? form.options.filter((o) => o.text.trim() !== '') : [];
    const right = rows.filter((o) => o.correct).map((o) => o.text.trim());
    const body = {
      ...form,
      profession,
      difficulty: choiceOf(difficulties, form.difficulty),
      options: rows.map((o) => o.text.trim()),
      correct_answer: hasOptions(form.question_type)
        ? multipleResponse
          ? joinOptionLines(right)
          : (right[0] ?? '')
        : form.correct_answer,
    };
    onSave(body).then(
      () => {
        if (!question) setForm(newValues());
      },
      // Shown through `failure`.
      () => undefined,
    );
  };

  return (
    <Form onSubmit={onSubmit} aria-label={label}>
      <div ref={top} tabIndex={-1}>
        <FormError message={failure && !invalid ? `${failurePrefix}${errorMessage(failure, 'Unknown error')}` : null} />
      </div>
      <div className={styles.formGrid}>
        <TextareaField
          id={id(fieldIds.question)}
          className={styles.full}
          label="Question"
          required
          maxLength={2000}
          value={form.question}
          onChange={set('question')}
          error={errorOf('question')}
        />
        <SelectField
          id={id(fieldIds.question_format)}
          label="Question text is"
          value={form.question_format}
          onChange={set('question_format')}
          error={errorOf('question_format')}
        >
          <option value="plain">Plain text</option>
          <option value="markdown">Markdown (tables, lists, bold; no HTML)</option>
        </SelectField>
        <SelectField
          id={id(fieldIds.question_type)}
          label="Question type"
          value={form.question_type}
          onChange={set('question_type')}
          error={errorOf('question_type')}
        >
          {questionTypes.map((t) => (
            <option key={t} value={t}>
              {questionTypeLabel(t)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={id('difficulty')}
          label="Difficulty"
          value={form.difficulty}
          onChange={set('difficulty')}
          error={errorOf('difficulty')}
        >
          {difficulties.map((d) => (
            <option key={d} value={d}>
              {difficultyLabel(d)}
            </option>
          ))}
        </SelectField>
        {hasOptions(form.question_type) ? (
          <fieldset className={`${styles.full} ${styles.optionRows}`}>
            <legend className={styles.fieldLabel}>
              Options: mark {multipleResponse ? 'every right one (select all that apply)' : 'the right one'}
            </legend>
            {form.options.map((option, index) => (
              <div key={option.key} className={styles.optionRow}>
                <TextField
                  id={index === 0 ? id(fieldIds.options) : id(`option-${option.key}`)}
                  label={`Option ${index + 1}`}
                  value={option.text}
                  maxLength={500}
                  onChange={(event) => setOption(option.key, { text: event.target.value })}
                  error={index === 0 ? optionsError : null}
                />
                <label className={styles.optionCorrect}>
                  <input
                    type={multipleResponse ? 'checkbox' : 'radio'}
                    name={id('correct')}
                    checked={option.correct}
                    onChange={(event) => setOption(option.key, { correct: event.target.checked })}
                    aria-label={`Option ${index + 1} is correct`}
                  />
                  Correct
                </label>
                {form.options.length > 2 && (
                  <Button
                    variant="ghost"
                    aria-label={`Remove option ${index + 1}`}
                    onClick={() => setForm((f) => ({ ...f, options: f.options.filter((o) => o.key !== option.key) }))}
                  >
                    Remove
                  </Button>
                )}
              </div>
            ))}
            {form.options.length < MAX_OPTIONS && (
              <Button variant="secondary" onClick={() => setForm((f) => ({ ...f, options: [...f.options, row()] }))}>
                Add option
              </Button>
            )}
          </fieldset>
        ) : (
          <TextField
            id={id(fieldIds.correct_answer)}
            label="Correct answer"
            required
            value={form.correct_answer}
            onChange={set('correct_answer')}
            error={errorOf('correct_answer')}
            hint={
              form.question_type === 'fill-in-the-blank'
                ? `Several accepted answers may be separated by ${ACCEPTED_ANSWER_SEPARATOR}`
                : 'A model answer for the grader'
            }
          />
        )}
        <SelectField
          id={id('profession')}
          label="Profession"
          required
          value={form.profession}
          onChange={set('profession')}
          error={errorOf('profession')}
        >
          <option value="">Select a profession</option>
          {professions.map((p) => (
            <option key={p} value={p}>
              {professionLabel(p)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('topic')}
          label="Topic (optional)"
          value={form.topic}
          onChange={set('topic')}
          hint="For example: Pharmacology"
          maxLength={TOPIC_MAX_LENGTH}
          error={errorOf('topic')}
        />
        <TextField
          id={id('explanation')}
          className={styles.full}
          label="Explanation"
          required
          value={form.explanation}
          onChange={set('explanation')}
          error={errorOf('explanation')}
        />
      </div>
      <div className={styles.actions}>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

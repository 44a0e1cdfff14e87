import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  ACCEPTED_ANSWER_SEPARATOR,
  difficulties,
  parseOptionsText,
  professions,
  questionTypes,
  TOPIC_MAX_LENGTH,
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

type Values = {
  question: string;
  question_type: QuestionType;
  options: string;
  correct_answer: string;
  explanation: string;
  profession: string;
  difficulty: string;
  topic: string;
};

const emptyValues: Values = {
  question: '',
  question_type: 'multiple-choice',
  options: '',
  correct_answer: '',
  explanation: '',
  profession: '',
  difficulty: 'medium',
  topic: '',
};

const valuesOf = (question: AdminQuestion): Values => ({
  question: question.question,
  question_type: question.question_type,
  options: question.options.join(', '),
  correct_answer: question.correct_answer,
  explanation: question.explanation,
  profession: question.profession,
  difficulty: question.difficulty,
  topic: question.topic,
});

const requestFields = [
  'question',
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
  const [form, setForm] = useState<Values>(question ? valuesOf(question) : emptyValues);
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const invalid = fieldError(failure, requestFields);
  const errorOf = (field: (typeof requestFields)[number]) => (invalid?.field === field ? invalid.message : null);
  const id = (field: string) => `${idPrefix}-${field}`;
  // A refusal is brought into view (on a phone the button is far below the form's top): the field
  // it names, or the message above the form.
  const top = useRef<HTMLDivElement>(null);
  // Only a new refusal moves the focus: the field is read from it here, not from this render.
  useEffect(() => {
    if (!failure) return;
    const refused = fieldError(failure, requestFields);
    const named = refused
      ? document.getElementById(`${idPrefix}-${fieldIds[refused.field as (typeof requestFields)[number]]}`)
      : null;
    (named ?? top.current)?.focus();
  }, [failure, idPrefix]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The profession select is required and lists only professions: the form asks before it gets here.
    const profession = choiceOf(professions, form.profession);
    if (!profession) return;
    const body = {
      ...form,
      profession,
      difficulty: choiceOf(difficulties, form.difficulty),
      options: form.question_type === 'multiple-choice' ? parseOptionsText(form.options) : [],
    };
    onSave(body).then(
      () => {
        if (!question) setForm(emptyValues);
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
        {form.question_type === 'multiple-choice' && (
          <TextField
            id={id('options')}
            className={styles.full}
            label="Options (comma-separated)"
            required
            value={form.options}
            onChange={set('options')}
            hint="For example: Aspirin, Heparin, Warfarin"
            error={errorOf('options')}
          />
        )}
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
              : form.question_type === 'essay'
                ? 'A model answer for the grader'
                : 'One of the options'
          }
        />
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

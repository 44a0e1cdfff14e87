import { joinOptionLines, optionLines } from '../../contracts/lms-constants.js';
import type { ServedQuestion } from '../../contracts/lms.js';
import { TextField } from '../ui/field.js';
import styles from './lms.module.css';
import { OptionMarker, optionMark, optionMarkClass } from './option-marks.js';

type Props = {
  question: ServedQuestion;
  answer: string;
  onAnswer: (answer: string) => void;
  disabled?: boolean;
  /** Once the answer is known (practice feedback): the correct answer, to mark the options. */
  correctAnswer?: string | null | undefined;
};

/**
 * The question's text and the answer's input, the same in every mode of the exam: options as
 * radio buttons, checkboxes for multiple response ("select all that apply"), a field for a
 * fill-in-the-blank, a text area for an essay.
 */
export function QuestionInputs({ question, answer, onAnswer, disabled = false, correctAnswer }: Props) {
  return (
    <>
      {question.question_type === 'multiple-choice' && (
        <fieldset className={styles.options} disabled={disabled}>
          <legend className="visually-hidden">Choose one answer</legend>
          {question.options.map((option) => {
            const mark = correctAnswer === undefined ? null : optionMark(option, answer, correctAnswer);
            return (
              <label key={option} className={`${styles.option} ${optionMarkClass(mark)}`}>
                <input
                  type="radio"
                  name={`answer-${question.id}`}
                  value={option}
                  checked={answer === option}
                  onChange={() => onAnswer(option)}
                />
                {option}
                <OptionMarker mark={mark} />
              </label>
            );
          })}
        </fieldset>
      )}
      {question.question_type === 'multiple-response' && (
        <fieldset className={styles.options} disabled={disabled}>
          <legend className={styles.muted}>Select all that apply</legend>
          {question.options.map((option) => {
            const chosen = optionLines(answer);
            const mark = correctAnswer === undefined ? null : optionMark(option, answer, correctAnswer);
            return (
              <label key={option} className={`${styles.option} ${optionMarkClass(mark)}`}>
                <input
                  type="checkbox"
                  name={`answer-${question.id}`}
                  value={option}
                  checked={chosen.includes(option)}
                  onChange={(event) =>
                    // The options in the order shown, one per line: the answer the server marks.
                    onAnswer(
                      joinOptionLines(
                        question.options.filter((o) => (o === option ? event.target.checked : chosen.includes(o))),
                      ),
                    )
                  }
                />
                {option}
                <OptionMarker mark={mark} />
              </label>
            );
          })}
        </fieldset>
      )}
      {question.question_type === 'fill-in-the-blank' && (
        <TextField
          label="Your answer"
          value={answer}
          disabled={disabled}
          autoComplete="off"
          onChange={(e) => onAnswer(e.target.value)}
        />
      )}
      {question.question_type === 'essay' && (
        <div style={{ marginBottom: '1rem' }}>
          <label className={styles.fieldLabel} htmlFor={`essay-answer-${question.id}`}>
            Your answer
          </label>
          <textarea
            id={`essay-answer-${question.id}`}
            className={styles.textarea}
            value={answer}
            disabled={disabled}
            rows={8}
            onChange={(e) => onAnswer(e.target.value)}
          />
        </div>
      )}
    </>
  );
}

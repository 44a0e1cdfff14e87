import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { optionLines } from '../../contracts/lms-constants.js';
import review from './exam-review.module.css';

/** How an option is marked once the answer is known: the right one, the learner's wrong choice, or neither. */
export type OptionMark = 'chosen-correct' | 'correct' | 'chosen-wrong' | null;

/** Whether `option` is among `answer`'s options: one for multiple choice, one per line for multiple response. */
const same = (option: string, answer: string | null | undefined) =>
  answer !== null &&
  answer !== undefined &&
  optionLines(answer).some((line) => line.toLowerCase() === option.trim().toLowerCase());

export function optionMark(option: string, chosen: string, correctAnswer: string | null | undefined): OptionMark {
  if (same(option, correctAnswer)) return same(option, chosen) ? 'chosen-correct' : 'correct';
  return same(option, chosen) ? 'chosen-wrong' : null;
}

export const optionMarkClass = (mark: OptionMark) =>
  mark === 'chosen-wrong' ? review.wrongOption : mark === null ? '' : review.correctOption;

/** The words next to a marked option, so the marking does not rest on colour alone. */
export function OptionMarker({ mark }: { mark: OptionMark }) {
  if (mark === null) return null;
  if (mark === 'chosen-wrong') {
    return (
      <span className={review.markerWrong}>
        <CircleX size={16} aria-hidden="true" /> Your answer
      </span>
    );
  }
  return (
    <span className={review.markerCorrect}>
      <CircleCheck size={16} aria-hidden="true" />{' '}
      {mark === 'chosen-correct' ? 'Your answer, correct' : 'Correct answer'}
    </span>
  );
}

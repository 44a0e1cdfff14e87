import { UPGRADE_REQUIRED, type Program } from '../../contracts/lms.js';
import { AppError } from '../platform/errors.js';

/** The signed-in LMS user as the server knows them now (role and programs are read per request, not trusted from the token). */
export type LmsAccount = {
  id: number;
  username: string;
  profession: 'doctor' | 'nurse' | 'physiotherapist' | 'nutritionist' | 'dentist';
  role: 'user' | 'admin';
  allowedPrograms: string[];
  createdAt: Date;
  /** Carried in the token as `ver`; see server/platform/tokens.ts. */
  sessionVersion: number;
};

// The table of what each program opens is documented with `programs` in contracts/lms.ts.
export const hasProgram = (account: LmsAccount, program: Program) => account.allowedPrograms.includes(program);

/**
 * The one results rule: without the exam-results program no score, correct count, rate or
 * rate-based award shows anywhere (summary, progress, profile, attempts, review, the exam's own answers).
 */
export const resultsLocked = (account: LmsAccount) => !hasProgram(account, 'exam-results');

export function requireProgram(account: LmsAccount, program: Program, message: string): void {
  if (!hasProgram(account, program)) throw new AppError(403, message, UPGRADE_REQUIRED);
}

import { randomInt } from 'node:crypto';

/*
 * Case numbers: made up for a new case (PW-2026-7K3M9Q), and kept upper-case so a look-up does
 * not care how one was typed.
 */

// Without easily confused characters (0/O, 1/I/L), for numbers read over the phone.
const CASE_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function generateCaseNumber(now: Date): string {
  const suffix = Array.from({ length: 6 }, () => CASE_NUMBER_ALPHABET[randomInt(CASE_NUMBER_ALPHABET.length)]).join('');
  return `PW-${now.getUTCFullYear()}-${suffix}`;
}

/** Case numbers are kept upper-case, so look-ups need not care how they were typed. */
export const normalizeCaseNumber = (caseNumber: string) => caseNumber.trim().toUpperCase();

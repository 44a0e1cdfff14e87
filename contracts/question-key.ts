/** A question's identity in the bank: its text, trimmed and in any case, for its profession. */
export const questionKey = (question: { profession: string; question: string }) =>
  `${question.profession}\u0000${question.question.trim().toLowerCase()}`;

/** Time comes from here, so deadlines and relative times can be tested without waiting. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

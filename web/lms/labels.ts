import { capitalized } from '../lib/format.js';

export const professionLabel = (p: string) => (p === 'all' ? 'All professions' : capitalized(p));

/** The API's keys as a person reads them: `fill-in-the-blank` -> "Fill in the blank", `easy` -> "Easy". */
export const questionTypeLabel = (type: string) => capitalized(type.replaceAll('-', ' '));
export const difficultyLabel = capitalized;
export const roleLabel = (role: string) => (role === 'user' ? 'Learner' : capitalized(role));

/** Seconds as minutes:seconds, the spec's timer format (180:00 for three hours). */
export function formatTimer(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "1 lesson", "14 lessons". */
export const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A length of time in words: "180 minutes", "1 minute 30 seconds", "30 seconds". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return plural(rest, 'second');
  return rest === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

/** Time left in hours and minutes, as a candidate reads it: "2 h 41 min", "4 min", "under a minute". */
export function formatTimeLeft(totalSeconds: number): string {
  const minutes = Math.floor(Math.max(0, totalSeconds) / 60);
  if (minutes === 0) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export function formatDay(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00` : iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

export { programLabel } from '../../contracts/lms-constants.js';

/** "3 courses with 14 lessons": what the library holds for the learner, counted. */
export function librarySize(courses: { lessons: number }[]): string {
  const lessons = courses.reduce((sum, course) => sum + course.lessons, 0);
  return `${plural(courses.length, 'course')} with ${plural(lessons, 'lesson')}`;
}

/**
 * The applicant's dates, written in one time zone, named: UTC. The tracker's result (and "page not
 * found", and the sign-in pages) is drawn on the server and then hydrated in the browser. A date
 * written in each one's own zone falls on different days whenever the moment is near midnight (a
 * server in UTC, a phone in Manila at UTC+8 from 16:00 UTC on), and hydration would then draw a
 * different page from the one the server sent. So every date the applicant's screens write, drawn
 * on the server or not, comes from here, in the same zone on both sides whatever either one's
 * clock is set to; a time of day says its zone.
 */
export const DATES_TIME_ZONE = 'UTC';

/**
 * A day in the reader's language ("10 March 2026", "١٠ مارس ٢٠٢٦"): a full moment (ISO 8601) or a
 * calendar day (`2026-03-10`, which JavaScript reads as midnight UTC).
 */
export function formatDay(iso: string, language: string | undefined, style: 'medium' | 'long' = 'long'): string {
  return new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: DATES_TIME_ZONE }).format(new Date(iso));
}

/** A day and a time of day, with its zone named ("10 Mar 2026, 12:30 UTC"). */
export function formatDayAndTime(iso: string, language: string | undefined): string {
  // Field by field: `dateStyle` and `timeStyle` cannot be combined with `timeZoneName` (a RangeError).
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DATES_TIME_ZONE,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A time of day with its zone named ("12:30 UTC"): a moment within minutes (a link code's expiry). */
export function formatTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DATES_TIME_ZONE,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A readable local date and time, or the fallback when there is none. */
export function formatDateTime(iso: string | null | undefined, fallback = 'N/A'): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dateTime.format(date);
}

/** The text with its first letter upper-cased: "easy" -> "Easy". */
export const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

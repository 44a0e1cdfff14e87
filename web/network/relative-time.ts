/**
 * The spec's relative time: Just now, N min ago, N hr ago, N day(s) ago, then a long US date, in
 * the reader's zone, or in UTC (`inUtc`) where the server draws it and the browser hydrates it
 * (web/lib/drawn-at.ts): a day near midnight is a different day in each one's own zone.
 */
export function relativeTime(iso: string, now: Date = new Date(), inUtc = false): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const seconds = Math.max(0, (now.getTime() - then.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hr ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  return then.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    ...(inUtc ? { timeZone: 'UTC' } : {}),
  });
}

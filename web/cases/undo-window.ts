/** The undo offer lasts as the server says, within sane bounds should this browser's clock be off. */
export function undoWindowMs(undoUntil: string): number {
  return Math.min(10 * 60_000, Math.max(5_000, Date.parse(undoUntil) - Date.now()));
}

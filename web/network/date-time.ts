/**
 * The network's one way of writing a moment: the date, the time and the time zone named ("27 Nov
 * 2026, 17:45 UTC"), in the reader's locale and zone, so a suspension's end is never ambiguous.
 */
export function dateTimeWithZone(iso: string): string {
  // Field by field: `dateStyle` and `timeStyle` cannot be combined with `timeZoneName` (a RangeError).
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** A day, written as dateTimeWithZone writes it ("28 Nov 2026", in the reader's locale): never "11/28/2026", read either way round. */
export function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

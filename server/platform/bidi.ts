/*
 * Left-to-right runs inside right-to-left text (a case number, a link, a name or a step written in
 * English inside an Arabic sentence) are shown scrambled by the Unicode bidirectional algorithm
 * unless they are isolated: "casetracking/case/127.0.0.1:4501?…", a full stop at the start of a
 * line. The words of an email mark such runs with Unicode isolates; the plain-text part keeps the
 * isolate characters, and the HTML part turns each run into an element that isolates it
 * (`<bdi>`, or `<span dir="ltr">` for a run known to be left to right).
 */

/** LEFT-TO-RIGHT ISOLATE: what follows is left to right (a link, a case number). */
export const LRI = '\u2066';
/** RIGHT-TO-LEFT ISOLATE: what follows is right to left (a line of an Arabic email). */
export const RLI = '\u2067';
/** FIRST STRONG ISOLATE: what follows takes the direction of its first letter (a name, a step). */
export const FSI = '\u2068';
/** POP DIRECTIONAL ISOLATE: the end of the run. */
export const PDI = '\u2069';

/** A run of unknown direction, isolated. */
export const isolate = (text: string) => `${FSI}${text}${PDI}`;

/**
 * A left-to-right run, isolated. A space ends a link before the isolate closes, so an app that
 * turns addresses into links in plain text does not take the invisible character into the link.
 */
export const isolateLtr = (text: string) => `${LRI}${text}${/^https?:\/\//.test(text) ? ' ' : ''}${PDI}`;

export type TextRun = { text: string; isolated?: 'ltr' | 'auto' };

/** The runs of a text that carries isolates (one level: the email's values are never nested). */
export function isolatedRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  const pattern = /([\u2066\u2068])([^\u2066\u2067\u2068\u2069]*)\u2069/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index) });
    runs.push({ text: (match[2] ?? '').trimEnd(), isolated: match[1] === LRI ? 'ltr' : 'auto' });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at) });
  return runs;
}

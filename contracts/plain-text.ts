/**
 * Whether a name, number or step holds only characters that show as themselves: none of the
 * control characters (U+0000-U+001F and DEL; PostgreSQL text cannot even hold NUL) and none of
 * Unicode's bidirectional controls (U+202A-U+202E, U+2066-U+2069), which reorder the text around
 * them so that a name reads as something else ("Zoë ‮evil" shows as "Zoë live"). One pass over the
 * char codes, no array: it runs on every public lookup's two fields.
 */
export function isPlainText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069))
      return false;
  }
  return true;
}

/** `client_email` -> "client email", `caseNumber` -> "case number". */
function labelOf(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Ends a text with a full stop unless it already ends a sentence. */
const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * A schema's complaint about one request field as the sentence a screen shows, so no client has to
 * reword it: "passport_number is required" -> "Please enter the passport number.", "name must be at
 * most 100 characters" -> "Name must be at most 100 characters.". A text the schema already wrote as a
 * sentence ("Please enter a valid email address") stays as it is; zod's own wording ("Invalid input:
 * expected string") becomes a request to check the field.
 */
export function validationSentence(field: string | undefined, detail: string): string {
  if (!field) return asSentence(capitalized(detail));
  const label = labelOf(field);
  const fieldName = new RegExp(`\\b${field}\\b`, 'g');
  if (/ is required$/.test(detail)) return `Please enter the ${label}.`;
  if (/^Invalid\b/.test(detail)) return `Please check the ${label}.`;
  if (/^[A-Z]/.test(detail)) return asSentence(detail);
  if (detail.search(fieldName) >= 0) return asSentence(capitalized(detail.replace(fieldName, label)));
  return asSentence(`${capitalized(label)} ${detail}`);
}

import { z } from 'zod';
import { isPlainText } from './plain-text.js';
import { translatedLanguages, type Translations } from './case-languages.js';

/**
 * The staff's words in the applicants' other languages (contracts/case-languages.ts): how the API
 * answers them, and how staff send them. English stays in the thing's own fields.
 */

const translatedFieldsAnswer = z.object({ name: z.string().optional(), description: z.string().optional() });
/** In an answer: each language's words, a field or language left out when staff wrote none. */
export const translationsAnswer = z.object({
  ar: translatedFieldsAnswer.optional(),
  hi: translatedFieldsAnswer.optional(),
});

const translatedText = (field: string, max: number, multiline: boolean) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(
      (text) => isPlainText(multiline ? text.replace(/\r?\n/g, ' ') : text),
      `${field} must not contain control characters`,
    );

/**
 * In a request: `{ ar: { name, description }, hi: { … } }`. A field sent empty removes that
 * translation (the applicant then reads the English); a language or field not sent is left as it
 * is by an edit (mergeTranslations).
 */
export function translationsInput({ nameMax, descriptionMax }: { nameMax: number; descriptionMax?: number }) {
  const fields = z.strictObject({
    name: translatedText('translated name', nameMax, false).optional(),
    // A service's name and a refusal reason have no description to translate.
    description: translatedText('translated description', descriptionMax ?? 0, true).optional(),
  });
  // One entry per language of translatedLanguages.
  return z.strictObject({ ar: fields.optional(), hi: fields.optional() }, { error: 'translations must be ar and hi' });
}

/** An edit's translations over the stored ones: what it sends replaces, an empty field removes. */
export function mergeTranslations(
  stored: Translations | null | undefined,
  sent: Partial<Record<string, Partial<Record<string, string | undefined>> | undefined>> | undefined,
): Translations {
  const merged: Translations = {};
  for (const language of translatedLanguages) {
    const fields = { ...stored?.[language] };
    for (const [field, text] of Object.entries(sent?.[language] ?? {})) {
      if (field !== 'name' && field !== 'description') continue;
      if (text === undefined) continue;
      if (text === '') delete fields[field];
      else fields[field] = text;
    }
    if (Object.keys(fields).length) merged[language] = fields;
  }
  return merged;
}

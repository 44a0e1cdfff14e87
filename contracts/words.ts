/**
 * Translated texts, one way for the whole app: a catalogue is a plain object of sections and texts
 * (English is the shape the other languages match), a text is asked for by its dotted key and its
 * `{{name}}` placeholders are filled in. The applicant screens (web/cases/locales) and the emails to
 * applicants (server/cases/email-locales) both read theirs through `wordsOf`. No i18next: the
 * catalogues have no plurals or nesting, and the library weighed 17 KB of the tracker's first page.
 */

/** A catalogue: sections (to any depth) of texts. */
export type Catalogue = { readonly [key: string]: string | Catalogue };

/** `section.key` (or deeper) of every text in a catalogue. */
export type WordKey<Words> = {
  [Key in keyof Words & string]: Words[Key] extends string ? Key : `${Key}.${WordKey<Words[Key]>}`;
}[keyof Words & string];

/** Values put into a text's `{{name}}` placeholders. */
export type WordValues = Readonly<Record<string, string | number>>;

/** A text of the catalogue by its key, with its placeholders filled in. */
export type Translate<Words> = (key: WordKey<Words>, values?: WordValues) => string;

const placeholder = /\{\{(\w+)\}\}/g;

/**
 * The lookup of one catalogue. A key the catalogue lacks reads as the key itself (the catalogue
 * tests keep that from happening); a placeholder without a value stays as written. `inserted`
 * changes each value before it goes in (the emails isolate them in right-to-left text).
 */
export function wordsOf<Words extends Catalogue>(
  catalogue: Words,
  inserted: (value: string) => string = (value) => value,
): Translate<Words> {
  return (key, values) => {
    let found: string | Catalogue | undefined = catalogue;
    for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
    if (typeof found !== 'string') return key;
    if (!values) return found;
    return found.replace(placeholder, (whole, name: string) =>
      Object.hasOwn(values, name) ? inserted(String(values[name])) : whole,
    );
  };
}

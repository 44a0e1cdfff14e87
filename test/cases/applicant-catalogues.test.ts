import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from '../../web/cases/locales/ar.js';
import en from '../../web/cases/locales/en.js';
import hi from '../../web/cases/locales/hi.js';
import screensAr from '../../web/cases/locales/screens/ar.js';
import screensEn from '../../web/cases/locales/screens/en.js';
import screensHi from '../../web/cases/locales/screens/hi.js';
import emailAr from '../../server/cases/email-locales/ar.js';
import emailEn from '../../server/cases/email-locales/en.js';
import emailHi from '../../server/cases/email-locales/hi.js';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('applicant catalogues', () => {
  // The tracker's first screen's words, and the other screens' (issue 42: downloaded with those screens).
  const firstScreen = leaves(en);
  const screens = leaves(screensEn);
  const english = new Map([...firstScreen, ...screens]);

  it.each([
    ['ar', 'first screen', ar, firstScreen],
    ['hi', 'first screen', hi, firstScreen],
    ['ar', 'other screens', screensAr, screens],
    ['hi', 'other screens', screensHi, screens],
  ] as const)(
    'when the %s catalogue of the %s is compared with English, then it has every key, no extra one, no empty text and the same placeholders',
    (_code, _part, catalogue, englishPart) => {
      const other = leaves(catalogue);
      expect([...other.keys()].sort()).toEqual([...englishPart.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(englishPart.get(key) ?? ''));
      }
    },
  );

  it("when the two parts are read together, then no section is in both (the screens' lookup merges them)", () => {
    expect(Object.keys(en).filter((section) => Object.hasOwn(screensEn, section))).toEqual([]);
  });

  it('when the applicant screens name a key, then English has it', async () => {
    const folder = join(import.meta.dirname, '../../web/cases');
    const files = (await readdir(folder)).filter((name) => /\.tsx?$/.test(name));
    const used = new Set<string>();
    for (const name of files) {
      const source = await readFile(join(folder, name), 'utf8');
      for (const match of source.matchAll(/\bt\('([\w.]+)'/g)) used.add(match[1]!);
      // Keys built from a value (`progress.stepStatus.${status}`): every value the prefix can take is checked below.
    }
    expect(used.size).toBeGreaterThan(40);
    for (const key of used) expect(english.has(key), key).toBe(true);
    for (const status of ['completed', 'active', 'pending'])
      expect(english.has(`progress.stepStatus.${status}`)).toBe(true);
    for (const status of ['underReview', 'inProgress', 'completed'])
      expect(english.has(`progress.caseStatus.${status}`)).toBe(true);
    for (const status of ['requested', 'uploaded', 'accepted', 'rejected'])
      expect(english.has(`caseView.status.${status}`)).toBe(true);
  });

  const englishEmails = leaves(emailEn);

  it.each([
    ['ar', emailAr],
    ['hi', emailHi],
  ] as const)(
    'when the %s email catalogue is compared with English, then it has every key, no extra one, no empty text and the same placeholders',
    (_code, catalogue) => {
      const other = leaves(catalogue);
      expect([...other.keys()].sort()).toEqual([...englishEmails.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(englishEmails.get(key) ?? ''));
      }
    },
  );

  it('when the applicant emails name a key, then English has it', async () => {
    const source = await readFile(join(import.meta.dirname, '../../server/cases/case-emails.ts'), 'utf8');
    const used = new Set([...source.matchAll(/\bt\('([\w.]+)'/g)].map((match) => match[1]!));
    expect(used.size).toBeGreaterThan(30);
    for (const key of used) expect(englishEmails.has(key), key).toBe(true);
  });
});

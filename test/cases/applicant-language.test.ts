import { describe, expect, it } from 'vitest';
import { requestLanguage } from '../../server/cases/applicant-language.js';

describe('the language of an applicant request', () => {
  it.each([
    [undefined, undefined, 'en'],
    [undefined, 'ar', 'ar'],
    [undefined, 'en;q=0.5, ar;q=0.9', 'ar'],
    [undefined, 'fr-FR, hi-IN;q=0.8, ar;q=0.7', 'hi'],
    [undefined, 'fr, de', 'en'],
    [undefined, 'ar;q=0, hi;q=0.1', 'hi'],
    [undefined, '*', 'en'],
    ['hi', 'ar', 'hi'],
    ['fr', 'ar', 'ar'],
  ])('when the body names %s and Accept-Language is %s, then the email is in %s', (body, header, expected) => {
    expect(requestLanguage(body, header)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { lessonImageSource } from '../../contracts/lms-constants.js';

/*
 * The fourth review bypassed the lesson-image filter with `%2e%2e` (issue 35): the filter looked
 * for `..` in the text, but the browser decodes `%2e%2e` to `..` and resolves it, so
 * `/lesson-images/%2e%2e/anything` loaded any address of the origin into a learner's page. The
 * filter now resolves the address as the browser does and accepts exactly a stored lesson image.
 */

const STORED = '/lesson-images/0123456789abcdef01234567.png';

describe('the addresses a lesson may load images from', () => {
  it('when the address is a stored lesson image, then it is kept as it is', () => {
    expect(lessonImageSource(STORED)).toBe(STORED);
    expect(lessonImageSource('/lesson-images/0123456789abcdef01234567.webp')).toBe(
      '/lesson-images/0123456789abcdef01234567.webp',
    );
  });

  it.each([
    '/lesson-images/%2e%2e/api/network/me',
    '/lesson-images/%2E%2E/%2e%2E/caseadmin/dashboard.png',
    '/lesson-images/.%2e/api/progress?caseNumber=1',
    '/lesson-images/%2e./x.png',
    '/lesson-images/..%2f..%2fapi%2fnetwork%2fme',
    '/lesson-images/a/../../api/network/me',
    '/lesson-images\\..\\api\\network\\me',
    '/lesson-images/%5c..%5capi',
    '//evil.example/lesson-images/0123456789abcdef01234567.png',
    '/\\evil.example/lesson-images/0123456789abcdef01234567.png',
    'https://evil.example/lesson-images/0123456789abcdef01234567.png',
    'javascript:alert(1)//lesson-images/',
    `${STORED}?next=/api/network/me`,
    `${STORED}#x`,
    '/lesson-images/0123456789abcdef01234567.svg',
    '/lesson-images/diagram.png',
    '/lesson-images/',
    `/lesson-images/%30123456789abcdef01234567.png`,
  ])('when the address is %s, then no image is loaded', (address) => {
    expect(lessonImageSource(address)).toBe('');
  });
});

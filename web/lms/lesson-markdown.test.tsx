import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LessonMarkdown } from './lesson-markdown.js';

const dosage = [
  'Paracetamol by weight:',
  '',
  '| Weight (kg) | Dose (mg) | الجرعة |',
  '| ----------- | --------: | ------ |',
  '| 10          | 150       | ١٥٠ ملغ |',
  '| 20          | 300       | ३०० मि.ग्रा. |',
  '',
  '- [x] Check the weight',
  '- [ ] Check the last dose',
  '',
  '<b onmouseover="alert(1)">raw</b><script>alert(2)</script>',
].join('\n');

describe('lesson Markdown (GitHub-flavoured, without raw HTML)', () => {
  it('draws a dosage table and a task list, and still drops raw HTML', () => {
    const { container } = render(<LessonMarkdown text={dosage} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Weight (kg)', 'Dose (mg)', 'الجرعة']);
    expect(within(table).getAllByRole('row')[2]?.textContent).toContain('३०० मि.ग्रा.');
    const done = screen.getByRole('checkbox', { name: 'Done' });
    expect((done as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Not done' }) as HTMLInputElement).checked).toBe(false);
    expect(container.textContent).not.toContain('|');
    expect(container.querySelector('script, b, [onmouseover]')).toBeNull();
  });
});

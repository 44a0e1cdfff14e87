import { configure, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionText } from './question-text.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * Issue 39: a GIFT question marked [markdown] was stored and shown with its literal ** and pipes.
 * Its text is now kept as Markdown and rendered wherever a question is shown (GitHub-flavoured,
 * tables included, raw HTML dropped); a plain question is shown exactly as written.
 */

const DOSAGE = [
  'Which **maintenance** dose fits a patient of ٦٠ kg?',
  '',
  '| Weight | Dose |',
  '|---|---|',
  '| ٦٠ kg | १२ mg |',
  '',
  '<script>window.stolen = true</script><b>raw</b>',
].join('\n');

describe('a question’s text', () => {
  it('when it is Markdown, then its emphasis and table are drawn, and raw HTML is not', async () => {
    render(<QuestionText as="h2" id="exam-question" tabIndex={-1} text={DOSAGE} format="markdown" />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['WeightDose', '٦٠ kg१२ mg']);
    const block = document.getElementById('exam-question');
    expect(block?.querySelector('strong')?.textContent).toBe('maintenance');
    expect(block?.textContent).not.toContain('**');
    expect(block?.querySelector('script, b')).toBeNull();
    expect(block?.textContent).not.toContain('window.stolen');
    expect(block?.getAttribute('tabindex')).toBe('-1');
  });

  it('when a Markdown question heads its card, then it is a heading of that level, its table and list kept inside', async () => {
    // The review's finding: drawn as a plain block, a screen reader's heading navigation skipped it.
    render(
      <>
        <QuestionText as="h2" id="exam-question" text={DOSAGE} format="markdown" />
        <QuestionText as="h3" text={'Name **one** B vitamin\n\n- Thiamine\n- [ ] Riboflavin'} format="markdown" />
      </>,
    );
    const question = screen.getByRole('heading', { level: 2 });
    expect(question.id).toBe('exam-question');
    expect(await within(question).findByRole('table')).toBeTruthy();
    const review = screen.getByRole('heading', { level: 3 });
    expect((await within(review).findAllByRole('listitem')).map((item) => item.textContent?.trim())).toEqual([
      'Thiamine',
      'Riboflavin',
    ]);
    // A heading element may hold only phrasing content: the table and list are in a block with the role.
    expect(document.querySelector('h2, h3')).toBeNull();
  });

  it('when it is Markdown in a one-line place, then its emphasis is drawn inline, without blocks', async () => {
    render(
      <p data-testid="summary">
        <QuestionText inline text={'Name **one** B vitamin\n\n- Thiamine'} format="markdown" />
      </p>,
    );
    const summary = screen.getByTestId('summary');
    await within(summary).findByText('one');
    expect(summary.querySelector('strong')?.textContent).toBe('one');
    expect(summary.querySelector('p, ul, li, table, div')).toBeNull();
  });

  it('when it is plain text, then it is shown as written, asterisks and pipes included, as the heading', () => {
    render(<QuestionText as="h2" text="Is 2 * 3 | 6 a **valid** sum?" format="plain" />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Is 2 * 3 | 6 a **valid** sum?');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../ui/toast.js';
import { ImportPreviewTable, PREVIEW_PAGE_SIZE } from './import-preview.js';
import { QuestionImport } from './question-import.js';

/** A CSV file's rows as the preview holds them, numbered as a spreadsheet shows them (the header is row 1). */
const csvRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ row: i + 2, question: `سؤال رقم ${i + 1}: which dose?` }));

function renderCsvPreview(count: number, problems: Map<number, string>) {
  render(
    <ImportPreviewTable
      unit="Row"
      rows={csvRows(count)}
      numberOf={(row) => row.row}
      problemOf={(row) => problems.get(row.row)}
      columns={[{ header: 'Question', cell: (row) => row.question }]}
    />,
  );
  return userEvent.setup();
}

const preview = () => screen.getByRole('table', { name: 'Preview of the import' });

describe('the import preview', () => {
  it('shows every row of a long file, paged, and the problem of each, the last row too', async () => {
    const problems = new Map([
      [3, 'correct_answer must be one of the options'],
      [173, 'difficulty must be easy, medium or hard'],
    ]);
    const user = renderCsvPreview(172, problems);
    expect(within(preview()).getAllByRole('row')).toHaveLength(PREVIEW_PAGE_SIZE + 1);
    expect(screen.getByText(`Page 1 of ${Math.ceil(172 / PREVIEW_PAGE_SIZE)}`)).toBeTruthy();
    for (let page = 1; page < Math.ceil(172 / PREVIEW_PAGE_SIZE); page++)
      await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(preview()).getByRole('row', { name: /سؤال رقم 172/ }).textContent).toContain(
      'difficulty must be easy, medium or hard',
    );

    await user.click(screen.getByLabelText('Only rows with problems (2 of 172)'));
    const rows = within(preview()).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('correct_answer must be one of the options'),
      expect.stringContaining('difficulty must be easy, medium or hard'),
    ]);
    expect(screen.queryByRole('navigation', { name: 'Preview pages' })).toBeNull();
  });

  it('marks a bad GIFT question at the end of a long file, as the importer reads it in the browser', async () => {
    const lines = Array.from({ length: 80 }, (_, i) => `::Q${i + 1}:: Which dose ${i + 1}? {=Right ~Wrong}\n`);
    lines[77] = '::Q78:: Which dose 78? {~Aortic ~Tricuspid}\n';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <QuestionImport profession="nurse" onImported={() => {}} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('File format'), 'gift');
    await user.upload(
      screen.getByLabelText('GIFT file'),
      new File([lines.join('\n')], 'bank.gift', { type: 'text/plain' }),
    );
    await user.click(await screen.findByLabelText('Only lines with problems (1 of 80)'));
    const rows = within(preview()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toMatch(/^155.*No right answer/);
  });
});

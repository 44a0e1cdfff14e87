import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/toast.js';
import { QuestionImport } from './question-import.js';

/*
 * The CSV import's preview reads and checks the file in the browser with the server's own reader
 * and checks (contracts/question-import.ts), so every row's problem shows before anything is sent.
 * The files are the real tools' own (test/fixtures/spreadsheets, described in its README); the
 * server's side of the same files is test/lms/question-spreadsheets.test.ts.
 */

// From the repository's root (vitest's working directory): under happy-dom `import.meta.url` is not the file's.
const fixture = (name: string) => readFileSync(join(process.cwd(), 'test/fixtures/spreadsheets', name));

async function preview(name: string, bytes: Uint8Array<ArrayBuffer>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <QuestionImport profession="" onImported={() => {}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file'), new File([bytes], name, { type: 'text/csv' }));
  return user;
}

const table = () => screen.getByRole('table', { name: 'Preview of the import' });

describe('the CSV import preview', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['questions-excel-windows-1252.csv', 4],
    ['questions-excel-semicolon-1252.csv', 4],
    ['questions-excel-utf8-bom.csv', 6],
    ['questions-excel-unicode-text.txt', 6],
    ['questions-google-sheets.csv', 6],
    ['questions-google-sheets.tsv', 2],
    ['questions-libreoffice-quoted.csv', 6],
    ['questions-trailing-empty-columns.csv', 6],
  ] as const)('when %s is chosen, then every question is listed and none has a problem', async (name, count) => {
    await preview(name, fixture(name));
    expect(
      await screen.findByText(new RegExp(`^${name.replace('.', '\\.')} \\(read as .*\\): ${count} questions\\.$`)),
    ).toBeTruthy();
    expect(within(table()).getAllByRole('row')).toHaveLength(count + 1);
    expect(screen.queryByLabelText(/^Only rows with problems/)).toBeNull();
    expect(screen.getByRole('button', { name: `Import ${count} questions` })).toBeTruthy();
  });

  it('when a Google Sheets file has bad rows, then each is marked with the server’s own words before anything is sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const sheet = fixture('questions-google-sheets.csv').toString('utf8');
    const bad = [
      // Row 8: a key that is not an option.
      'ما الدواء الذي يعكس الهيبارين؟,multiple-choice,"Protamine\nVitamin K",Naloxone,البروتامين يعكس الهيبارين.,nurse,easy,الصيدلة',
      // Row 9: a difficulty the bank does not have.
      'रक्तचाप १२०/८० सामान्य है?,essay,,Normal,१२०/८० is normal.,nurse,very hard,Cardiology',
      // Row 10: the first question again, for the same profession.
      'Which vitamin D dose is the usual weekly loading dose for deficiency?,essay,,Any,Any dose.,nurse,easy,',
      // Row 11: too few values.
      'Q three?,essay',
    ];
    const user = await preview('bank.csv', new TextEncoder().encode(`${sheet}${bad.join('\r\n')}\r\n`));
    expect(
      await screen.findByText(
        /^bank\.csv \(read as .*\): 10 questions; 4 rows with problems, marked below\. Nothing is imported while a row has a problem\.$/,
      ),
    ).toBeTruthy();
    await user.click(screen.getByLabelText('Only rows with problems (4 of 10)'));
    const rows = within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/^8ما الدواء.*correct_answer must be one of the options$/),
      expect.stringMatching(/^9रक्तचाप.*difficulty must be one of easy, medium, hard$/),
      expect.stringMatching(/^10Which vitamin D dose.*The same question is on row 2$/),
      expect.stringMatching(
        /^11.*A row has a different number of values than the header \(line \d+\): 2 instead of 8\.$/,
      ),
    ]);
    // Read in the browser: nothing went to the server.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when a file is refused whole (its header lacks columns, or it is not CSV), then it says why, naming the row, and offers no import', async () => {
    await preview('names.csv', new TextEncoder().encode('question|question_type|options\nQ?|essay|\n'));
    expect(
      await screen.findByText(
        'names.csv cannot be imported: row 1: The header lacks the columns question, question_type, options, correct_answer, explanation, profession, difficulty (it was read as 1 column, separated by commas: question|question_type|options)',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });
});

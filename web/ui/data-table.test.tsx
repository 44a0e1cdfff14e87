import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table.js';

type Row = { id: number; caseNumber: string; name: string; passport: string; step: string; status: string };

const rows: Row[] = [
  {
    id: 1,
    caseNumber: 'PW-2026-K7M2QX-RENEWAL-2',
    name: 'Ramanathan Venkatasubramanian García Fernández',
    passport: 'P 4471 823',
    step: 'Employer Visa Request Submitted to the Immigration Authority',
    status: 'In Progress',
  },
  {
    id: 2,
    caseNumber: 'PW-2026-0102',
    name: 'فاطمة الزهراء عبد الله',
    passport: 'K-4407919',
    step: 'दस्तावेज़ हमारे कार्यालय में प्राप्त',
    status: 'Under Review',
  },
];

/** The columns as the desk and the dashboard declare them: identifiers, a clamped name, plain text. */
const columns = (widths: boolean): Column<Row>[] => [
  {
    header: 'Case Number',
    identifier: true,
    ...(widths ? { width: '10ch' } : {}),
    cell: (row) => <a href={`/caseadmin/details/${row.id}`}>{row.caseNumber}</a>,
  },
  { header: 'Client Name', maxLines: 2, ...(widths ? { width: '8rem' } : {}), cell: (row) => <bdi>{row.name}</bdi> },
  { header: 'Passport Number', identifier: true, ...(widths ? { width: '6ch' } : {}), cell: (row) => row.passport },
  { header: 'Current Step', fill: true, ...(widths ? { width: '7rem' } : {}), cell: (row) => row.step },
  { header: 'Status', ...(widths ? { width: '6rem' } : {}), cell: (row) => row.status },
];

const cellOf = (table: HTMLElement, rowText: string, column: string) => {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(rowText));
  if (!row) throw new Error(`no row with ${rowText}`);
  return within(row).getAllByRole('cell')[headers.indexOf(column)]!;
};

describe('DataTable cells that can cut their text', () => {
  it('at fixed widths, every identifier and every clamped text carries its whole text as its tooltip, in every row', () => {
    render(<DataTable caption="Cases" columns={columns(true)} rows={rows} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Cases' });
    for (const row of rows) {
      expect(cellOf(table, row.caseNumber, 'Case Number').title).toBe(row.caseNumber);
      expect(cellOf(table, row.caseNumber, 'Passport Number').title).toBe(row.passport);
      expect(cellOf(table, row.caseNumber, 'Client Name').title).toBe(row.name);
    }
    // Text that wraps within its column is never cut, so it needs no tooltip.
    expect(cellOf(table, rows[0]!.caseNumber, 'Status').title).toBe('');
  });

  it('when the rows change, the tooltips follow them', () => {
    const { rerender } = render(
      <DataTable caption="Cases" columns={columns(true)} rows={rows} rowKey={(row) => row.id} />,
    );
    const renamed = [{ ...rows[0]!, name: 'Amína Al-Harbi bint Abdulrahman Al-Qahtani' }];
    rerender(<DataTable caption="Cases" columns={columns(true)} rows={renamed} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Cases' });
    expect(cellOf(table, rows[0]!.caseNumber, 'Client Name').title).toBe(renamed[0]!.name);
  });

  it('without fixed widths an identifier widens its column instead of being cut, and clamped text still has its tooltip', () => {
    render(<DataTable caption="Logs" columns={columns(false)} rows={rows} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Logs' });
    expect(cellOf(table, rows[0]!.caseNumber, 'Case Number').title).toBe('');
    expect(cellOf(table, rows[1]!.caseNumber, 'Client Name').title).toBe(rows[1]!.name);
  });
});

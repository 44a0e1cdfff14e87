import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination.js';

describe('the pages of a list', () => {
  const pagesOf = (estimated?: boolean) =>
    render(
      <Pagination
        page={3}
        pageSize={20}
        total={44_117}
        estimated={estimated}
        onPageChange={() => {}}
        label="Cases pages"
      />,
    );

  it('when the total is counted, then the last page is said as it is', () => {
    pagesOf();
    expect(screen.getByRole('navigation', { name: 'Cases pages' }).textContent).toContain('Page 3 of 2206');
  });

  it('when the total is an estimate (a very broad search), then the page count says "about", not a figure passed off as exact', () => {
    pagesOf(true);
    expect(screen.getByRole('navigation', { name: 'Cases pages' }).textContent).toContain('Page 3 of about 2206');
  });
});

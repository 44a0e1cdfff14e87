import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from './routing.js';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params.js';

const defaults = { search: '', status: 'all', sort: 'newest' };
const statuses = new Set(['all', 'open', 'closed']);

/** The hook on a page opened at `address`, with the address it leaves behind. */
function openAt(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      list: useListParams(defaults, { status: (value) => statuses.has(value) }),
      search: useLocation().search,
    }),
    { wrapper },
  );
}

describe('useListParams', () => {
  it('reads the filters and page from the address, a refused or missing value as its default', () => {
    const { result } = openAt('/admin/users?search=%D8%B3%D8%A7%D8%B1%D8%A9&status=deleted&page=3');

    expect(result.current.list.filters).toEqual({ search: 'سارة', status: 'all', sort: 'newest' });
    expect(result.current.list.page).toBe(3);
  });

  it('keeps a page number in range whatever the address says', () => {
    expect(openAt('/admin/users?page=-4').result.current.list.page).toBe(1);
    expect(openAt('/admin/users?page=abc').result.current.list.page).toBe(1);
    expect(openAt('/admin/users?page=99999999').result.current.list.page).toBe(100_000);
  });

  it('writes a filter change into the address, back at page 1, and leaves defaults out', () => {
    const { result } = openAt('/admin/users?status=open&page=4');

    act(() => result.current.list.update({ search: 'नर्स ३', status: 'all' }));

    expect(new URLSearchParams(result.current.search).toString()).toBe(
      new URLSearchParams({ search: 'नर्स ३' }).toString(),
    );
    expect(result.current.list.filters.search).toBe('नर्स ३');
    expect(result.current.list.page).toBe(1);
  });

  it('moves to another page keeping the filters', () => {
    const { result } = openAt('/admin/users?status=closed');

    act(() => result.current.list.update({ page: '2' }));

    expect(result.current.list.page).toBe(2);
    expect(result.current.list.filters.status).toBe('closed');
    act(() => result.current.list.update({ page: '1' }));
    expect(result.current.search).toBe('?status=closed');
  });
});

import { Button } from './button.js';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  /** The total is an estimate (a very broad search, not counted to the last one): said, not passed off as exact. */
  estimated?: boolean;
  onPageChange: (page: number) => void;
  label: string;
};

export function Pagination({ page, pageSize, total, estimated = false, onPageChange, label }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={label}
      style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', justifyContent: 'flex-end', marginTop: '1rem' }}
    >
      <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {estimated ? `about ${pages}` : pages}
      </span>
      <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

import { Button } from '@/components';

export interface PaginationProps {
  page: number;
  pageCount: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the navigation: 'User list pages'. */
  label?: string;
  /** What is counted, one and many: ['user', 'users']. */
  noun?: readonly [string, string];
}

/** Previous / next with 'Page X of Y'. */
export function Pagination({
  page,
  pageCount,
  total,
  onPage,
  label = 'User list pages',
  noun = ['user', 'users'],
}: PaginationProps) {
  return (
    <nav className="table-bar" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="admin-pagination__status" aria-live="polite">
        <span>
          Page {page} of {pageCount}
        </span>{' '}
        <span className="admin-muted">
          · {total} {total === 1 ? noun[0] : noun[1]}
        </span>
      </p>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

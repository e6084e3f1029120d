import { Button } from '@/components';

export interface PaginationProps {
  page: number;
  pageCount: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next with 'Page X of Y'. */
export function Pagination({ page, pageCount, total, onPage }: PaginationProps) {
  return (
    <nav className="table-bar" aria-label="User list pages">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="admin-pagination__status" aria-live="polite">
        Page {page} of {pageCount}
        <span className="admin-muted"> · {total === 1 ? '1 user' : `${total} users`}</span>
      </p>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@tb/core';
import { useState } from 'react';
import { Card, QueryStatus, TextField } from '@/components';
import { USERS_PAGE_SIZE, userListQueryOptions } from '../api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ManageUserDialog } from './manage-user-dialog';
import { Pagination } from './pagination';
import { UsersTable } from './users-table';

export const SEARCH_DEBOUNCE_MS = 300;

/** Search, one page of users, and the dialog that manages the chosen one. */
export function UsersCard({ meId }: { meId: string | null }) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to a search: a new search starts again at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });

  const list = useQuery(userListQueryOptions({ search, page, pageSize: USERS_PAGE_SIZE }));
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  // A deletion can leave the last page empty: step back to the new last page.
  if (list.data && !list.isPlaceholderData && page > pageCount) setPage(pageCount);

  const [selected, setSelected] = useState<AdminUser | null>(null);
  const current = list.data?.users.find((u) => u.id === selected?.id) ?? selected;

  return (
    <Card as="section" className="admin-card">
      <div className="admin-card__header">
        <h2 className="admin-card__title">Users</h2>
        <div className="admin-search">
          <TextField
            label="Search users"
            type="search"
            placeholder="Username or email"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            maxLength={100}
          />
        </div>
      </div>
      <QueryStatus
        query={list}
        loading="Loading users..."
        error="Failed to load users"
        isEmpty={(data) => data.users.length === 0}
        empty={
          <p className="admin-state admin-muted">
            {search ? `No users match '${search}'` : 'No users yet'}
          </p>
        }
      >
        {(data) => (
          <>
            <UsersTable
              users={data.users}
              meId={meId}
              updating={list.isPlaceholderData}
              onManage={setSelected}
            />
            <Pagination page={page} pageCount={pageCount} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryStatus>
      {current ? (
        <ManageUserDialog
          user={current}
          isMe={current.id === meId}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </Card>
  );
}

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { QueryStatus } from './query-status';

function Users({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['users'], queryFn: load, retry: false });
  return (
    <QueryStatus
      query={query}
      loading="Loading users..."
      error="Failed to load users"
      empty={<p>No users yet</p>}
      isEmpty={(users) => users.length === 0}
    >
      {(users) => (
        <ul>
          {users.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
      )}
    </QueryStatus>
  );
}

const renderWith = (load: () => Promise<string[]>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Users load={load} />
    </QueryClientProvider>,
  );

describe('QueryStatus', () => {
  it('shows the spinner, then the data', async () => {
    renderWith(async () => ['ada', 'bob']);
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the empty state when there is nothing', async () => {
    renderWith(async () => []);
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
  });

  it("shows the server's message with Try again, which loads again", async () => {
    let calls = 0;
    renderWith(async () => {
      calls += 1;
      if (calls === 1) {
        throw new ApiError({
          status: 500,
          code: 'INTERNAL',
          message: 'The server is busy',
          fromServer: true,
        });
      }
      return ['ada'];
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('ada');
  });

  it('falls back to its own message when the error has none', async () => {
    renderWith(async () => {
      throw new Error('boom');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users');
  });

  it('keeps loaded data on screen when only a refresh failed', async () => {
    let calls = 0;
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Users
          load={async () => {
            calls += 1;
            if (calls === 2) throw new Error('offline');
            return ['ada'];
          }}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('listitem')).toHaveTextContent('ada');
    await client.refetchQueries({ queryKey: ['users'] }).catch(() => undefined);
    expect(await screen.findByText(/showing what was loaded before/)).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('ada');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.queryByText(/showing what was loaded before/)).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('ada');
  });
});

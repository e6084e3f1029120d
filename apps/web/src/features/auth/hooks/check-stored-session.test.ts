import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, stubFetch } from '@/test/fetch-mock';
import { createTestQueryClient, publicUser } from '@/test/render-app';
import { checkStoredSession } from './check-stored-session';

const now = new Date('2026-03-01T10:00:00.000Z');

function store(tokenExpires: string) {
  localStorage.setItem('token', 't');
  localStorage.setItem('username', 'ada');
  localStorage.setItem('tokenExpires', tokenExpires);
}

describe('checkStoredSession', () => {
  it('does nothing without a stored token', () => {
    const fetch = stubFetch(() => ({ status: 500 }));
    checkStoredSession(createTestQueryClient(), now);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('clears an expired session without a call', () => {
    store('2026-03-01T09:59:59.000Z');
    const fetch = stubFetch(() => ({ status: 500 }));
    checkStoredSession(createTestQueryClient(), now);
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps a session the server accepts', async () => {
    store('2026-03-02T10:00:00.000Z');
    const fetch = stubFetch(() => ({ status: 200, body: publicUser() }));
    const client = createTestQueryClient();
    checkStoredSession(client, now);
    await waitFor(() => expect(client.getQueryData(['users', 'me'])).toBeDefined());
    expect(fetch.mock.calls[0]![0]).toBe('/api/users/me');
    expect(localStorage.getItem('token')).toBe('t');
  });

  it('clears a session the server answers with 401', async () => {
    store('2026-03-02T10:00:00.000Z');
    stubFetch(() => ({ status: 401, body: errorBody('UNAUTHORIZED', 'Unauthorized') }));
    checkStoredSession(createTestQueryClient(), now);
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('username')).toBeNull();
  });
});

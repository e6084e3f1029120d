import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { TimeCell } from './time-cell';

describe('TimeCell', () => {
  it("writes an exchange time in the trader's zone, in the product's format", async () => {
    signIn();
    stubFetch(({ path }) =>
      path === '/users/me'
        ? { status: 200, body: publicUser({ timeZone: 'America/New_York' }) }
        : { status: 404 },
    );
    // 28 Nov 2026 12:51 UTC is 07:51 in New York (UTC-5).
    renderWithProviders(<TimeCell ms={Date.UTC(2026, 10, 28, 12, 51, 11)} />);
    const time = await screen.findByText('07:51');
    expect(time.closest('time')).toHaveTextContent('28 Nov 2026 07:51');
    expect(time.closest('time')).toHaveAttribute('dateTime', '2026-11-28T12:51:11.000Z');
  });
});

import { screen, within } from '@testing-library/react';
import { formatDateTime, type ApiKeyListItem } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '@/lib/time-zone';
import { renderWithProviders } from '@/test/render-with-providers';
import { ApiKeyList } from './api-key-list';

const key = (id: string, lastUsed: string | null): ApiKeyListItem => ({
  id,
  exchangeId: 'hyperliquid',
  network: 'testnet',
  maskedWalletAddress: '0xbbbb...bbbb',
  maskedApiKey: `0x${id}...abcd`,
  maskedApiSecret: '****cdef',
  hasWalletAddress: true,
  isActive: true,
  lastUsed,
});

const lastUsedOf = (item: HTMLElement) =>
  within(item).getByText('Last used', { selector: 'dt' }).nextSibling;

describe('ApiKeyList', () => {
  it("shows when each key was last used, in the visitor's zone, or Never", () => {
    const used = '2026-03-01T14:05:00.000Z';
    renderWithProviders(
      <ApiKeyList
        keys={[key('k1', used), key('k2', null)]}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        deletingId={null}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(lastUsedOf(first!)).toHaveTextContent(
      formatDateTime(used, { timeZone: browserTimeZone() }),
    );
    expect(lastUsedOf(first!)).toHaveTextContent(/^\d{1,2} Mar 2026, \d\d:\d\d$/);
    expect(lastUsedOf(second!)).toHaveTextContent('Never');
  });

  it('says whether the exchange proved the key acts for the wallet', () => {
    renderWithProviders(
      <ApiKeyList
        keys={[
          { ...key('k1', null), control: 'agent' },
          { ...key('k2', null), control: 'none' },
          key('k3', null),
        ]}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        deletingId={null}
      />,
    );
    const ownership = screen
      .getAllByRole('listitem')
      .map((item) => within(item).getByText('Ownership', { selector: 'dt' }).nextSibling);
    expect(ownership[0]).toHaveTextContent('Proven: an API wallet the wallet approved');
    expect(ownership[1]).toHaveTextContent(/^Not proven: .*nothing is placed or verified/);
    expect(ownership[2]).toHaveTextContent('Checked on first use');
  });
});

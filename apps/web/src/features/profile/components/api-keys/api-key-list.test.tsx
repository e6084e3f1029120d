import { render, screen, within } from '@testing-library/react';
import type { ApiKeyListItem } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
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
  it('shows when each key was last used, through lib/format, or Never', () => {
    const used = '2026-03-01T14:05:00.000Z';
    render(
      <ApiKeyList
        keys={[key('k1', used), key('k2', null)]}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        deletingId={null}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(lastUsedOf(first!)).toHaveTextContent(formatDateTime(used));
    expect(lastUsedOf(first!)).toHaveTextContent(/2026/);
    expect(lastUsedOf(second!)).toHaveTextContent('Never');
  });

  it('says whether the exchange proved the key acts for the wallet', () => {
    render(
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

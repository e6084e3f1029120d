import { useQuery } from '@tanstack/react-query';
import type { AccountBalanceRow, ConnectedExchange } from '@tb/core';
import { Alert, Badge, Card, Spinner } from '@/components';
import {
  ACCOUNT_POLL_MS,
  accountQueryOptions,
  connectionLabel,
  exchangeMessages,
  isTimeoutError,
} from '@/features/exchange';
import { errorMessage } from '@/lib/api-error';
import { formatUsdCents } from '@/lib/format';
import { balanceRows, formatCoinAmount, marginUsed } from '../lib/format';
import { DataTable, type Column } from './data-table';

const COLUMNS: readonly Column<AccountBalanceRow>[] = [
  { header: 'Coin', cell: (r) => r.coin },
  { header: 'Total', numeric: true, cell: (r) => formatCoinAmount(r.coin, r.totalBalance) },
  { header: 'Available', numeric: true, cell: (r) => formatCoinAmount(r.coin, r.availableBalance) },
  { header: 'USDC value', numeric: true, cell: (r) => formatUsdCents(r.usdcValue) },
];

/**
 * Balances, account value and margin in use, refreshed every 5 s (or every `pollMs`, and at
 * once on a paper account's pushes: hooks/use-paper-feed.ts). A time-out is not shown
 * (SPEC.md section 8): the last balance stays until the next poll answers.
 */
export function AccountPanel({
  connectionId,
  connection,
  pollMs = ACCOUNT_POLL_MS,
}: {
  connectionId: string | null;
  connection: ConnectedExchange;
  pollMs?: number;
}) {
  const query = useQuery({
    ...accountQueryOptions(connectionId),
    refetchInterval: pollMs,
  });
  const shownError = query.isError && !isTimeoutError(query.error) ? query.error : null;
  const balance = query.data;

  return (
    <Card as="section" className="account-panel">
      <header className="table-bar">
        <h2 className="table-section__title">Account</h2>
        <Badge tone="info">{connectionLabel(connection)}</Badge>
      </header>
      {query.isPending ? <Spinner label="Loading account..." /> : null}
      {shownError ? (
        <Alert tone="error">{errorMessage(shownError, exchangeMessages.fetchAccount)}</Alert>
      ) : null}
      {balance ? (
        <>
          <dl className="account-facts">
            <div>
              <dt>Account value</dt>
              <dd>{formatUsdCents(balance.info.usdcValue)}</dd>
            </div>
            <div>
              <dt>Margin used</dt>
              <dd>{formatUsdCents(marginUsed(balance))}</dd>
            </div>
          </dl>
          <DataTable
            caption="Balances"
            columns={COLUMNS}
            rows={balanceRows(balance)}
            rowKey={(r) => r.coin}
            stack
          />
        </>
      ) : null}
    </Card>
  );
}

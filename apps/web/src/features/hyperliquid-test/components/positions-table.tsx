import { useQuery } from '@tanstack/react-query';
import { confirmMessages, type Position } from '@tb/core';
import { useState } from 'react';
import { Button } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  ACCOUNT_POLL_MS,
  exchangeMessages,
  positionsQueryOptions,
  usePriceFormat,
  type PriceFormat,
} from '@/features/exchange';
import type { TradingActions } from '../hooks/use-trading-actions';
import { formatSize, formatUsdCents, trend } from '@/lib/format';
import { formatLeverage, formatPnl } from '../lib/format';
import { DataTable, type Column } from './data-table';
import { SideBadge } from './side-badge';
import { TableSection } from './table-section';

export const positionsTexts = {
  title: 'Open positions',
  empty: 'No open positions',
  closeAll: 'Close all',
} as const;

function columns(actions: TradingActions, price: PriceFormat): Column<Position>[] {
  return [
    { header: 'Symbol', cell: (p) => p.symbol },
    { header: 'Side', cell: (p) => <SideBadge side={p.side} /> },
    { header: 'Size', numeric: true, cell: (p) => formatSize(Math.abs(p.size)) },
    { header: 'Entry', numeric: true, cell: (p) => price(p.entryPrice, p.symbol) },
    { header: 'Mark', numeric: true, cell: (p) => price(p.markPrice, p.symbol) },
    {
      header: 'Unrealized P/L',
      numeric: true,
      cell: (p) => (
        <span className={`pnl pnl--${trend(p.unrealizedPnl)}`}>
          {formatPnl(p.unrealizedPnl, p.pnlPercentage)}
        </span>
      ),
    },
    {
      header: 'Liq. price',
      numeric: true,
      cell: (p) => (p.liquidationPrice === null ? '—' : price(p.liquidationPrice, p.symbol)),
    },
    { header: 'Margin', numeric: true, cell: (p) => formatUsdCents(p.margin) },
    { header: 'Leverage', numeric: true, cell: (p) => formatLeverage(p.leverage, p.leverageType) },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (p) => (
        <Button
          variant="secondary"
          className="data-table__action"
          aria-label={`Close ${p.symbol} ${p.side} position`}
          busy={actions.closingSymbol === p.symbol}
          onClick={() => actions.closePosition(p)}
        >
          Close
        </Button>
      ),
    },
  ];
}

/**
 * Open positions, refreshed every 5 s (or every `pollMs`, and on pushes); each closes at
 * market, or all at once after a confirm.
 */
export function PositionsTable({
  connectionId,
  actions,
  pollMs = ACCOUNT_POLL_MS,
}: {
  connectionId: string | null;
  actions: TradingActions;
  pollMs?: number;
}) {
  const query = useQuery({
    ...positionsQueryOptions(connectionId),
    refetchInterval: pollMs,
  });
  const price = usePriceFormat();
  const [confirming, setConfirming] = useState(false);
  const hasPositions = (query.data?.length ?? 0) > 0;

  return (
    <TableSection
      id="positions-title"
      title={positionsTexts.title}
      query={query}
      errorText={exchangeMessages.fetchPositions}
      emptyText={positionsTexts.empty}
      actions={
        hasPositions ? (
          <>
            <Button variant="danger" busy={actions.closingAll} onClick={() => setConfirming(true)}>
              {positionsTexts.closeAll}
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Close all positions"
              message={confirmMessages.closeAll}
              confirmLabel="Close all"
              onConfirm={actions.closeAll}
            />
          </>
        ) : null
      }
    >
      {(rows) => (
        <DataTable
          caption={positionsTexts.title}
          columns={columns(actions, price)}
          rows={rows}
          rowKey={(p) => `${p.symbol}-${p.side}`}
        />
      )}
    </TableSection>
  );
}

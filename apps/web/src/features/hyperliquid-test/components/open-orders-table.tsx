import { useQuery } from '@tanstack/react-query';
import type { OpenOrder } from '@tb/core';
import { Button } from '@/components';
import {
  ACCOUNT_POLL_MS,
  exchangeMessages,
  openOrdersQueryOptions,
  usePriceFormat,
  type PriceFormat,
} from '@/features/exchange';
import type { TradingActions } from '../hooks/use-trading-actions';
import { formatSize, formatUsdCents } from '@/lib/format';
import { DataTable, type Column } from './data-table';
import { SideBadge } from './side-badge';
import { TimeCell } from './time-cell';
import { TableSection } from './table-section';

export const openOrdersTexts = { title: 'Open orders', empty: 'No open orders' } as const;

function columns(actions: TradingActions, price: PriceFormat): Column<OpenOrder>[] {
  return [
    { header: 'Time', cell: (o) => <TimeCell ms={o.timestamp} /> },
    { header: 'Symbol', cell: (o) => o.symbol },
    { header: 'Type', cell: (o) => o.orderType },
    { header: 'Side', cell: (o) => <SideBadge side={o.side} /> },
    { header: 'Size', numeric: true, cell: (o) => formatSize(o.size) },
    { header: 'Filled', numeric: true, cell: (o) => formatSize(o.filled) },
    { header: 'Price', numeric: true, cell: (o) => price(o.price, o.symbol) },
    { header: 'Value', numeric: true, cell: (o) => formatUsdCents(o.value) },
    { header: 'Reduce only', cell: (o) => (o.reduceOnly ? 'Yes' : 'No') },
    { header: 'Status', cell: (o) => o.status },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (o) => (
        <Button
          variant="secondary"
          className="data-table__action"
          aria-label={`Cancel ${o.side} ${o.symbol} order ${o.id}`}
          busy={actions.cancellingId === o.id}
          onClick={() => actions.cancelOrder(o)}
        >
          Cancel
        </Button>
      ),
    },
  ];
}

/** Resting orders, refreshed every 5 s (or every `pollMs`, and on pushes), each with Cancel. */
export function OpenOrdersTable({
  connectionId,
  actions,
  pollMs = ACCOUNT_POLL_MS,
}: {
  connectionId: string | null;
  actions: TradingActions;
  pollMs?: number;
}) {
  const query = useQuery({
    ...openOrdersQueryOptions(connectionId),
    refetchInterval: pollMs,
  });
  const price = usePriceFormat();
  return (
    <TableSection
      id="open-orders-title"
      title={openOrdersTexts.title}
      query={query}
      errorText={exchangeMessages.fetchOrders}
      emptyText={openOrdersTexts.empty}
    >
      {(rows) => (
        <DataTable
          caption={openOrdersTexts.title}
          columns={columns(actions, price)}
          rows={rows}
          rowKey={(o) => o.id}
        />
      )}
    </TableSection>
  );
}

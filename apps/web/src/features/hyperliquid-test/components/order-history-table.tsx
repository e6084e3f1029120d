import { useQuery } from '@tanstack/react-query';
import { orderStatusClass, type OrderHistoryRow } from '@tb/core';
import {
  exchangeMessages,
  orderHistoryQueryOptions,
  usePriceFormat,
  type PriceFormat,
} from '@/features/exchange';
import { formatSize } from '@/lib/format';
import { DataTable, type Column } from './data-table';
import { SideBadge } from './side-badge';
import { TimeCell } from './time-cell';
import { TableSection } from './table-section';

export const orderHistoryTexts = {
  title: 'Order history',
  empty: 'No order history found.',
} as const;

const columns = (price: PriceFormat): readonly Column<OrderHistoryRow>[] => [
  { header: 'Time', cell: (o) => <TimeCell ms={o.timestamp} /> },
  { header: 'Symbol', cell: (o) => o.symbol },
  { header: 'Type', cell: (o) => o.type },
  { header: 'Side', cell: (o) => <SideBadge side={o.side} /> },
  { header: 'Price', numeric: true, cell: (o) => price(o.price, o.symbol) },
  { header: 'Amount', numeric: true, cell: (o) => formatSize(o.amount) },
  { header: 'Filled', numeric: true, cell: (o) => formatSize(o.filled) },
  {
    header: 'Status',
    // SPEC.md section 4: filled/closed, canceled/cancelled, open, rejected each have a class.
    cell: (o) => (
      <span className={`order-status order-status--${orderStatusClass(o.status)}`}>{o.status}</span>
    ),
  },
];

/** The account's orders of the past, newest first, with their final status. */
export function OrderHistoryTable({ connectionId }: { connectionId: string | null }) {
  const query = useQuery(orderHistoryQueryOptions(connectionId));
  const price = usePriceFormat();
  return (
    <TableSection
      id="order-history-title"
      title={orderHistoryTexts.title}
      query={query}
      errorText={exchangeMessages.fetchOrderHistory}
      emptyText={orderHistoryTexts.empty}
    >
      {(rows) => (
        <DataTable
          caption={orderHistoryTexts.title}
          columns={columns(price)}
          rows={rows}
          rowKey={(o, i) => `${o.timestamp}-${o.symbol}-${i}`}
        />
      )}
    </TableSection>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { TradeHistoryRow } from '@tb/core';
import {
  exchangeMessages,
  myTradesQueryOptions,
  usePriceFormat,
  type PriceFormat,
} from '@/features/exchange';
import { formatAmount, formatSize, formatUsdCents } from '@/lib/format';
import { DataTable, type Column } from './data-table';
import { SideBadge } from './side-badge';
import { TimeCell } from './time-cell';
import { TableSection } from './table-section';

export const tradeHistoryTexts = {
  title: 'Trade history',
  empty: 'No trade history found.',
} as const;

const columns = (price: PriceFormat): readonly Column<TradeHistoryRow>[] => [
  { header: 'Time', cell: (t) => <TimeCell ms={t.timestamp} /> },
  { header: 'Symbol', cell: (t) => t.symbol },
  { header: 'Side', cell: (t) => <SideBadge side={t.side} /> },
  { header: 'Price', numeric: true, cell: (t) => price(t.price, t.symbol) },
  { header: 'Amount', numeric: true, cell: (t) => formatSize(t.amount) },
  { header: 'Cost', numeric: true, cell: (t) => formatUsdCents(t.cost) },
  {
    header: 'Fee',
    numeric: true,
    cell: (t) => `${formatAmount(t.fee.cost)} ${t.fee.currency}`,
  },
];

/** The account's fills, newest first. */
export function TradeHistoryTable({ connectionId }: { connectionId: string | null }) {
  const query = useQuery(myTradesQueryOptions(connectionId));
  const price = usePriceFormat();
  return (
    <TableSection
      id="trade-history-title"
      title={tradeHistoryTexts.title}
      query={query}
      errorText={exchangeMessages.fetchTrades}
      emptyText={tradeHistoryTexts.empty}
    >
      {(rows) => (
        <DataTable
          caption={tradeHistoryTexts.title}
          columns={columns(price)}
          rows={rows}
          rowKey={(t, i) => `${t.timestamp}-${t.symbol}-${i}`}
        />
      )}
    </TableSection>
  );
}

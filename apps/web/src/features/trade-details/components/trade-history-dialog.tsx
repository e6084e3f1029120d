import { confirmMessages, type Trade } from '@tb/core';
import { memo, useCallback, useState } from 'react';
import { Button, QueryStatus } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import {
  useTradeActions,
  useTradeExport,
  useTradeList,
  useTradingTimeZone,
} from '@/features/journal';
import { formatCount } from '@/lib/format';
import { useHistoryView } from '../hooks/use-history-view';
import { HistoryFilterBar } from './history-filter-bar';
import { TradeEditForm } from './trade-edit-form';
import { TradeRow } from './trade-row';
import './trade-history.css';

export const historyTexts = {
  title: 'Trade History',
  editTitle: 'Edit trade',
  noMatch: 'No trades match these filters.',
  showMore: (shown: number, of: number) =>
    `Show more (${formatCount(shown)} of ${formatCount(of)} shown)`,
  empty: 'No trades recorded yet',
  loading: 'Loading trades...',
  clear: 'Clear history',
  export: 'Export CSV',
  exporting: 'Exporting...',
  loadFailed: 'Failed to load trades',
} as const;

type Pending = { kind: 'delete' | 'hide'; id: string } | { kind: 'clear' } | null;

/**
 * A card renders again only when its trade or a handler changes: "Show more", and a filter or
 * sort that keeps cards on screen, render only the cards that are new (bench/trade-history.mjs).
 */
const Row = memo(TradeRow);

const CONFIRM = {
  delete: { message: confirmMessages.deleteTrade, label: 'Delete' },
  hide: { message: confirmMessages.hideTrade, label: 'Hide' },
  clear: { message: confirmMessages.clearHistory, label: 'Clear' },
} as const;

/**
 * The Trade History panel: OPEN first then newest, each card dated in the trader's zone;
 * filters and sort over the loaded journal, shown a page at a time ("Show more"); close,
 * edit, delete (hide a verified one), export as CSV and clear history.
 */
export function TradeHistoryDialog({ onClose }: { onClose: () => void }) {
  const { trades, query } = useTradeList();
  const timeZone = useTradingTimeZone();
  const view = useHistoryView(trades, timeZone);
  const actions = useTradeActions();
  const { exportCsv, exporting } = useTradeExport();
  const [editing, setEditing] = useState<Trade | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const askDelete = useCallback((id: string) => setPending({ kind: 'delete', id }), []);
  const askHide = useCallback((id: string) => setPending({ kind: 'hide', id }), []);

  const confirm = () => {
    if (pending?.kind === 'delete') actions.remove(pending.id);
    if (pending?.kind === 'hide') actions.hide(pending.id);
    if (pending?.kind === 'clear') actions.clearHistory();
    setPending(null);
  };

  const empty = <p>{historyTexts.empty}</p>;
  const content = editing ? (
    <TradeEditForm
      trade={editing}
      onSave={(edit) => actions.edit(editing, edit)}
      onClose={() => setEditing(null)}
    />
  ) : (
    <>
      <HistoryFilterBar
        filters={view.filters}
        change={view.change}
        reset={view.reset}
        pairs={view.pairs}
        matching={view.matching}
        total={trades.length}
        timeZone={timeZone}
      />
      {view.matching === 0 ? <p className="trade-history__none">{historyTexts.noMatch}</p> : null}
      <ul className="trade-list" aria-label="Trades">
        {view.visible.map((trade) => (
          <Row
            key={trade.id}
            trade={trade}
            timeZone={timeZone}
            onExit={actions.exit}
            onEdit={setEditing}
            onDelete={askDelete}
            onHide={askHide}
          />
        ))}
      </ul>
      {view.visible.length < view.matching ? (
        <Button variant="secondary" onClick={view.showMore}>
          {historyTexts.showMore(view.visible.length, view.matching)}
        </Button>
      ) : null}
      <div className="trade-history__toolbar">
        <Button variant="secondary" busy={exporting} onClick={exportCsv}>
          {exporting ? historyTexts.exporting : historyTexts.export}
        </Button>
        <Button variant="secondary" onClick={() => setPending({ kind: 'clear' })}>
          {historyTexts.clear}
        </Button>
      </div>
    </>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? historyTexts.editTitle : historyTexts.title}
      size="md"
    >
      {query ? (
        <QueryStatus
          // A failed live refresh keeps the list on screen; only a first load that failed says so.
          query={{ ...query, isError: query.isError && query.data === undefined }}
          loading={historyTexts.loading}
          error={historyTexts.loadFailed}
          empty={empty}
          isEmpty={(list) => list.length === 0 && !editing}
        >
          {() => content}
        </QueryStatus>
      ) : trades.length === 0 && !editing ? (
        empty
      ) : (
        content
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        message={CONFIRM[pending?.kind ?? 'delete'].message}
        confirmLabel={CONFIRM[pending?.kind ?? 'delete'].label}
        onConfirm={confirm}
      />
    </Dialog>
  );
}

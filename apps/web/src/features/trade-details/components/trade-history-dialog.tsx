import { confirmMessages, type Trade } from '@tb/core';
import { useState } from 'react';
import { Button, QueryStatus } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import { useTradeActions, useTradeExport, useTradeList } from '@/features/journal';
import { TradeEditForm } from './trade-edit-form';
import { TradeRow } from './trade-row';

export const historyTexts = {
  title: 'Trade History',
  empty: 'No trades recorded yet',
  loading: 'Loading trades...',
  clear: 'Clear history',
  export: 'Export CSV',
  exporting: 'Exporting...',
  loadFailed: 'Failed to load trades',
} as const;

type Pending = { kind: 'delete' | 'hide'; id: string } | { kind: 'clear' } | null;

const CONFIRM = {
  delete: { message: confirmMessages.deleteTrade, label: 'Delete' },
  hide: { message: confirmMessages.hideTrade, label: 'Hide' },
  clear: { message: confirmMessages.clearHistory, label: 'Clear' },
} as const;

/**
 * The Trade History panel: OPEN first then newest; close, edit, delete (hide a verified one),
 * export as CSV and clear history.
 */
export function TradeHistoryDialog({ onClose }: { onClose: () => void }) {
  const { trades, query } = useTradeList();
  const actions = useTradeActions();
  const { exportCsv, exporting } = useTradeExport();
  const [editing, setEditing] = useState<Trade | null>(null);
  const [pending, setPending] = useState<Pending>(null);

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
      <ul className="trade-list">
        {trades.map((trade) => (
          <TradeRow
            key={trade.id}
            trade={trade}
            onClose={actions.close}
            onEdit={setEditing}
            onDelete={(id) => setPending({ kind: 'delete', id })}
            onHide={(id) => setPending({ kind: 'hide', id })}
          />
        ))}
      </ul>
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
    <Dialog open onOpenChange={(open) => !open && onClose()} title={historyTexts.title} size="md">
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

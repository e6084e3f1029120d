import { confirmMessages, type Trade } from '@tb/core';
import { useState } from 'react';
import { Alert, Button, Spinner } from '@/components';
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
  retry: 'Try again',
} as const;

type Pending = { kind: 'delete'; id: string } | { kind: 'clear' } | null;

/**
 * The Trade History panel: OPEN first then newest; close, edit, delete, export as CSV and
 * clear history.
 */
export function TradeHistoryDialog({ onClose }: { onClose: () => void }) {
  const { trades, isLoading, isError, retry } = useTradeList();
  const actions = useTradeActions();
  const { exportCsv, exporting } = useTradeExport();
  const [editing, setEditing] = useState<Trade | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const confirm = () => {
    if (pending?.kind === 'delete') actions.remove(pending.id);
    if (pending?.kind === 'clear') actions.clearHistory();
    setPending(null);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={historyTexts.title} size="md">
      {isLoading ? <Spinner label={historyTexts.loading} /> : null}
      {isError ? (
        <Alert tone="error">
          {historyTexts.loadFailed}{' '}
          <Button variant="ghost" onClick={retry}>
            {historyTexts.retry}
          </Button>
        </Alert>
      ) : null}
      {!isLoading && !isError && trades.length === 0 ? <p>{historyTexts.empty}</p> : null}
      {editing ? (
        <TradeEditForm
          trade={editing}
          onSave={(edit) => actions.edit(editing, edit)}
          onClose={() => setEditing(null)}
        />
      ) : (
        <ul className="trade-list">
          {trades.map((trade) => (
            <TradeRow
              key={trade.id}
              trade={trade}
              onClose={actions.close}
              onEdit={setEditing}
              onDelete={(id) => setPending({ kind: 'delete', id })}
            />
          ))}
        </ul>
      )}
      {trades.length > 0 && !editing ? (
        <div className="trade-history__toolbar">
          <Button variant="secondary" busy={exporting} onClick={exportCsv}>
            {exporting ? historyTexts.exporting : historyTexts.export}
          </Button>
          <Button variant="secondary" onClick={() => setPending({ kind: 'clear' })}>
            {historyTexts.clear}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        message={
          pending?.kind === 'clear' ? confirmMessages.clearHistory : confirmMessages.deleteTrade
        }
        confirmLabel={pending?.kind === 'clear' ? 'Clear' : 'Delete'}
        onConfirm={confirm}
      />
    </Dialog>
  );
}

import { confirmMessages, currentBoard } from '@tb/core';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@/components';
import { notify } from '@/components/notifications';
import {
  openPremiumLock,
  useBingoActions,
  useBingoState,
  useJournalMode,
} from '@/features/journal';
import { downloadBoardsExport, exportTexts } from '../export';
import { BingoCell } from './bingo-cell';
import { BoardNav } from './board-nav';
import './bingo-grid.css';

const CellEditDialog = lazy(() =>
  import('./cell-edit-dialog').then((m) => ({ default: m.CellEditDialog })),
);
const ConfirmDialog = lazy(() =>
  import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** The bingo widget: 25 numbered cells of the board on screen and the board navigation. */
export function BingoGridWidget() {
  const { state, isLoading } = useBingoState();
  const { signedIn, isPremium } = useJournalMode();
  const actions = useBingoActions();
  const [editing, setEditing] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (isLoading || !state) return <Spinner label="Loading bingo card" />;
  const board = currentBoard(state);
  const editedCell = editing === null ? undefined : board.bingoCells[editing];

  const exportBoards = () => {
    if (!signedIn || !isPremium) return openPremiumLock();
    downloadBoardsExport().catch(() => notify(exportTexts.failed, 'error'));
  };

  return (
    <div className="bingo-grid">
      <BoardNav
        state={state}
        isPremium={isPremium}
        actions={actions}
        onDelete={() => setConfirmDelete(true)}
        onExport={exportBoards}
      />
      <div className="bingo-grid__cells" role="group" aria-label={`Cells of ${board.name}`}>
        {board.bingoCells.map((cell, index) => (
          <BingoCell
            key={cell.id}
            cell={cell}
            index={index}
            onToggle={actions.toggle}
            onEdit={setEditing}
          />
        ))}
      </div>
      <Suspense fallback={null}>
        {editedCell && editing !== null ? (
          <CellEditDialog
            cell={editedCell}
            onSave={(patch) => actions.editCell(editing, patch)}
            onClose={() => setEditing(null)}
          />
        ) : null}
        {confirmDelete ? (
          <ConfirmDialog
            open
            onOpenChange={setConfirmDelete}
            message={confirmMessages.deleteBoard}
            confirmLabel="Delete board"
            onConfirm={() => actions.remove(state.currentPageIndex)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

import {
  confirmMessages,
  currentBoard,
  isBoardEmpty,
  scriptBoardMessages,
  type BingoState,
} from '@tb/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button, QueryStatus } from '@/components';
import { notify } from '@/components/notifications';
import {
  journalMessages,
  openPremiumLock,
  useBingoActions,
  useBingoState,
  useJournalMode,
} from '@/features/journal';
import { useScriptCase, useScriptCells, type ScriptCellsView } from '@/features/bingo-script';
import { downloadBoardsExport, exportTexts } from '../export';
import { BingoCells } from './bingo-cells';
import { BoardNav } from './board-nav';
import './bingo-grid.css';

const CellEditDialog = lazy(() =>
  import('./cell-edit-dialog').then((m) => ({ default: m.CellEditDialog })),
);
const ConfirmDialog = lazy(() =>
  import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** Texts of the offer shown on an empty board. */
export const starterOfferTexts = {
  message: 'This board is empty.',
  action: 'Load a starter board',
  hint: '25 good practices with points; edit any of them.',
} as const;

/**
 * The bingo widget: 25 numbered cells of the board on screen and the board navigation. An
 * empty board offers the starter cells. Signed in, the server's card loads through QueryStatus
 * (spinner, then the message with Try again if it fails).
 */
export function BingoGridWidget() {
  const { state, query } = useBingoState();
  if (query) {
    const status = (
      <QueryStatus query={query} loading="Loading bingo card" error={journalMessages.loadBingo}>
        {(card) => <BingoBoard state={card} />}
      </QueryStatus>
    );
    // While it loads, the board's place is kept: on a phone the widgets below would jump.
    return query.isPending ? <div className="bingo-grid__placeholder">{status}</div> : status;
  }
  return state ? <BingoBoard state={state} /> : null;
}

function BingoBoard({ state }: { state: BingoState }) {
  const { signedIn, isPremium } = useJournalMode();
  const actions = useBingoActions();
  const scripts = useScriptCells();
  const scriptCase = useScriptCase();
  const [editing, setEditing] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const cellsRef = useRef<HTMLDivElement>(null);

  const board = currentBoard(state);
  const editedCell = editing === null ? undefined : board.bingoCells[editing];

  const exportBoards = () => {
    if (!signedIn || !isPremium) return openPremiumLock();
    downloadBoardsExport().catch(() => notify(exportTexts.failed, 'error'));
  };

  const loadStarter = () => {
    actions.loadStarter();
    // The offer disappears with the click: keep keyboard users on the board, at its first cell.
    cellsRef.current?.querySelector<HTMLElement>('[data-cell-index="0"]')?.focus();
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
      {isBoardEmpty(board) ? (
        <div className="bingo-grid__starter">
          <p className="bingo-grid__starter-text">
            <strong>{starterOfferTexts.message}</strong> {starterOfferTexts.hint}
          </p>
          <Button className="bingo-grid__starter-button" onClick={loadStarter}>
            {starterOfferTexts.action}
          </Button>
        </div>
      ) : null}
      <BingoCells
        ref={cellsRef}
        cells={board.bingoCells}
        boardName={board.name}
        onToggle={actions.toggle}
        onEdit={setEditing}
        scripts={scripts}
      />
      <ScriptStatus view={scripts} />
      <Suspense fallback={null}>
        {editedCell && editing !== null ? (
          <CellEditDialog
            cell={editedCell}
            onSave={(patch) => actions.editCell(editing, patch)}
            onClose={() => setEditing(null)}
            scriptCase={scriptCase}
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

/** Texts of the line under a board with script cells. */
export const scriptStatusTexts = {
  loading: (pair: string, side: string) => `Script cells: reading the market for ${pair} ${side}…`,
  ready: (pair: string, side: string) =>
    `Script cells ticked for ${pair} ${side}. Hover or focus one for its data and rule.`,
  error: 'Market data unavailable: the script cells show No data and count nothing.',
  retry: 'Try again',
  upgrade: 'Renew',
} as const;

/** One line under the board about its script cells: for which trade, or why they count nothing. */
function ScriptStatus({ view }: { view: ScriptCellsView }) {
  if (view.status === 'none') return null;
  if (view.status === 'locked') {
    return (
      <p className="bingo-grid__script-status is-locked">
        {scriptBoardMessages.lapsed}{' '}
        <Button variant="secondary" onClick={() => openPremiumLock(scriptBoardMessages.lapsed)}>
          {scriptStatusTexts.upgrade}
        </Button>
      </p>
    );
  }
  const side = view.isLong ? 'long' : 'short';
  if (view.status === 'error') {
    return (
      <p className="bingo-grid__script-status is-error" role="status">
        {scriptStatusTexts.error}{' '}
        <Button variant="secondary" onClick={view.retry}>
          {scriptStatusTexts.retry}
        </Button>
      </p>
    );
  }
  // For screen readers only: the cells show it, and the board keeps its height.
  return (
    <p className="visually-hidden" role="status">
      {view.status === 'loading'
        ? scriptStatusTexts.loading(view.pair, side)
        : scriptStatusTexts.ready(view.pair, side)}
    </p>
  );
}

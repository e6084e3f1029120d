import { canGoToPreviousBoard, premiumLockTexts, type BingoState } from '@tb/core';
import { openPremiumLock, type BingoActions } from '@/features/journal';
import { BoardName } from './board-name';

export interface BoardNavProps {
  state: BingoState;
  isPremium: boolean;
  actions: BingoActions;
  onDelete: () => void;
  onExport: () => void;
}

const lockBoards = () => openPremiumLock(premiumLockTexts.boardsMessage);

/** Previous, the board name (rename), next (adds a board at the end), delete and export. */
export function BoardNav({ state, isPremium, actions, onDelete, onExport }: BoardNavProps) {
  const index = state.currentPageIndex;
  const board = state.bingoPages[index];
  const canDelete = state.bingoPages.length > 1 && index > 0;
  return (
    <nav className="board-nav" aria-label="Boards">
      <button
        type="button"
        className="board-nav__button"
        aria-label="Previous board"
        disabled={!canGoToPreviousBoard(state)}
        onClick={actions.previous}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <BoardName
        name={board?.name ?? ''}
        canRename={isPremium}
        onLocked={lockBoards}
        onRename={(name) => actions.rename(index, name)}
      />
      <span className="board-nav__count">
        {index + 1}/{state.bingoPages.length}
      </span>
      <button
        type="button"
        className="board-nav__button"
        aria-label={index === state.bingoPages.length - 1 ? 'Add a board' : 'Next board'}
        onClick={actions.next}
      >
        <span aria-hidden="true">›</span>
      </button>
      {canDelete ? (
        <button
          type="button"
          className="board-nav__button board-nav__button--danger"
          aria-label="Delete board"
          onClick={onDelete}
        >
          <span aria-hidden="true">🗑</span>
        </button>
      ) : null}
      <button type="button" className="board-nav__button board-nav__export" onClick={onExport}>
        Export
      </button>
    </nav>
  );
}

import { canGoToPreviousBoard, premiumLockTexts, type BingoState } from '@tb/core';
import { ChevronLeft, ChevronRight, Plus, Trash2 } from 'lucide-react';
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

/**
 * Previous, the board name (rename), next, delete and export. On the last board "next" reads
 * "+ New board" (it adds one, premium only as before) instead of a "›" that added one unsaid.
 */
export function BoardNav({ state, isPremium, actions, onDelete, onExport }: BoardNavProps) {
  const index = state.currentPageIndex;
  const board = state.bingoPages[index];
  const last = index === state.bingoPages.length - 1;
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
        <ChevronLeft aria-hidden="true" size={18} />
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
      {last ? (
        <button type="button" className="board-nav__button board-nav__new" onClick={actions.next}>
          <Plus aria-hidden="true" size={16} /> New board
        </button>
      ) : (
        <button
          type="button"
          className="board-nav__button"
          aria-label="Next board"
          onClick={actions.next}
        >
          <ChevronRight aria-hidden="true" size={18} />
        </button>
      )}
      {canDelete ? (
        <button
          type="button"
          className="board-nav__button board-nav__button--danger"
          aria-label="Delete board"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" size={16} />
        </button>
      ) : null}
      <button type="button" className="board-nav__button board-nav__export" onClick={onExport}>
        Export
      </button>
    </nav>
  );
}

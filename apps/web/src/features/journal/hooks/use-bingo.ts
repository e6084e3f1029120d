import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  addFilledBoard,
  currentScore,
  deleteBoard,
  goToNextBoard,
  goToPreviousBoard,
  loadStarterBoard,
  renameBoard,
  toggleCell,
  updateCell,
  type BingoCell,
  type BingoState,
  type CellPatch,
  type ErrorCode,
  type Result,
} from '@tb/core';
import { useMemo } from 'react';
import { notify } from '@/components/notifications';
import { bingoQueryOptions, journalKeys, journalMessages, patchCell } from '../api';
import { readLocalJournal, updateLocalJournal, useLocalJournal } from '../local-store';
import { openPremiumLock } from '../premium-lock-store';
import { newId } from '../storage';
import { enqueueBingoWrite, saveWithRetry, type BingoEdit } from './bingo-sync';
import { useJournalMode } from './use-journal-mode';
import { useJournalMutation } from './use-journal-mutation';

/** Shows why a board rule refused: the premium lock, or the rule's message. */
function refuse(result: { ok: false; code: string; message: string }): void {
  if (result.code === 'PREMIUM_REQUIRED') openPremiumLock(result.message);
  else notify(result.message, 'error');
}

/** Confirmations of bingo edits. */
export const bingoNotices = {
  starterLoaded:
    'Starter board loaded: tick the practices you follow, and edit any cell to make it yours.',
} as const;

const valueOrNull = (result: Result<BingoState, ErrorCode>) => (result.ok ? result.value : null);

/**
 * The bingo state on screen (server for signed-in users, the browser otherwise). `query` is the
 * server's query for signed-in users (for QueryStatus's loading, error and retry), else null.
 */
export function useBingoState(): {
  state: BingoState | undefined;
  isLoading: boolean;
  query: UseQueryResult<BingoState> | null;
} {
  const { signedIn } = useJournalMode();
  const local = useLocalJournal((j) => j.bingo);
  const query = useQuery({ ...bingoQueryOptions(), enabled: signedIn });
  return signedIn
    ? { state: query.data, isLoading: query.isPending, query }
    : { state: local, isLoading: false, query: null };
}

/** Just the score of the board on screen: widgets showing it re-render only when it changes. */
export function useBingoScore(): number {
  const { signedIn } = useJournalMode();
  const local = useLocalJournal((j) => currentScore(j.bingo));
  const { data = 0 } = useQuery({
    ...bingoQueryOptions(),
    enabled: signedIn,
    select: currentScore,
  });
  return signedIn ? data : local;
}

export interface BingoActions {
  toggle: (cellIndex: number) => void;
  editCell: (cellIndex: number, patch: CellPatch) => void;
  previous: () => void;
  next: () => void;
  rename: (boardIndex: number, name: string) => void;
  remove: (boardIndex: number) => void;
  /** Fills the empty board on screen with the starter cells (refused if it has any content). */
  loadStarter: () => void;
  /**
   * Adds a board named `name` (trimmed to the limit) holding `cells` and shows it (premium,
   * within the board limit; a refusal shows the lock or the rule). Whether it was added.
   */
  addFilled: (name: string, cells: readonly BingoCell[]) => boolean;
}

/** Stable actions on the bingo state; every rule comes from @tb/core. */
export function useBingoActions(): BingoActions {
  const { signedIn, isPremium } = useJournalMode();
  const client = useQueryClient();
  const restore = () => void client.invalidateQueries({ queryKey: journalKeys.bingo });
  const runPatch = useJournalMutation(
    (v: { index: number; cell: CellPatch; boardId: string }) =>
      enqueueBingoWrite(client, () => patchCell(v.index, v.cell, v.boardId)),
    journalMessages.saveBingo,
  );
  const runSave = useJournalMutation(
    (edit: BingoEdit) => enqueueBingoWrite(client, () => saveWithRetry(client, edit)),
    journalMessages.saveBingo,
    restore,
  );

  return useMemo(() => {
    const read = (): BingoState | undefined =>
      signedIn ? client.getQueryData<BingoState>(journalKeys.bingo) : readLocalJournal().bingo;
    const write = (next: BingoState) => {
      if (signedIn) client.setQueryData(journalKeys.bingo, next);
      else updateLocalJournal(() => ({ bingo: next }));
    };

    const sendCell = (before: BingoState, index: number, cell: CellPatch) => {
      const boardId = before.bingoPages[before.currentPageIndex]?.id;
      if (signedIn && boardId) void runPatch({ index, cell, boardId });
    };
    const toggle = (index: number) => {
      const state = read();
      if (!state) return;
      const next = toggleCell(state, index, Date.now());
      write(next);
      const selected = next.bingoPages[next.currentPageIndex]?.bingoCells[index]?.selected;
      sendCell(state, index, { selected: selected === true });
    };
    const editCell = (index: number, patch: CellPatch) => {
      const state = read();
      if (!state) return;
      const result = updateCell(state, index, patch, { now: Date.now() });
      if (!result.ok) return refuse(result);
      write(result.value);
      sendCell(state, index, patch);
    };

    /** Applies a whole-board edit at once; signed in, it is saved (re-applied on a 409). */
    const boardChange = (edit: (s: BingoState) => Result<BingoState, ErrorCode>): boolean => {
      const state = read();
      if (!state) return false;
      const result = edit(state);
      if (!result.ok) {
        refuse(result);
        return false;
      }
      if (result.value === state) return false;
      write(result.value);
      if (signedIn) void runSave((s) => valueOrNull(edit(s)));
      return true;
    };
    const actor = () => ({ isPremium, now: Date.now() });

    return {
      toggle,
      editCell,
      previous: () => boardChange((s) => ({ ok: true, value: goToPreviousBoard(s, Date.now()) })),
      next: () => {
        const id = newId();
        boardChange((s) => goToNextBoard(s, id, actor()));
      },
      rename: (index, name) => boardChange((s) => renameBoard(s, index, name, actor())),
      remove: (index) =>
        boardChange((s) => deleteBoard(s, index, { ...actor(), fromNavigation: true })),
      loadStarter: () => {
        const state = read();
        // By id, so a retry after a 409 fills the same board even if pages moved meanwhile.
        const boardId = state?.bingoPages[state.currentPageIndex]?.id;
        const loaded = boardChange((s) =>
          loadStarterBoard(
            s,
            s.bingoPages.findIndex((b) => b.id === boardId),
            Date.now(),
          ),
        );
        if (loaded) notify(bingoNotices.starterLoaded, 'success');
      },
      addFilled: (name, cells) => {
        // One id for the save and its retry after a 409, so a retry adds the same board once.
        const id = newId();
        return boardChange((s) =>
          s.bingoPages.some((b) => b.id === id)
            ? { ok: true, value: s }
            : addFilledBoard(s, id, name, cells, actor()),
        );
      },
    };
  }, [signedIn, isPremium, client, runPatch, runSave]);
}

import {
  boardNameFromTitle,
  SCRIPT_BOARD_NAME,
  scriptBoardCells,
  shopBoardMessages,
  strategyBingoCells,
  type Strategy,
} from '@tb/core';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '@/components/notifications';
import { useBingoActions, useBingoState } from '@/features/journal';

/** Adds a ready-made board to the trader's boards. */
export interface LoadBoard {
  /** False until the trader's boards are loaded (the new board goes after them). */
  ready: boolean;
  /** A strategy's board: named after it, its 25 cells unticked. */
  strategy: (strategy: Pick<Strategy, 'title' | 'board'>) => void;
  /** The shop's script-cell board: the five script cells, then empty cells. */
  scriptCells: () => void;
}

/**
 * One click to a new board (DESIGN.md section 15) through the bingo store's save path: the
 * board rules (premium, the board limit) apply, the new board is shown, a notification says so,
 * and away from the dashboard the trader is taken to it.
 */
export function useLoadBoard(): LoadBoard {
  const actions = useBingoActions();
  const { state } = useBingoState();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const add = useCallback(
    (title: string, cells: ReturnType<typeof scriptBoardCells>) => {
      const name = boardNameFromTitle(title);
      if (!actions.addFilled(name, cells)) return;
      notify(shopBoardMessages.loaded(name), 'success');
      if (pathname !== '/bingo') void navigate('/bingo');
    },
    [actions, navigate, pathname],
  );
  return {
    ready: state !== undefined,
    strategy: useCallback((s) => add(s.title, strategyBingoCells(s.board)), [add]),
    scriptCells: useCallback(() => add(SCRIPT_BOARD_NAME, scriptBoardCells()), [add]),
  };
}

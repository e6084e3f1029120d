import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  currentBoard,
  hasFeature,
  hasScriptCells,
  type PublicUser,
  type ScriptCellId,
  type ScriptCellsResponse,
  type ScriptCellValue,
} from '@tb/core';
import { useSyncExternalStore } from 'react';
import { meQueryOptions } from '@/features/auth';
import { useBingoState, useJournalMode } from '@/features/journal';
import { useTradingPair } from '@/features/trade-idea';
import { apiRequest } from '@/lib/api-client';

/** The timeframe of the chart the trade is planned on (the built-in chart's: 1h). */
export const PLAN_TIMEFRAME = '1h';
/** How long the script's answer for a pair and side is fresh: the server keeps it as long. */
export const SCRIPT_CELLS_STALE_MS = 60_000;

export const scriptCellsKeys = {
  all: ['script-cells'] as const,
  plan: (pair: string, isLong: boolean, timeframe: string) =>
    ['script-cells', pair, isLong, timeframe] as const,
};

/** GET /api/script-cells for a planned trade, cached a minute per pair, side and timeframe. */
export const scriptCellsQueryOptions = (
  pair: string,
  isLong: boolean,
  timeframe = PLAN_TIMEFRAME,
) =>
  queryOptions({
    queryKey: scriptCellsKeys.plan(pair, isLong, timeframe),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ pair, isLong: String(isLong), timeframe });
      return apiRequest<ScriptCellsResponse>(`/script-cells?${query.toString()}`, { signal });
    },
    staleTime: SCRIPT_CELLS_STALE_MS,
    refetchInterval: SCRIPT_CELLS_STALE_MS,
    retry: 1,
  });

// The side of the trade being planned (Trade Details' Long/Short), shared with the board.
let plannedIsLong = false;
const sideListeners = new Set<() => void>();

/** Trade Details tells the board which side is planned. */
export function writePlannedSide(isLong: boolean): void {
  if (plannedIsLong === isLong) return;
  plannedIsLong = isLong;
  for (const listener of sideListeners) listener();
}

function subscribeSide(listener: () => void): () => void {
  sideListeners.add(listener);
  return () => sideListeners.delete(listener);
}

/** The planned side: true for a long. */
export function usePlannedSide(): boolean {
  return useSyncExternalStore(
    subscribeSide,
    () => plannedIsLong,
    () => false,
  );
}

/** Whether the user's plan has script cells now (quarterly, annual, or the paid flag). */
export function scriptCaseOf(user: PublicUser | undefined): boolean {
  if (!user) return false;
  const plan = user.subscription.active ? user.subscription.plan : null;
  return hasFeature({ isPremium: user.isPaidUser, plan }, 'scriptCase');
}

/** Whether the signed-in user's plan has script cells (false signed out). */
export function useScriptCase(): boolean {
  const { signedIn } = useJournalMode();
  const { data = false } = useQuery({
    ...meQueryOptions(),
    enabled: signedIn,
    select: scriptCaseOf,
  });
  return signedIn && data;
}

/** How the board shows its script cells now. */
export type ScriptCellsView =
  /** No script cell on the board on screen. */
  | { status: 'none' }
  /** The plan no longer has script cells: they stay and count nothing. */
  | { status: 'locked' }
  | { status: 'loading'; pair: string; isLong: boolean }
  /** Market data unavailable: every script cell shows 'No data' and counts nothing. */
  | { status: 'error'; pair: string; isLong: boolean; retry: () => void }
  | {
      status: 'ready';
      pair: string;
      isLong: boolean;
      cells: Partial<Record<ScriptCellId, ScriptCellValue>>;
    };

/**
 * The script's answer for the board on screen and the trade being planned (the Trade Idea's
 * pair, Trade Details' side), asked only when the board has script cells and the plan has them.
 */
export function useScriptCells(): ScriptCellsView {
  const { state } = useBingoState();
  const scriptCase = useScriptCase();
  const { pair } = useTradingPair();
  const isLong = usePlannedSide();
  const board = state ? currentBoard(state) : undefined;
  const withScripts = board !== undefined && hasScriptCells(board.bingoCells);
  const query = useQuery({
    ...scriptCellsQueryOptions(pair, isLong),
    enabled: withScripts && scriptCase,
  });
  if (!withScripts) return { status: 'none' };
  if (!scriptCase) return { status: 'locked' };
  if (query.isPending) return { status: 'loading', pair, isLong };
  if (query.isError) return { status: 'error', pair, isLong, retry: () => void query.refetch() };
  const cells = Object.fromEntries(query.data.cells.map((cell) => [cell.id, cell]));
  return { status: 'ready', pair, isLong, cells };
}

/** Points of the board's script cells the script ticked for the planned trade (0 otherwise). */
export function scriptPointsOf(
  cells: readonly { script?: ScriptCellId | undefined }[],
  view: ScriptCellsView,
): number {
  if (view.status !== 'ready') return 0;
  return cells.reduce((sum, cell) => {
    const found = cell.script === undefined ? undefined : view.cells[cell.script];
    return found?.ticked ? sum + found.points : sum;
  }, 0);
}

/** The score's share of the script cells for the planned trade (the score widgets add it). */
export function useScriptPoints(): number {
  const view = useScriptCells();
  const { state } = useBingoState();
  if (!state) return 0;
  return scriptPointsOf(currentBoard(state).bingoCells, view);
}

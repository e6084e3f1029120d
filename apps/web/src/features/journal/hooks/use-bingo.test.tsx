import { act, screen, waitFor } from '@testing-library/react';
import {
  createBoard,
  defaultBingoState,
  premiumLockTexts,
  starterBingoCells,
  starterBoardMessages,
  updateCell,
  type BingoState,
  type CellPatch,
} from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch, type MockRequest } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { resetLocalJournal } from '../local-store';
import { closePremiumLock, usePremiumLockRequest } from '../premium-lock-store';
import { bingoNotices, useBingoActions, useBingoScore, useBingoState } from './use-bingo';

const T0 = Date.parse('2026-01-05T10:00:00Z');
const useAll = () => ({
  ...useBingoState(),
  score: useBingoScore(),
  actions: useBingoActions(),
  lock: usePremiumLockRequest(),
});
const card = (state: BingoState) => ({ status: 200, body: { success: true, data: state } });
/** A state whose only board is empty (boards added with "next" start this way). */
const emptyBoard = (version = 0): BingoState => ({
  ...defaultBingoState('b1', T0),
  bingoPages: [createBoard('b1', 'Default Board')],
  version,
});

beforeEach(() => {
  resetLocalJournal();
  closePremiumLock();
});

describe('useBingo, anonymous', () => {
  it('toggles and edits cells in the browser, scores the board and sends nothing', async () => {
    const fetch = stubFetch(() => ({ status: 500 }));
    const { result } = renderHookWithProviders(useAll);
    act(() => result.current.actions.editCell(3, { title: 'Waited', points: 6 }));
    act(() => result.current.actions.toggle(3));
    expect(result.current.state?.bingoPages[0]?.bingoCells[3]).toMatchObject({
      title: 'Waited',
      points: 6,
      selected: true,
    });
    expect(result.current.score).toBe(6);
    const stored = JSON.parse(localStorage.getItem('bingoState') ?? '{}') as BingoState;
    expect(stored.bingoPages[0]?.bingoCells[3]?.selected).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a new trader starts on the starter board', () => {
    stubFetch(() => ({ status: 500 }));
    const { result } = renderHookWithProviders(useAll);
    expect(result.current.state?.bingoPages[0]?.bingoCells).toEqual(starterBingoCells());
    expect(result.current.score).toBe(0);
  });

  it('loads the starter board onto an empty board, stores it and confirms', async () => {
    const fetch = stubFetch(() => ({ status: 500 }));
    localStorage.setItem('bingoState', JSON.stringify(emptyBoard()));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    act(() => result.current.actions.loadStarter());
    expect(result.current.state?.bingoPages[0]?.bingoCells).toEqual(starterBingoCells());
    const stored = JSON.parse(localStorage.getItem('bingoState') ?? '{}') as BingoState;
    expect(stored.bingoPages[0]?.bingoCells).toEqual(starterBingoCells());
    expect(await screen.findByText(bingoNotices.starterLoaded)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses to load the starter board over a trader's own cells", async () => {
    stubFetch(() => ({ status: 500 }));
    const own = emptyBoard();
    own.bingoPages[0]!.bingoCells[2] = { id: 2, title: 'My rule', points: 2, selected: true };
    localStorage.setItem('bingoState', JSON.stringify(own));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    act(() => result.current.actions.loadStarter());
    expect(await screen.findByText(starterBoardMessages.notEmpty)).toBeInTheDocument();
    expect(screen.queryByText(bingoNotices.starterLoaded)).toBeNull();
    expect(result.current.state?.bingoPages[0]?.bingoCells[2]?.title).toBe('My rule');
    expect(result.current.state?.bingoPages[0]?.bingoCells[0]?.title).toBe('');
  });

  it('next at the last board opens the premium lock with the boards message', () => {
    stubFetch(() => ({ status: 500 }));
    const { result } = renderHookWithProviders(useAll);
    act(() => result.current.actions.next());
    expect(result.current.lock).toEqual({ open: true, message: premiumLockTexts.boardsMessage });
    expect(result.current.state?.bingoPages).toHaveLength(1);
  });
});

describe('useBingo, signed in', () => {
  /** A fake bingo API; `state.stored` can be changed to play another window's save. */
  function server(
    initial: BingoState,
    onSave: (body: BingoState) => { status: number; body?: unknown },
  ) {
    const state = { stored: initial, saves: [] as BingoState[] };
    const fetch = stubFetch((req: MockRequest) => {
      if (req.path === '/users/me') return { status: 200, body: publicUser({ isPaidUser: true }) };
      if (req.path === '/bingo/card' && req.method === 'GET') return card(state.stored);
      if (req.path === '/bingo/card' && req.method === 'POST') {
        const body = req.body as BingoState;
        state.saves.push(body);
        const reply = onSave(body);
        if (reply.status !== 200) return reply;
        state.stored = { ...body, version: body.version + 1 };
        return card(state.stored);
      }
      if (req.path.startsWith('/bingo/card/cell/')) {
        const { cell } = req.body as { cell: CellPatch };
        const index = Number(req.path.split('/').pop());
        const patched = updateCell(state.stored, index, cell, { now: T0 });
        if (!patched.ok) return { status: 400 };
        state.stored = { ...patched.value, version: state.stored.version + 1 };
        return card(state.stored);
      }
      return { status: 404 };
    });
    return { state, fetch };
  }
  const twoBoards = (version: number): BingoState => {
    const base = defaultBingoState('b1', T0);
    return { ...base, version, bingoPages: [...base.bingoPages, createBoard('b2', 'Board 2')] };
  };

  it('a toggle is applied at once and sent as a cell PATCH of the current board', async () => {
    signIn();
    const { fetch } = server({ ...defaultBingoState('b1', T0), version: 3 }, () => ({
      status: 500,
    }));
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.state).toBeDefined());
    act(() => result.current.actions.toggle(0));
    await waitFor(() =>
      expect(result.current.state?.bingoPages[0]?.bingoCells[0]?.selected).toBe(true),
    );
    await waitFor(() => expect(result.current.state?.version).toBe(4));
    expect(calls(fetch)).toContain('PATCH /api/bingo/card/cell/0');
    const patch = fetch.mock.calls.find(([url]) => String(url).includes('/cell/0'));
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      cell: { selected: true },
      boardId: 'b1',
    });
  });

  it('on 409 STALE_VERSION it reloads, re-applies the rename and saves with the new version', async () => {
    signIn();
    let refuseOnce = true;
    const { state } = server(twoBoards(1), (body) => {
      if (body.version !== state.stored.version || refuseOnce) {
        refuseOnce = false;
        return { status: 409, body: errorBody('STALE_VERSION', 'stale') };
      }
      return { status: 200 };
    });
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.state).toBeDefined());
    // Another window saved version 2, with points on a cell of Board 2.
    const other = twoBoards(2);
    other.bingoPages[1]!.bingoCells[7] = { id: 7, title: '', points: 4, selected: false };
    state.stored = other;

    act(() => result.current.actions.rename(1, 'Scalps'));
    await waitFor(() => expect(result.current.state?.bingoPages[1]?.name).toBe('Scalps'));
    await waitFor(() => expect(result.current.state?.version).toBe(3));
    expect(state.saves.map((s) => s.version)).toEqual([1, 2]);
    expect(state.saves[1]?.bingoPages[1]?.name).toBe('Scalps');
    expect(state.saves[1]?.bingoPages[1]?.bingoCells[7]?.points).toBe(4);
  });

  it('loads the starter board through a whole-board save of the current version', async () => {
    signIn();
    const { state } = server(emptyBoard(2), () => ({ status: 200 }));
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.state).toBeDefined());
    act(() => result.current.actions.loadStarter());
    await waitFor(() =>
      expect(result.current.state?.bingoPages[0]?.bingoCells).toEqual(starterBingoCells()),
    );
    await waitFor(() => expect(result.current.state?.version).toBe(3));
    expect(state.saves).toHaveLength(1);
    expect(state.saves[0]?.version).toBe(2);
    expect(state.saves[0]?.bingoPages[0]?.bingoCells).toEqual(starterBingoCells());
    expect(await screen.findByText(bingoNotices.starterLoaded)).toBeInTheDocument();
  });

  it('on 409 it does not overwrite cells another window wrote meanwhile', async () => {
    signIn();
    const { state } = server(emptyBoard(1), (body) =>
      body.version === state.stored.version
        ? { status: 200 }
        : { status: 409, body: errorBody('STALE_VERSION', 'stale') },
    );
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.state).toBeDefined());
    // Another window saved version 2 with a cell of its own on the same board.
    const other = emptyBoard(2);
    other.bingoPages[0]!.bingoCells[0] = { id: 0, title: 'Mine', points: 5, selected: false };
    state.stored = other;

    act(() => result.current.actions.loadStarter());
    await waitFor(() =>
      expect(result.current.state?.bingoPages[0]?.bingoCells[0]?.title).toBe('Mine'),
    );
    expect(state.saves.map((s) => s.version)).toEqual([1]);
    expect(state.stored.bingoPages[0]?.bingoCells[0]?.title).toBe('Mine');
  });

  it('403 PREMIUM_REQUIRED from the server opens the premium lock and undoes the edit', async () => {
    signIn();
    server(twoBoards(1), () => ({
      status: 403,
      body: errorBody('PREMIUM_REQUIRED', premiumLockTexts.boardsMessage),
    }));
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.state).toBeDefined());
    act(() => result.current.actions.rename(1, 'Mine'));
    await waitFor(() => expect(result.current.lock.open).toBe(true));
    expect(result.current.lock.message).toBe(premiumLockTexts.boardsMessage);
    await waitFor(() => expect(result.current.state?.bingoPages[1]?.name).toBe('Board 2'));
  });
});

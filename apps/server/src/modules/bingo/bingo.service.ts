import { randomUUID } from 'node:crypto';
import {
  acceptBingoSave,
  currentBoard,
  defaultBingoState,
  type BingoCell,
  updateCell,
  type BingoState,
  type CellPatch,
} from '@tb/core';
import { AppError, unwrap } from '../../lib/app-error.js';
import type { BingoRepository } from './bingo.repository.js';

/** Boards of a signed-in user: reads create the default, saves are version-checked. */
export class BingoService {
  constructor(
    private readonly repo: BingoRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(userId: string): Promise<BingoState> {
    const stored = await this.repo.find(userId);
    if (stored) return stored;
    const fresh = { ...defaultBingoState(randomUUID(), this.now().getTime()), version: 1 };
    if (await this.repo.insert(userId, fresh)) return fresh;
    return (await this.repo.find(userId))!;
  }

  /**
   * The cells of the board on screen as stored (the score of a trade is taken from them, not
   * from the client). A user who never stored boards has core's default board; nothing is
   * written.
   */
  async currentCells(userId: string): Promise<BingoCell[]> {
    const state =
      (await this.repo.find(userId)) ?? defaultBingoState('default', this.now().getTime());
    return currentBoard(state).bingoCells;
  }

  /** POST /api/bingo/card: 409 on a stale version, 403 when a free user goes past the free tier. */
  async save(userId: string, incoming: BingoState, isPremium: boolean): Promise<BingoState> {
    const current = await this.get(userId);
    const accepted = unwrap(acceptBingoSave(current, incoming, isPremium));
    const next = { ...accepted, lastModified: this.now().toISOString() };
    if (!(await this.repo.replace(userId, current.version, next))) throw staleVersion();
    return next;
  }

  /** PATCH one cell: merges with whatever is stored, retrying once if a save slipped in between. */
  async patchCell(
    userId: string,
    index: number,
    cell: CellPatch,
    boardId?: string,
  ): Promise<BingoState> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const current = await this.get(userId);
      const now = this.now().getTime();
      const updated = unwrap(
        updateCell(current, index, cell, boardId === undefined ? { now } : { now, boardId }),
      );
      const next = { ...updated, version: current.version + 1 };
      if (await this.repo.replace(userId, current.version, next)) return next;
    }
    throw staleVersion();
  }
}

const staleVersion = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Your boards were changed elsewhere. Reload to see the latest version.',
    'version',
  );

import { randomUUID } from 'node:crypto';
import {
  acceptBingoSave,
  boardMessages,
  cellPatchError,
  currentBoard,
  defaultBingoState,
  hasFeature,
  premiumLockTexts,
  type BingoBoard,
  type BingoState,
  type CellPatch,
  type PlanAccess,
} from '@tb/core';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, unwrap } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { bingoWorkbook } from './bingo-export.js';
import type { BingoRepository } from './bingo.repository.js';

/** A user's premium and plan at a time (the users module answers it). */
export interface PlanAccessSource {
  planAccess(user: UserRow, now: Date): Promise<PlanAccess>;
}

/** Boards of a signed-in user: reads create the default, saves are version-checked. */
export class BingoService {
  constructor(
    private readonly repo: BingoRepository,
    private readonly plans: PlanAccessSource,
    private readonly now: Clock,
  ) {}

  async get(userId: string): Promise<BingoState> {
    const stored = await this.repo.find(userId);
    if (stored) return stored;
    const fresh = { ...defaultBingoState(randomUUID(), this.now().getTime()), version: 1 };
    if (await this.repo.insert(userId, fresh)) return fresh;
    return (await this.repo.find(userId))!;
  }

  /**
   * The board on screen as stored (the score of a trade is taken from them, not
   * from the client). A user who never stored boards has core's default board; nothing is
   * written.
   */
  async currentBoard(userId: string): Promise<BingoBoard> {
    const state =
      (await this.repo.find(userId)) ?? defaultBingoState('default', this.now().getTime());
    return currentBoard(state);
  }

  /**
   * POST /api/bingo/card: 409 on a stale version, 403 when a user without the infinite boards
   * feature goes past the free tier.
   */
  async save(user: UserRow, incoming: BingoState): Promise<BingoState> {
    const boards = await this.#hasFeature(user, 'infiniteBoards');
    const current = await this.get(user.id);
    const accepted = unwrap(acceptBingoSave(current, incoming, boards));
    const next = { ...accepted, lastModified: this.now().toISOString() };
    if (!(await this.repo.replace(user.id, current.version, next))) throw staleVersion();
    return next;
  }

  /** GET /api/bingo/export.xlsx: the boards as a workbook; 403 without the board export feature. */
  async exportWorkbook(user: UserRow) {
    if (!(await this.#hasFeature(user, 'boardExport'))) {
      throw new AppError(403, 'PREMIUM_REQUIRED', premiumLockTexts.defaultMessage);
    }
    return bingoWorkbook(await this.get(user.id));
  }

  /** Whether the user's plan includes `feature` now (core's hasFeature). */
  async #hasFeature(user: UserRow, feature: Parameters<typeof hasFeature>[1]): Promise<boolean> {
    return hasFeature(await this.plans.planAccess(user, this.now()), feature);
  }

  /**
   * PATCH one cell: one atomic update that merges the change with whatever is stored, so
   * concurrent edits of different cells all succeed (docs/API.md). A user who never read
   * their boards gets the default first; an unknown board is 404.
   */
  async patchCell(
    userId: string,
    index: number,
    cell: CellPatch,
    boardId?: string,
  ): Promise<BingoState> {
    const problem = cellPatchError(cell);
    if (problem) throw new AppError(400, 'VALIDATION_ERROR', problem.message, problem.field);
    const patch = { ...cell, ...(cell.title !== undefined && { title: cell.title.trim() }) };
    const edit = { index, patch, at: this.now(), ...(boardId !== undefined && { boardId }) };
    const patched = await this.repo.patchCell(userId, edit);
    if (patched) return patched;
    // Nothing changed: no such board, or no stored boards yet. Those are made as a first read
    // makes them and then edited; no client can name their board yet (its id is new).
    const noSuchBoard = new AppError(404, 'NOT_FOUND', boardMessages.noSuchBoard, 'boardId');
    if (boardId !== undefined || (await this.repo.find(userId))) throw noSuchBoard;
    await this.get(userId);
    const retried = await this.repo.patchCell(userId, edit);
    if (retried) return retried;
    throw noSuchBoard;
  }
}

const staleVersion = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Your boards were changed elsewhere. Reload to see the latest version.',
    'version',
  );

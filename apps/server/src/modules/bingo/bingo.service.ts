import { randomUUID } from 'node:crypto';
import {
  acceptBingoSave,
  addsScriptCells,
  boardMessages,
  cellPatchError,
  currentBoard,
  defaultBingoState,
  hasFeature,
  hasScriptCells,
  normaliseBoardScripts,
  normaliseScriptCell,
  premiumLockTexts,
  scriptBoardMessages,
  scriptCellById,
  type BingoBoard,
  type BingoState,
  type CellPatch,
  type PlanAccess,
  type ScriptCellsQuery,
  type ScriptTicks,
} from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, unwrap } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { bingoWorkbook } from './bingo-export.js';
import type { BingoRepository } from './bingo.repository.js';

/** A user's premium and plan at a time (the users module answers it). */
export interface PlanAccessSource {
  planAccess(user: UserRow, now: Date): Promise<PlanAccess>;
}

/** What the script found for a planned trade (the script-cells module's service). */
export interface ScriptTicksSource {
  ticks(user: UserRow, query: ScriptCellsQuery): Promise<ScriptTicks>;
}

/** The board a trade is saved against, with what the script found for its script cells. */
export type TradeBoard = Pick<BingoBoard, 'id' | 'name' | 'bingoCells'> & {
  scriptTicks: ScriptTicks;
};

/** Boards of a signed-in user: reads create the default, saves are version-checked. */
export class BingoService {
  /** Set once the script-cells module is registered (it reads the exchange, built later). */
  #scripts: ScriptTicksSource | undefined;

  constructor(
    private readonly repo: BingoRepository,
    private readonly plans: PlanAccessSource,
    private readonly now: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Where trades' script cells are ticked (DESIGN.md section 15). */
  useScriptCells(scripts: ScriptTicksSource): void {
    this.#scripts = scripts;
  }

  /**
   * The board on screen for a trade being saved, its script cells ticked by the server for the
   * trade's pair, side and timeframe (never by the client). A plan without script cells (a
   * lapsed one) ticks none; market data that cannot be read ticks none and is logged, and the
   * trade is saved all the same.
   */
  async boardForTrade(user: UserRow, trade: ScriptCellsQuery): Promise<TradeBoard> {
    const board = await this.currentBoard(user.id);
    const bingoCells = board.bingoCells.map(normaliseScriptCell);
    const none = { ...board, bingoCells, scriptTicks: {} };
    if (!hasScriptCells(bingoCells) || !this.#scripts) return none;
    if (!(await this.#hasFeature(user, 'scriptCase'))) return none;
    try {
      return { ...none, scriptTicks: await this.#scripts.ticks(user, trade) };
    } catch (err) {
      this.log?.warn(
        { err, userId: user.id, pair: trade.pair },
        'Script cells not ticked: the market data could not be read; the trade is saved without them',
      );
      return none;
    }
  }

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
   * feature goes past the free tier, or without script cells (scriptCase) adds one. Script
   * cells take their title and points from the catalogue and are stored unticked.
   */
  async save(user: UserRow, incoming: BingoState): Promise<BingoState> {
    const boards = await this.#hasFeature(user, 'infiniteBoards');
    const current = await this.get(user.id);
    if (addsScriptCells(current, incoming) && !(await this.#hasFeature(user, 'scriptCase'))) {
      throw scriptPremium();
    }
    const accepted = unwrap(acceptBingoSave(current, normaliseBoardScripts(incoming), boards));
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

  /** 400 when the cell a refused patch aimed at is a script cell (else the caller goes on). */
  async #refuseScriptEdit(
    userId: string,
    index: number,
    patch: Omit<CellPatch, 'script'>,
    boardId: string | undefined,
  ): Promise<void> {
    const state = await this.repo.find(userId);
    const board = state
      ? boardId === undefined
        ? currentBoard(state)
        : state.bingoPages.find((b) => b.id === boardId)
      : undefined;
    if (board?.bingoCells[index]?.script === undefined) return;
    if (patch.selected === true) {
      throw new AppError(400, 'VALIDATION_ERROR', scriptBoardMessages.handTick, 'selected');
    }
    const field = patch.title !== undefined ? 'title' : 'points';
    throw new AppError(400, 'VALIDATION_ERROR', scriptBoardMessages.fixedByScript, field);
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
    user: UserRow,
    index: number,
    cell: CellPatch,
    boardId?: string,
  ): Promise<BingoState> {
    const userId = user.id;
    const problem = cellPatchError(cell);
    if (problem) throw new AppError(400, 'VALIDATION_ERROR', problem.message, problem.field);
    const { script, ...own } = cell;
    if (script && !(await this.#hasFeature(user, 'scriptCase'))) throw scriptPremium();
    const patch = script
      ? scriptPatch(script)
      : { ...own, ...(own.title !== undefined && { title: own.title.trim() }) };
    // A hand tick, or a title or points, of a cell that stays a script cell is refused.
    const notScript =
      script === undefined &&
      (own.selected === true || own.title !== undefined || own.points !== undefined);
    const edit = {
      index,
      patch,
      at: this.now(),
      removeScript: script === null,
      notScript,
      ...(boardId !== undefined && { boardId }),
    };
    const patched = await this.repo.patchCell(userId, edit);
    if (patched) return patched;
    if (notScript) await this.#refuseScriptEdit(userId, index, own, boardId);
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

/** A script cell's fields as a patch: the catalogue's title and points, never ticked. */
function scriptPatch(id: NonNullable<CellPatch['script']>) {
  const script = scriptCellById(id)!;
  return { script: id, title: script.label, points: script.points, selected: false };
}

const scriptPremium = () => new AppError(403, 'PREMIUM_REQUIRED', scriptBoardMessages.premium);

const staleVersion = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Your boards were changed elsewhere. Reload to see the latest version.',
    'version',
  );

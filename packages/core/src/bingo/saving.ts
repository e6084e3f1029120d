import { premiumLockTexts } from '../plans/premium-lock.js';
import { fail, ok, type Result } from '../result.js';
import type { BingoState } from '../schemas/bingo.js';
import { boardMessages as m, DEFAULT_BOARD_NAME, FREE_BOARD_LIMIT } from './limits.js';

const GENERATED_NAME = /^Board \d+$/;

/**
 * What a free user may not save (DESIGN.md: one board, no renaming), or null when the save is
 * within the free tier. Compared with the stored state so that a lapsed premium user keeps
 * the boards they already have: more boards than before (and more than 1) is refused, and so
 * is any name that differs from the stored name of that board; a board new to the server must
 * carry a generated name ('Default Board' or 'Board N').
 */
export function freeTierViolation(current: BingoState | null, incoming: BingoState): string | null {
  const allowedCount = Math.max(FREE_BOARD_LIMIT, current?.bingoPages.length ?? 0);
  if (incoming.bingoPages.length > allowedCount) return premiumLockTexts.boardsMessage;
  const storedNames = new Map(current?.bingoPages.map((b) => [b.id, b.name]) ?? []);
  for (const board of incoming.bingoPages) {
    const stored = storedNames.get(board.id);
    const renamed =
      stored === undefined
        ? board.name !== DEFAULT_BOARD_NAME && !GENERATED_NAME.test(board.name)
        : board.name !== stored;
    if (renamed) return premiumLockTexts.boardsMessage;
  }
  return null;
}

/**
 * The server's rule for POST /api/bingo/card (DESIGN.md section 3): the incoming `version`
 * must equal the stored one (0 when nothing is stored), else `STALE_VERSION` (409) and the
 * client merges; a free user's save must pass {@link freeTierViolation}
 * (`PREMIUM_REQUIRED`, 403). The accepted state carries `version + 1`.
 */
export function acceptBingoSave(
  current: BingoState | null,
  incoming: BingoState,
  isPremium: boolean,
): Result<BingoState, 'STALE_VERSION' | 'PREMIUM_REQUIRED'> {
  const storedVersion = current?.version ?? 0;
  if (incoming.version !== storedVersion) return fail('STALE_VERSION', m.staleVersion, 'version');
  if (!isPremium) {
    const violation = freeTierViolation(current, incoming);
    if (violation) return fail('PREMIUM_REQUIRED', violation);
  }
  return ok({ ...incoming, version: storedVersion + 1 });
}

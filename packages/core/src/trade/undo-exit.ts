import { fail, ok, type Result } from '../result.js';

/**
 * Undoing a close by hand (issue 26), as "Undo send": for a few seconds after an exit by hand
 * (Target Hit, Stoploss Hit, a close at a typed price, in full or in part) the trade and the
 * risk state can be put back as they were before it. Only the latest exit, and only while
 * nothing else moved the risk state: an undo never rewrites what came after it.
 */

/** How long an exit by hand can be undone: the notification's Undo button, the server's window. */
export const EXIT_UNDO_MS = 10_000;

/** Why an undo is refused; said in the notification and in 409 answers. */
export const exitUndoMessages = {
  nothing: 'There is no exit of this trade to undo.',
  expired:
    'Too late to undo: an exit can be undone for 10 seconds after it is recorded. Edit the trade instead.',
  laterExit: 'Another exit of this trade was recorded since: only the latest exit can be undone.',
  riskChanged:
    'This exit can no longer be undone: your risk figures changed since (another trade was opened or closed). Edit the trade instead.',
  undone: 'Exit undone: the trade and your risk figures are back as they were.',
} as const;

/** What an undo is checked against: the kept record and the trade and risk state now. */
export interface ExitUndoCheck {
  /** Epoch ms now, and the end of the window the exit opened. */
  now: number;
  until: number;
  /** Exits the trade had after the exit the record undoes, and has now. */
  recordedExits: number;
  currentExits: number;
  /** The exit the caller means (its count of exits), when it names one. */
  askedExits?: number;
  /** Whether the risk state is still the one the exit left. */
  riskUnchanged: boolean;
}

/**
 * Whether an exit can still be undone: within the window, the exit the caller means is the
 * latest, and the risk state is the one the exit left (CONFLICT with the reason otherwise).
 */
export function checkExitUndo(check: ExitUndoCheck): Result<true, 'CONFLICT'> {
  const asked = check.askedExits ?? check.recordedExits;
  if (asked < check.recordedExits) return fail('CONFLICT', exitUndoMessages.laterExit);
  if (asked !== check.recordedExits || check.currentExits !== check.recordedExits) {
    return fail('CONFLICT', exitUndoMessages.nothing);
  }
  if (check.now > check.until) return fail('CONFLICT', exitUndoMessages.expired);
  if (!check.riskUnchanged) return fail('CONFLICT', exitUndoMessages.riskChanged);
  return ok(true);
}

/** A value as JSON with its keys sorted: the same state stored (jsonb sorts keys) and in memory. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
}

/** Whether two risk states (or any JSON values) hold the same, whatever their keys' order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

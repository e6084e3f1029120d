import { describe, expect, it } from 'vitest';
import { checkExitUndo, EXIT_UNDO_MS, exitUndoMessages, sameJson } from './undo-exit.js';

const base = {
  now: 1_000,
  until: 1_000 + EXIT_UNDO_MS,
  recordedExits: 2,
  currentExits: 2,
  askedExits: 2,
  riskUnchanged: true,
};

describe('checkExitUndo', () => {
  it('allows the latest exit within the window, up to its last millisecond', () => {
    expect(checkExitUndo(base)).toEqual({ ok: true, value: true });
    expect(checkExitUndo({ ...base, now: base.until }).ok).toBe(true);
    const { askedExits: _, ...unnamed } = base;
    expect(checkExitUndo(unnamed).ok).toBe(true);
  });

  it.each([
    [{ now: base.until + 1 }, exitUndoMessages.expired],
    [{ askedExits: 1 }, exitUndoMessages.laterExit],
    [{ askedExits: 3 }, exitUndoMessages.nothing],
    [{ currentExits: 3 }, exitUndoMessages.nothing],
    [{ riskUnchanged: false }, exitUndoMessages.riskChanged],
  ])('refuses %o with a sentence', (change, message) => {
    expect(checkExitUndo({ ...base, ...change })).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      message,
    });
  });
});

describe('sameJson', () => {
  it('ignores the order of keys and keys left undefined, not values', () => {
    expect(
      sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 }),
    ).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: null }, { a: 0 })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { fail, ok } from './result.js';

describe('result helpers', () => {
  it('ok wraps a value', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
  });

  it('fail carries code and message, and the field only when given', () => {
    expect(fail('NOT_FOUND', 'Gone')).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Gone' });
    expect(fail('VALIDATION_ERROR', 'Bad', 'size')).toEqual({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'Bad',
      field: 'size',
    });
  });
});

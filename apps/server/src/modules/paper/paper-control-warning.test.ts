import { describe, expect, it } from 'vitest';
import { paperControlWarning } from './paper.module.js';

describe('PAPER_CONTROL in production (issue 29, finding 7)', () => {
  it('warns at start when it is on in production, and only then', () => {
    expect(paperControlWarning({ env: 'production', paperControl: true })).toMatch(
      /^PAPER_CONTROL is on in production: any admin can pin paper marks/,
    );
    expect(paperControlWarning({ env: 'production', paperControl: false })).toBeUndefined();
    expect(paperControlWarning({ env: 'test', paperControl: true })).toBeUndefined();
    expect(paperControlWarning({ env: 'development', paperControl: true })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { isSessionEnded, stoplossLabel, stoplossTexts } from './stoploss.js';

describe('stoplossLabel / isSessionEnded', () => {
  it.each([
    [0, 'No SL taken', false],
    [1, '1 SL taken', false],
    [2, '2 SL taken', false],
    [3, 'Session ended', true],
    [4, 'Session ended', true],
    [-1, 'No SL taken', false],
  ])('%i stoplosses: %s', (slTaken, label, ended) => {
    expect(stoplossLabel(slTaken)).toBe(label);
    expect(isSessionEnded(slTaken)).toBe(ended);
  });

  it('has the hover, prompt and alert texts of SPEC.md', () => {
    expect(stoplossTexts.sessionEndedHover).toBe('Session ended, come back later');
    expect(stoplossTexts.grassPrompt).toBe('Did you touch some grass?');
    expect(stoplossTexts.sessionEndedAlert).toBe(
      'You have reached the maximum number of stoploss trades for today. Take a break and come back tomorrow!',
    );
  });
});

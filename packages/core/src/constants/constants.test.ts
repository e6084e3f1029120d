import { describe, expect, it } from 'vitest';
import { confirmMessages, PRICE_INPUT } from './confirmations.js';
import { TIMERS_MS } from './timers.js';

describe('TIMERS_MS', () => {
  it('has the durations of SPEC.md section 9', () => {
    expect(TIMERS_MS).toMatchObject({
      tokenLifetime: 86_400_000,
      request: 10_000,
      balance: 10_000,
      grassPrompt: 2_000,
      widgetPoll: 1_000,
      notification: 3_000,
      signalNotification: 5_000,
      chartScript: 5_000,
      chartCheck: 3_000,
      startDelay: 500,
      resizeDebounce: 250,
      resetRedirect: 2_000,
    });
  });
});

describe('confirmations and price inputs', () => {
  it('has the confirmation texts of SPEC.md section 5', () => {
    expect(confirmMessages.deleteTrade).toBe('Are you sure you want to delete this trade?');
    expect(confirmMessages.closeAll).toBe(
      'ARE YOU SURE YOU WANT TO CLOSE ALL YOUR POSITIONS AT MARKET PRICE?',
    );
    expect(confirmMessages.deleteBoard).toBe('Are you sure you want to delete this board?');
  });

  it('price inputs take any precision from 0 with placeholder 0.00', () => {
    expect(PRICE_INPUT).toEqual({ step: 'any', min: 0, placeholder: '0.00' });
  });
});

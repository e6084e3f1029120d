import { describe, expect, it } from 'vitest';
import { premiumLockTexts } from './premium-lock.js';

describe('premiumLockTexts', () => {
  it('has the texts of the premium lock, word for word', () => {
    expect(premiumLockTexts).toEqual({
      title: 'Premium Feature',
      defaultMessage: 'This feature is only available to premium users',
      boardsMessage: 'Upgrade to Premium to access multiple Bingo pages and custom page names',
      button: 'Upgrade to Premium',
      href: '/payment',
    });
  });
});

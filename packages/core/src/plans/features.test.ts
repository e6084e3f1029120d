import { describe, expect, it } from 'vitest';
import {
  canAddExchangeKey,
  effectivePlan,
  exchangeKeyLimit,
  hasFeature,
  liveTradingApiLabel,
  PREMIUM_FEATURES,
} from './features.js';

const free = { isPremium: false, plan: null };
const sub = (plan: 'free' | 'quick' | 'monthly' | 'quarterly' | 'annual') => ({
  isPremium: true,
  plan,
});

describe('PREMIUM_FEATURES', () => {
  it('lists the eight features of SPEC.md section 6', () => {
    expect(PREMIUM_FEATURES.map((f) => f.label)).toEqual([
      'Infinite boards',
      'Analytics',
      'Chatbox',
      'Live trading API count',
      'Board export',
      'Script case',
      'Case winrate',
      'Monthly strategy update',
    ]);
  });

  it('describes every feature in one line', () => {
    for (const feature of PREMIUM_FEATURES) {
      expect(feature.description, feature.label).toMatch(/^[A-Z].{20,170}\.$/);
      expect(feature.description, feature.label).not.toContain('\n');
    }
  });

  it('sells nothing as coming soon: every description says what the feature does', () => {
    for (const feature of PREMIUM_FEATURES) {
      expect(feature, feature.label).not.toHaveProperty('status');
      expect(feature.description, feature.label).not.toMatch(/coming soon|planned|not built/i);
    }
    const byId = (id: string) => PREMIUM_FEATURES.find((f) => f.id === id)!.description;
    expect(byId('chatbox')).toContain('one per coin');
    expect(byId('scriptCase')).toContain('market data');
    expect(byId('caseWinrate')).toContain('across all traders');
    expect(byId('monthlyStrategyUpdate')).toContain('every month');
  });

  it('sells analytics as what it is', () => {
    const analytics = PREMIUM_FEATURES.find((f) => f.id === 'analytics')!;
    for (const part of [
      'equity curve',
      'R distribution',
      'P/L calendar',
      'weekday',
      'CSV export',
    ]) {
      expect(analytics.description).toContain(part);
    }
  });

  it('states the live-trading key limits of EXCHANGE_KEY_LIMITS', () => {
    const apis = PREMIUM_FEATURES.find((f) => f.id === 'liveTradingApis')!;
    expect(apis.description).toBe(
      'More exchange connections for live trading: 1 free, 2 monthly, 3 quarterly, unlimited annual.',
    );
  });
});

describe('effectivePlan / hasFeature', () => {
  it.each([
    ['a free user has none', free, null],
    ['a subscriber has their plan', sub('quarterly'), 'quarterly'],
    [
      'admin-granted premium without plan counts as annual',
      { isPremium: true, plan: null },
      'annual',
    ],
    ['an expired subscriber is free', { isPremium: false, plan: 'annual' as const }, null],
  ])('%s', (_scenario, access, plan) => {
    expect(effectivePlan(access)).toBe(plan);
  });

  it.each([
    ['free users get no board export', free, 'boardExport', false],
    ['the free 3-day plan has board export', sub('free'), 'boardExport', true],
    ['the free 3-day plan has infinite boards', sub('free'), 'infiniteBoards', true],
    ['the free 3-day plan has no script case', sub('free'), 'scriptCase', false],
    ['monthly gets board export', sub('monthly'), 'boardExport', true],
    ['monthly has no script case', sub('monthly'), 'scriptCase', false],
    ['quarterly has the script case', sub('quarterly'), 'scriptCase', true],
    ['quarterly has no case winrate', sub('quarterly'), 'caseWinrate', false],
    ['annual has the case winrate', sub('annual'), 'caseWinrate', true],
  ] as const)('%s', (_scenario, access, feature, expected) => {
    expect(hasFeature(access, feature)).toBe(expected);
  });
});

describe('exchange key limits', () => {
  it.each([
    ['free', free, 1, 'Live trading APIs: 1'],
    ['the free 3-day plan', sub('free'), 1, 'Live trading APIs: 1'],
    ['quick (like monthly)', sub('quick'), 2, 'Live trading APIs: 2'],
    ['monthly', sub('monthly'), 2, 'Live trading APIs: 2'],
    ['quarterly', sub('quarterly'), 3, 'Live trading APIs: 3'],
    ['annual', sub('annual'), Number.POSITIVE_INFINITY, 'Live trading APIs: unlimited'],
  ])('%s', (_scenario, access, limit, label) => {
    expect(exchangeKeyLimit(access)).toBe(limit);
    expect(liveTradingApiLabel(access.plan)).toBe(label);
  });

  it('canAddExchangeKey compares the count with the limit', () => {
    expect(canAddExchangeKey(free, 0)).toBe(true);
    expect(canAddExchangeKey(free, 1)).toBe(false);
    expect(canAddExchangeKey(sub('quarterly'), 2)).toBe(true);
    expect(canAddExchangeKey(sub('annual'), 1_000)).toBe(true);
  });
});

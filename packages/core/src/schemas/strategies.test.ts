import { describe, expect, it } from 'vitest';
import {
  formatStrategyMonth,
  PublishStrategyRequestSchema,
  strategyExcerpt,
  strategyPlainText,
} from './strategies.js';

describe('strategy texts', () => {
  it('words a month', () => {
    expect(formatStrategyMonth('2026-07')).toBe('July 2026');
    expect(formatStrategyMonth('2026-12')).toBe('December 2026');
    expect(formatStrategyMonth('soon')).toBe('soon');
  });

  it('makes plain text of the Markdown', () => {
    expect(
      strategyPlainText(
        '## Plan\n\n- Trade **with** the _daily_ trend\n1. See [the chart](https://x.test)\n> `quiet`',
      ),
    ).toBe('Plan Trade with the daily trend. See the chart. quiet');
    expect(strategyPlainText('- Mark the level\n- Wait for the close!')).toBe(
      'Mark the level. Wait for the close!',
    );
  });

  it('cuts an excerpt at a word', () => {
    const text = 'word '.repeat(100);
    const excerpt = strategyExcerpt(text, 23);
    expect(excerpt).toBe('word word word word…');
    expect(strategyExcerpt('short', 23)).toBe('short');
    expect(strategyExcerpt('## Plan\n\nTrade **with** the trend.\n\n### Risk\n\n1% a trade')).toBe(
      'Trade with the trend. 1% a trade',
    );
    expect(strategyExcerpt('# Only a heading')).toBe('Only a heading');
  });

  it('publishes without mail unless asked', () => {
    expect(PublishStrategyRequestSchema.parse({ month: '2026-07' })).toEqual({
      month: '2026-07',
      mailSubscribers: false,
    });
    expect(
      PublishStrategyRequestSchema.safeParse({ month: '2026-07', mailSubscribers: 1 }).success,
    ).toBe(false);
  });
});

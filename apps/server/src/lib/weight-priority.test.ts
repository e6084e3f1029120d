import { describe, expect, it } from 'vitest';
import { currentWeightPriority, withWeightPriority } from './weight-priority.js';

describe('weight priority', () => {
  it('follows the awaited work and is live outside', async () => {
    expect(currentWeightPriority()).toBe('live');
    const seen = await withWeightPriority('sweep', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const inner = await withWeightPriority('low', async () => currentWeightPriority());
      return [currentWeightPriority(), inner];
    });
    expect(seen).toEqual(['sweep', 'low']);
    expect(currentWeightPriority()).toBe('live');
  });
});

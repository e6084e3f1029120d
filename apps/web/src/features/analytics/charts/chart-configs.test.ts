import { describe, expect, it } from 'vitest';
import { niceAxis } from './chart-configs';

describe('niceAxis: the value axis of a bar chart', () => {
  it.each([
    // The tallest bar ends on or under the last labelled tick, never past it.
    ['one bar of +1R', [1], false, [0, 1], [0, 0.25, 0.5, 0.75, 1]],
    ['+2R and +0.5R', [2, 0.5], false, [0, 2], [0, 0.5, 1, 1.5, 2]],
    // 2.3 / 4 = 0.575 a step: the next round step is 1, and the axis ends at 3.
    ['+2.3R: up to the next round tick', [2.3], false, [0, 3], [0, 1, 2, 3]],
    // 1.33 / 4 = 0.33 a step: 0.5.
    ['a loss and a gain', [-0.43, 0.9], false, [-0.5, 1], [-0.5, 0, 0.5, 1]],
    ['counts: whole steps', [1, 2], true, [0, 2], [0, 1, 2]],
    ['counts: 19 trades', [19, 3], true, [0, 20], [0, 5, 10, 15, 20]],
    ['nothing', [0], true, [0, 1], [0, 1]],
  ])('%s', (_scenario, values, whole, range, ticks) => {
    const axis = niceAxis(values, whole);
    expect(axis.range).toEqual(range);
    expect(axis.ticks).toEqual(ticks);
    expect(Math.max(...values)).toBeLessThanOrEqual(axis.ticks[axis.ticks.length - 1]!);
  });
});

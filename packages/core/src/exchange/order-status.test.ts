import { describe, expect, it } from 'vitest';
import { orderStatusClass } from './order-status.js';

describe('orderStatusClass', () => {
  it.each([
    ['filled', 'filled'],
    ['closed', 'filled'],
    ['canceled', 'canceled'],
    ['Cancelled', 'canceled'],
    ['open', 'open'],
    [' rejected ', 'rejected'],
    ['triggered', 'other'],
  ])('%s → %s', (status, expected) => {
    expect(orderStatusClass(status)).toBe(expected);
  });
});

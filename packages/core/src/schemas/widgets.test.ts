import { describe, expect, it } from 'vitest';
import {
  WidgetLayoutItemSchema,
  WidgetLayoutRequestSchema,
  WidgetLayoutResponseSchema,
} from './widgets.js';

const item = {
  i: 'chart',
  x: 6,
  y: 0,
  w: 6,
  h: 15,
  props: { symbol: 'BTCUSD', exchange: 'COINBASE' },
  widgetType: 'chart',
};

describe('widget layout', () => {
  it('accepts every field of SPEC.md and strips unknown ones', () => {
    const full = {
      ...item,
      minW: 6,
      minH: 15,
      maxW: 12,
      maxH: 15,
      title: 'Trading Chart',
      workflowNumber: null,
      moved: false,
      static: false,
      isDraggable: true,
      isResizable: true,
      navigation: false,
      junk: 1,
    };
    const { junk: _junk, ...expected } = full;
    expect(WidgetLayoutItemSchema.parse(full)).toEqual(expected);
  });

  it.each([
    ['a width above 12', { ...item, w: 13 }, 'Widget width must be at most 12'],
    ['a fractional x', { ...item, x: 1.5 }, 'Widget x must be a whole number'],
    [
      'an unknown type',
      { ...item, widgetType: 'calendar' },
      'Widget type must be one of bingo, risk-reward, trade-details, trade-idea, chart, chat',
    ],
    [
      'an id with spaces',
      { ...item, i: 'my chart' },
      'Widget id may contain only letters, digits, - and _',
    ],
    [
      'an object prop',
      { ...item, props: { a: {} } },
      'Widget props must be text, numbers, true/false or null',
    ],
    [
      'a NUL byte in a prop',
      { ...item, props: { symbol: 'BTC\u0000' } },
      'Widget prop contains characters that are not allowed.',
    ],
    [
      'a lone surrogate in a prop name',
      { ...item, props: { ['sym\uD800']: 'BTC' } },
      'Widget prop name contains characters that are not allowed.',
    ],
    [
      'a long prop name',
      { ...item, props: { ['p'.repeat(51)]: 1 } },
      'Widget prop names must be at most 50 characters',
    ],
    [
      'a NUL byte in the title',
      { ...item, title: 'Chart\u0000' },
      'Widget title contains characters that are not allowed.',
    ],
  ])('refuses %s', (_scenario, input, message) => {
    expect(WidgetLayoutItemSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it('refuses duplicate ids and more than 50 widgets', () => {
    expect(
      WidgetLayoutRequestSchema.safeParse({ layout: [item, item] }).error?.issues[0]?.message,
    ).toBe('Widget ids must be unique');
    const many = Array.from({ length: 51 }, (_, n) => ({ ...item, i: `w${n}` }));
    expect(WidgetLayoutRequestSchema.safeParse({ layout: many }).error?.issues[0]?.message).toBe(
      'A layout has at most 50 widgets',
    );
  });

  it('refuses more than 20 props', () => {
    const props = Object.fromEntries(Array.from({ length: 21 }, (_, n) => [`p${n}`, n]));
    expect(WidgetLayoutItemSchema.safeParse({ ...item, props }).error?.issues[0]?.message).toBe(
      'A widget has at most 20 props',
    );
  });
});

describe('widget-layout body and answer', () => {
  it('takes the old { layout } body, { layouts } per breakpoint, and refuses neither', () => {
    expect(WidgetLayoutRequestSchema.safeParse({ layout: [item] }).success).toBe(true);
    expect(
      WidgetLayoutRequestSchema.safeParse({ layouts: { desktop: [item], mobile: [] } }).success,
    ).toBe(true);
    expect(WidgetLayoutRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Send layout or layouts',
    );
  });

  it('answers both layouts and the desktop one as layout', () => {
    const answer = { layout: [item], layouts: { desktop: [item], mobile: [] } };
    expect(WidgetLayoutResponseSchema.parse(answer)).toEqual(answer);
    expect(WidgetLayoutResponseSchema.safeParse({ layout: [item] }).success).toBe(false);
  });
});

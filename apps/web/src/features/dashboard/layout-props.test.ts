import { addWidget, defaultLayoutFor } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { carriedChoices, withProps } from './layout-props';

describe('withProps: a widget choice for every screen size', () => {
  const desktop = addWidget(defaultLayoutFor('desktop'), 'chart', { lastSymbol: 'ETHUSD' }).layout;
  const mobile = defaultLayoutFor('mobile');

  it('sets the prop on the chart of each layout that has one, keeping its other props', () => {
    const changed = withProps({ desktop, mobile }, 'chart', { view: 'builtIn' });
    // The phone layout has no chart: left alone, not sent.
    expect(Object.keys(changed)).toEqual(['desktop']);
    const chart = changed.desktop?.find((item) => item.i === 'chart');
    expect(chart?.props).toEqual({ symbol: 'ETHUSD', exchange: 'COINBASE', view: 'builtIn' });
    expect(changed.desktop?.filter((item) => item.i !== 'chart')).toEqual(
      desktop.filter((item) => item.i !== 'chart'),
    );
  });

  it('reaches both layouts when both have the chart', () => {
    const phone = addWidget(mobile, 'chart', { columns: 4 }).layout;
    const changed = withProps({ desktop, mobile: phone }, 'chart', { view: 'builtIn' });
    expect(Object.keys(changed).sort()).toEqual(['desktop', 'mobile']);
    expect(changed.mobile?.find((item) => item.i === 'chart')?.props?.view).toBe('builtIn');
  });
});

describe('carriedChoices: a chart closed and opened again keeps the chosen chart', () => {
  const desktop = defaultLayoutFor('desktop');
  const mobile = defaultLayoutFor('mobile');

  it('takes the view of the chart on the other breakpoint first', () => {
    const phone = withProps(
      { desktop, mobile: addWidget(mobile, 'chart', { columns: 4 }).layout },
      'chart',
      { view: 'builtIn' },
    ).mobile!;
    expect(carriedChoices({ desktop, mobile: phone }, 'chart', { view: 'tradingview' })).toEqual({
      view: 'builtIn',
    });
  });

  it('else the view last chosen in this browser, else nothing', () => {
    expect(carriedChoices({ desktop, mobile }, 'chart', { view: 'builtIn' })).toEqual({
      view: 'builtIn',
    });
    expect(carriedChoices({ desktop, mobile }, 'chart')).toEqual({});
  });
});

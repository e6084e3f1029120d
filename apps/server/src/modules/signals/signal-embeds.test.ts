import { marketPriceText, type OpenOrder, type Position } from '@tb/core';
import { describe, expect, it } from 'vitest';
import {
  monospaceTable,
  orderCancelledEmbed,
  orderPlacedEmbed,
  ordersTableEmbed,
  positionsTableEmbed,
  SIGNAL_COLORS,
  signalMessage,
} from './signal-embeds.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const position: Position = {
  symbol: 'BTC-USD',
  side: 'long',
  size: 0.01,
  entryPrice: 64000,
  markPrice: 65000.5,
  unrealizedPnl: 10.005,
  pnlPercentage: 31.26,
  liquidationPrice: 40000,
  margin: 32,
  leverage: 20,
  leverageType: 'cross',
};
const order: OpenOrder = {
  id: '7',
  timestamp: 1,
  orderType: 'limit',
  symbol: 'ETH-USD',
  assetId: 1,
  side: 'sell',
  size: 0.5,
  filled: 0,
  value: 1700,
  price: 3400,
  reduceOnly: true,
  status: 'open',
};

describe('monospaceTable', () => {
  it('pads columns: the first left aligned, the others right aligned', () => {
    expect(
      monospaceTable(
        ['Sym', 'Size'],
        [
          ['BTC', '1'],
          ['ETHER', '0.25'],
        ],
      ),
    ).toBe('```\nSym    Size\nBTC       1\nETHER  0.25\n```');
  });

  it('shows 25 rows and counts the rest', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`R${i}`]);
    const table = monospaceTable(['Row'], rows);
    expect(table).toContain('R24');
    expect(table).not.toContain('R25');
    expect(table.endsWith('… and 5 more')).toBe(true);
  });
});

describe('table embeds', () => {
  it('lists positions with side, prices and signed P/L', () => {
    const embed = positionsTableEmbed([position], NOW);
    expect(embed).toMatchObject({ title: '📊 Open positions', color: SIGNAL_COLORS.table });
    expect(embed.timestamp).toBe(NOW.toISOString());
    expect(embed.description).toContain('BTC-USD');
    expect(embed.description).toContain('LONG');
    expect(embed.description).toContain('+$10.01');
    expect(embed.description).toContain('+31.26%');
    expect(embed.description).toMatch(/0.0100\s+64,000\s+65,000.5\s/);
  });

  it("shows an averaged price at its market's szDecimals when the markets are known", () => {
    const price = marketPriceText([{ base: 'ETH', sizeDecimals: 4 }]);
    const eth = { ...position, symbol: 'ETH-USD', entryPrice: 4409.71234, markPrice: 4470.3 };
    expect(positionsTableEmbed([eth], NOW, price).description).toMatch(/\s4,409.7\s+4,470.3\s/);
    expect(positionsTableEmbed([eth], NOW).description).toMatch(/\s4,409.71234\s/);
    const filled = orderPlacedEmbed(
      {
        symbol: 'ETH-USD',
        side: 'buy',
        size: 1,
        price: null,
        orderType: 'market',
        reduceOnly: false,
      },
      { id: '9', status: 'filled', filled: 1, averagePrice: 4409.71234 },
      NOW,
      price,
    );
    expect(filled.fields).toContainEqual({ name: 'Avg price', value: '4,409.7', inline: true });
  });

  it('shows prices at the market precision, not rounded to the display decimals', () => {
    const doge = { ...order, symbol: 'DOGE-USD', size: 5000, price: 0.1932 };
    const eth = { ...position, symbol: 'ETH-USD', entryPrice: 4409.7, markPrice: 195 };
    expect(ordersTableEmbed([doge], NOW).description).toMatch(/5000\s+0.1932\s/);
    expect(positionsTableEmbed([eth], NOW).description).toMatch(/\s4,409.7\s+195\s/);
  });

  it.each([
    ['positions', positionsTableEmbed([], NOW), 'No open positions'],
    ['orders', ordersTableEmbed([], NOW), 'No open orders'],
  ])('sends an empty %s table', (_kind, embed, text) => {
    expect(embed.description).toBe(text);
  });

  it('lists open orders with reduce-only marked', () => {
    const embed = ordersTableEmbed([order], NOW);
    expect(embed.title).toBe('📋 Open orders');
    expect(embed.description).toMatch(/ETH-USD\s+SELL\s+limit\s+0.50\s+3,400\s+yes/);
  });
});

describe('order embeds', () => {
  const request = {
    symbol: 'BTC-USD',
    side: 'buy' as const,
    size: 0.01,
    price: null,
    orderType: 'market' as const,
    reduceOnly: false,
  };

  it('reports a filled market buy in green with its average price', () => {
    const embed = orderPlacedEmbed(
      request,
      { id: '9', status: 'filled', filled: 0.01, averagePrice: 65010 },
      NOW,
    );
    expect(embed.title).toBe('🟢 Order placed: BUY BTC-USD');
    expect(embed.color).toBe(SIGNAL_COLORS.buy);
    expect(embed.fields).toContainEqual({ name: 'Avg price', value: '65,010', inline: true });
    expect(embed.fields).toContainEqual({ name: 'Status', value: 'filled 0.0100', inline: true });
  });

  it('reports a resting reduce-only sell in red', () => {
    const embed = orderPlacedEmbed(
      { ...request, side: 'sell', price: 70000, orderType: 'limit', reduceOnly: true },
      { id: '9', status: 'resting', filled: 0, averagePrice: null },
      NOW,
    );
    expect(embed.color).toBe(SIGNAL_COLORS.sell);
    expect(embed.fields).toContainEqual({ name: 'Price', value: '70,000', inline: true });
    expect(embed.fields).toContainEqual({ name: 'Reduce only', value: 'yes', inline: true });
  });

  it('reports a cancel with or without its symbol', () => {
    expect(orderCancelledEmbed({ orderId: 5, symbol: 'BTC' }, NOW).title).toBe(
      '⚪ Order cancelled: BTC',
    );
    expect(orderCancelledEmbed({ orderId: 5, symbol: null }, NOW).fields).toEqual([
      { name: 'Order', value: '#5', inline: true },
    ]);
  });

  it('sends at most 10 embeds in one message', () => {
    const embeds = Array.from({ length: 12 }, () => positionsTableEmbed([], NOW));
    expect(signalMessage(embeds).embeds).toHaveLength(10);
  });
});
